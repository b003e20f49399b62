/** An enterprise account's API caller for the in-process benchmarks: JSON in, the envelope's data out. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RunningService } from '../../http/server/start-service.js';
import { createUser } from '../../runtime/accounts/users.js';
import { SCOPES } from '../../runtime/accounts/scopes.js';

export type Caller = (method: string, route: string, body?: unknown) => Promise<Record<string, unknown> & { id: string }>;

export async function benchCaller(service: RunningService): Promise<Caller> {
  const em = service.services.orm.em.fork() as EntityManager;
  const user = await createUser(em, { email: `bench-${Date.now()}@example.test`, name: 'bench', plan: 'enterprise' });
  const { secret: key } = await service.services.credentials.issueKey(em, { userId: user.id, name: 'bench', mode: 'live', scopes: SCOPES });
  return async (method, route, body) => {
    const res = await fetch(`${service.url}${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as { data: Record<string, unknown> & { id: string } };
    if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${JSON.stringify(json)}`);
    return json.data;
  };
}
