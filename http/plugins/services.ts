/** Hands the service's long-lived parts to routes (`fastify.services`) and forks a MikroORM
 * entity manager per request on first use (`request.em`). */
import fp from 'fastify-plugin';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.js';
import type { SessionClient } from '../../actors/session/session-client.js';
import { NotConnected } from '../errors.js';

/** The live-session client, or 501 on a node that does not serve sessions (COMPANION_ROLE=worker). */
export function sessionsOf(app: FastifyInstance): SessionClient {
  if (!app.services.sessions) throw new NotConnected('live sessions on this node (COMPANION_ROLE=worker)');
  return app.services.sessions;
}

const forkedEm = Symbol('em');

export default fp(
  async function services(app: FastifyInstance, opts: { services: Services }) {
    app.decorate('services', opts.services);
    app.decorateRequest(forkedEm, null);
    app.decorateRequest('em', {
      getter(this: FastifyRequest) {
        const request = this as FastifyRequest & { [forkedEm]: EntityManager | null };
        request[forkedEm] ??= opts.services.orm.em.fork() as EntityManager;
        return request[forkedEm];
      },
    });
  },
  { name: 'services' },
);
