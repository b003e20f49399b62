/**
 * Entry point: `node dist/http/server/main.js [--worker-only]`. Starts the service on its embedded
 * default (or on the servers named by NATS_URL, REDIS_URL, DATABASE_URL, TEMPORAL_ADDRESS) and
 * shuts down gracefully on SIGINT/SIGTERM, within SHUTDOWN_TIMEOUT_MS.
 */
import { loadConfig } from '../../runtime/config.js';
import { createLogger } from '../../runtime/logger.js';
import { startService } from './start-service.js';

const config = loadConfig();
const log = createLogger(config.logLevel);

process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));

try {
  const service = await startService(config, log);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 15_000);
    timer.unref();
    service.close().then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (err) {
  log.fatal({ err }, 'the service could not start');
  process.exit(1);
}
