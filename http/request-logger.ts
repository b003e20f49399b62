/**
 * Fastify's per-request child logger, made cheaper than its default. pino runs every binding
 * through the redaction of the wildcard paths of runtime/logger.ts: about 2 KB of garbage per
 * request for the request id alone. A request id is generated, or an X-Request-Id checked against
 * [A-Za-z0-9._:-] (http/app.ts), so nothing in it can need redacting: it is appended to the child's
 * serialised bindings as pino would write them. Children with options (a route's log level) are
 * made the usual way.
 */
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';

type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

export function requestChildLoggerFactory(): (
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  opts: ChildLoggerOptions,
) => FastifyBaseLogger {
  const bases = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();
  return (logger, bindings, opts) => {
    if (Object.keys(opts).length > 0) return logger.child(bindings, opts);
    // A child of a child: its bindings formatter is already pino's default, which the next child
    // would otherwise rebuild.
    let base = bases.get(logger);
    if (!base) {
      base = logger.child({});
      bases.set(logger, base);
    }
    const child = base.child({}) as FastifyBaseLogger & Record<symbol, string>;
    for (const [key, value] of Object.entries(bindings))
      child[pino.symbols.chindingsSym] += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
    return child;
  };
}
