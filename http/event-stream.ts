/**
 * Server-sent events for a streamed answer (POST /avatars/:id/chat with Accept: text/event-stream).
 * The response starts (200) only once the first event exists, so a failure before it is answered
 * with its own status and envelope like any other call; a failure after it ends the stream with an
 * `error` event in the envelope's shape. A client that goes away only stops the writes.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const EVENT_STREAM = 'text/event-stream';

/** Whether the caller asked for server-sent events (and not JSON first). */
export function wantsEventStream(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.split(',').some((part) => part.trim().split(';')[0]?.trim().toLowerCase() === EVENT_STREAM);
}

export interface EventStream {
  /** Sends one event (JSON data); ignored once the client has gone or the stream has ended. */
  send(event: string, data: unknown): void;
  end(): void;
}

/**
 * Runs `produce` and streams what it sends: the reply (200, text/event-stream) is sent when the
 * first event is, or `produce`'s own result or failure decides the answer if it ends before any.
 * `produce` resolves with the final event's data; `onError` turns a failure after the first event
 * into the data of an `error` event.
 */
export async function streamEvents(
  reply: FastifyReply,
  produce: (stream: EventStream) => Promise<{ event: string; data: unknown }>,
  onError: (err: unknown) => unknown,
): Promise<FastifyReply> {
  const body = new PassThrough();
  let started: (() => void) | undefined;
  const firstEvent = new Promise<void>((resolve) => (started = resolve));
  let ended = false;
  const write = (event: string, data: unknown) => {
    if (ended || body.destroyed) return;
    body.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const stream: EventStream = {
    send(event, data) {
      write(event, data);
      started?.();
    },
    end() {
      ended = true;
      body.end();
    },
  };
  const outcome = produce(stream).then(
    (final) => ({ final }),
    (err: unknown) => ({ err }),
  );
  const first = await Promise.race([firstEvent.then(() => undefined), outcome]);
  if (first && 'err' in first) {
    body.destroy();
    throw first.err; // nothing sent yet: the error handler answers with its status
  }
  void outcome.then((result) => {
    if ('err' in result) write('error', onError(result.err));
    else write(result.final.event, result.final.data);
    stream.end();
  });
  return reply
    .code(200)
    .header('content-type', `${EVENT_STREAM}; charset=utf-8`)
    .header('cache-control', 'no-cache')
    .header('x-accel-buffering', 'no')
    .send(body);
}
