/**
 * TURN credentials for one viewer, in the TURN REST API's form that coturn checks with
 * `--use-auth-secret`: the username is `<expiry, Unix seconds>:<viewerId>` and the credential is
 * base64(HMAC-SHA1(secret, username)). Nothing is stored: the TURN server derives the same
 * credential from the shared secret and refuses a username whose expiry has passed. They are
 * minted on the node hosting the room, for its own TURN server, when a viewer joins.
 *
 * The expiry bounds when an allocation can be made: one made in time is refreshed on its own
 * key for as long as the viewer watches, so a short lifetime does not cut a viewing short.
 */
import { createHmac } from 'node:crypto';
import type { TurnAccess } from '../../runtime/stack/turn-server.js';
import type { IceServer } from './signaling.js';

export function turnCredentials(
  access: Pick<TurnAccess, 'urls' | 'secret'>,
  viewerId: string,
  ttlS: number,
  nowMs = Date.now(),
): IceServer {
  const username = `${Math.floor(nowMs / 1000) + ttlS}:${viewerId}`;
  const credential = createHmac('sha1', access.secret).update(username).digest('base64');
  return { urls: access.urls, username, credential };
}
