/**
 * One schema per kind of id, for every place an id arrives (path, query or body). Each carries its
 * grammar (`pattern`, so the OpenAPI document shows it and the fuzzer draws from it) and names what
 * it identifies (`x-id-of`): a value that breaks the grammar is then answered exactly like a
 * well-formed id of nothing, 404 "no <what> with id …" (http/plugins/error-handler.ts), before any
 * lookup. Nothing a caller types reaches PostgreSQL, a NATS subject or a key-value key unless it
 * is a well-formed id.
 */
import { Type, type TString } from '@sinclair/typebox';
import { idPattern, ID_BODY_PATTERN, type IdPrefix } from '../../runtime/ids.js';

/** The schema annotation read by the error handler: what a malformed id of this schema names. */
export const ID_OF = 'x-id-of';

function idOf(what: string, prefixes: IdPrefix[], description: string) {
  const example = `${prefixes[0]}_8Hq2LmV0xY4nTb6R0aZc`;
  return (override?: string) =>
    // minLength first: an empty id is a 400 like any missing value (docs/API-CONVENTIONS.md), not a 404.
    Type.String({
      minLength: 1,
      pattern: idPattern(...prefixes),
      description: override ?? description,
      examples: [example],
      [ID_OF]: what,
    });
}

export const SessionId = idOf('session', ['ses'], 'A live session (ses_…)');
export const CharacterId = idOf('character', ['chr'], 'A character (chr_…)');
export const KeyId = idOf('key', ['key'], 'An API key (key_…)');
export const WebhookId = idOf('webhook', ['whk'], 'A webhook endpoint (whk_…)');
export const OrganizationId = idOf('organization', ['org'], 'An organisation (org_…)');
export const UserId = idOf('user', ['usr'], 'A user (usr_…)');
/** A session token (st_, `tok_…`) or a viewer token (vt_, `vtk_…`), by its id. */
export const TokenId = idOf('token', ['tok', 'vtk'], 'A session or viewer token, by its id (tok_… or vtk_…)');

/** The cursor of a list: the id of the last item of the previous page (any kind: the route knows which). */
export const CursorId = () =>
  Type.String({
    minLength: 1,
    pattern: `^[a-z]{3}_${ID_BODY_PATTERN}$`,
    description: 'Id of the last item of the previous page',
    [ID_OF]: 'item',
  });

/** Path parameters of a route on one record: `{ id }` of the given kind. */
export const paramsOf = (id: TString) => Type.Object({ id });

export const SessionParams = paramsOf(SessionId());
export const CharacterParams = paramsOf(CharacterId());
export const KeyParams = paramsOf(KeyId());
export const WebhookParams = paramsOf(WebhookId());
export const TokenParams = paramsOf(TokenId());
