/**
 * Prometheus metrics. Collected here, served by runtime/metrics-server.ts on an internal
 * listener (METRICS_PORT), so that the public surface keeps /health as its only route outside
 * /api/v1 and metrics are not exposed to API callers.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

export default fp(
  async function metrics(app: FastifyInstance, opts: { registry: Registry }) {
    const requests = new Counter({
      name: 'companion_http_requests_total',
      help: 'HTTP requests by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [opts.registry],
    });
    const duration = new Histogram({
      name: 'companion_http_request_duration_seconds',
      help: 'HTTP request duration by method and route template',
      labelNames: ['method', 'route'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [opts.registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status: reply.statusCode });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      done();
    });
  },
  { name: 'metrics' },
);
