/**
 * A server that must not run as root (PostgreSQL refuses to) runs as its own user when the service
 * is root. It is spawned with that user's uid and gid, not through a wrapper such as runuser: the
 * pid the supervisor records, signals and waits for is then the server's own, and a wrapper that
 * dies can never leave the real server running unsupervised.
 */
import { execFileSync } from 'node:child_process';

export interface UserIds {
  uid: number;
  gid: number;
}

const known = new Map<string, UserIds>();

/** The ids to spawn `user`'s processes with (child_process options), or undefined when the service is not root. */
export function runAs(user: string | undefined): UserIds | undefined {
  if (!user || process.getuid?.() !== 0) return undefined;
  let ids = known.get(user);
  if (!ids) {
    const id = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
    ids = { uid: id('-u'), gid: id('-g') };
    known.set(user, ids);
  }
  return ids;
}
