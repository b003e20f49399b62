/**
 * The process-wide pino logger. Credentials never reach a log line: the redaction list below
 * covers the Authorization header and every field that carries a secret in our API.
 */
import { pino, type Logger } from 'pino';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.secret',
  '*.password',
  '*.token',
  '*.clientToken',
  '*.signingSecret',
];

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

export type { Logger };
