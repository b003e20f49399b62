/** Records each credentialed call (key, route template, method, status, latency) after the
 * response is sent; the recorder batches the writes off the request path. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

export default fp(
  async function usage(app: FastifyInstance) {
    const recorder = app.services.usage;
    app.addHook('onResponse', (request, reply, done) => {
      const principal = request.principal;
      if (!principal) return done();
      recorder.record({
        keyId: principal.keyId,
        userId: principal.userId,
        organizationId: principal.organizationId,
        mode: principal.mode,
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        status: reply.statusCode,
        latencyMs: Math.round(reply.elapsedTime * 100) / 100,
        at: Date.now(),
      });
      done();
    });
  },
  { name: 'usage', dependencies: ['services', 'access'] },
);
