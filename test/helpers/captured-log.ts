/** A pino logger whose lines a test reads back: `lines` holds every line written, parsed. */
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

export type LogLine = { level: number; msg: string; [k: string]: unknown };

export function capturedLog(): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    }),
  );
  return { log, lines };
}
