/**
 * What may stand for one token of a NATS subject or one key of a JetStream key-value bucket. The
 * server reads a space or a newline in a subject as the end of a protocol field (and drops the
 * connection for the malformed command, for every caller sharing it); `*` and `>` are wildcards,
 * `.` separates tokens; the key-value store refuses all of them. Ids are base62 with a prefix
 * (runtime/ids.ts), so this is the whole alphabet a token needs.
 */
const TOKEN = /^[0-9A-Za-z_-]{1,128}$/;

export function isSubjectToken(value: string): boolean {
  return TOKEN.test(value);
}

/** A value that cannot name a subject token; its text is never sent to NATS. */
export class InvalidSubjectToken extends TypeError {
  constructor(what: string) {
    super(`${what} is not a valid subject token`);
  }
}

/** `value` when it is a single subject token; throws InvalidSubjectToken otherwise. */
export function subjectToken(value: string, what = 'an id'): string {
  if (!isSubjectToken(value)) throw new InvalidSubjectToken(what);
  return value;
}
