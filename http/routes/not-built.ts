/**
 * Routes of the spec whose capability is not built yet. They authenticate and check scopes like
 * any route (so a client sees the real 401/403 now), then answer 501 in the envelope. Each entry
 * leaves this table when its feature lands.
 */
import type { FastifyPluginAsync } from 'fastify';
import { NotConnected } from '../errors.js';
import { AUTHED_ERRORS, errors } from '../schemas/common.js';
import type { RouteAuth } from '../types.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export const NOT_BUILT: Array<{ method: Method; url: string; auth: RouteAuth; capability: string; publicPerMinute?: number }> = [];

const notBuiltRoutes: FastifyPluginAsync = async (app) => {
  for (const route of NOT_BUILT) {
    const statuses = route.auth === 'public' ? [429, 501] : [501, ...AUTHED_ERRORS];
    app.route({
      method: route.method,
      url: route.url,
      config: { auth: route.auth, ...(route.publicPerMinute ? { publicPerMinute: route.publicPerMinute } : {}) },
      schema: { summary: `Not built yet: ${route.capability} (501)`, tags: ['not built yet'], response: errors(...statuses) },
      handler: async () => {
        throw new NotConnected(route.capability);
      },
    });
  }
};

export default notBuiltRoutes;
