/**
 * Prometheus metrics. Collected here, served by runtime/metrics-server.ts on an internal
 * listener (METRICS_PORT), so that the public surface keeps /health as its only route outside
 * /api/v1 and metrics are not exposed to API callers.
 *
 * The two request metrics are counted in plain maps and arrays and handed to the registry as
 * prom-client's values only when scraped: prom-client's `inc` and `observe` build, check and hash
 * a labels object on every call, 1.5 µs per request for the pair.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Metric, Registry } from 'prom-client';

const BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The requests of one method on one route template. */
interface RouteCounts {
  byStatus: Map<number, number>;
  /** Requests per bucket (not cumulative); the last one is above every bound (+Inf). */
  buckets: number[];
  sumS: number;
  count: number;
}

type Sample = { labels: Record<string, string | number>; value: number; metricName?: string };

/** Request counts and durations by method, route template (and status), in prom-client's metric shape. */
export class RequestMetrics {
  private readonly routes = new Map<string, Map<string, RouteCounts>>();

  record(method: string, route: string, status: number, seconds: number): void {
    let methods = this.routes.get(route);
    if (!methods) this.routes.set(route, (methods = new Map()));
    let counts = methods.get(method);
    if (!counts)
      methods.set(method, (counts = { byStatus: new Map(), buckets: new Array<number>(BUCKETS_S.length + 1).fill(0), sumS: 0, count: 0 }));
    counts.byStatus.set(status, (counts.byStatus.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < BUCKETS_S.length && seconds > BUCKETS_S[bucket]!) bucket++;
    counts.buckets[bucket]!++;
    counts.sumS += seconds;
    counts.count++;
  }

  private *each(): Generator<[string, string, RouteCounts]> {
    for (const [route, methods] of this.routes) for (const [method, counts] of methods) yield [method, route, counts];
  }

  /** `companion_http_requests_total`, a counter for the registry. */
  requestsTotal() {
    const name = 'companion_http_requests_total';
    const help = 'HTTP requests by method, route template and status';
    return this.metric(name, help, 'counter', () => {
      const values: Sample[] = [];
      for (const [method, route, counts] of this.each())
        for (const [status, value] of counts.byStatus) values.push({ labels: { method, route, status }, value });
      return values;
    });
  }

  /** `companion_http_request_duration_seconds`, a histogram for the registry. */
  requestDuration() {
    const name = 'companion_http_request_duration_seconds';
    const help = 'HTTP request duration by method and route template';
    return this.metric(name, help, 'histogram', () => {
      const values: Sample[] = [];
      for (const [method, route, counts] of this.each()) {
        let cumulative = 0;
        counts.buckets.forEach((n, i) => {
          cumulative += n;
          values.push({ labels: { le: BUCKETS_S[i] ?? '+Inf', method, route }, value: cumulative, metricName: `${name}_bucket` });
        });
        values.push({ labels: { method, route }, value: counts.sumS, metricName: `${name}_sum` });
        values.push({ labels: { method, route }, value: counts.count, metricName: `${name}_count` });
      }
      return values;
    });
  }

  /** What a registry asks of a metric: its description, its current values, and a reset. */
  private metric(name: string, help: string, type: 'counter' | 'histogram', values: () => Sample[]): Metric {
    // The registry may rename a counter (OpenMetrics drops `_total`): `get` reads the name back.
    const metric = { name, help, type, aggregator: 'sum', get: () => ({ ...metric, values: values() }), reset: () => this.routes.clear() };
    return metric as unknown as Metric;
  }
}

export default fp(
  async function metrics(app: FastifyInstance, opts: { registry: Registry }) {
    const recorded = new RequestMetrics();
    opts.registry.registerMetric(recorded.requestsTotal());
    opts.registry.registerMetric(recorded.requestDuration());
    app.addHook('onResponse', (request, reply, done) => {
      recorded.record(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  },
  { name: 'metrics' },
);
