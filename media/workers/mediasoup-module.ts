/**
 * Loads the `mediasoup` package once. mediasoup reads MEDIASOUP_WORKER_BIN when its module is
 * first evaluated, so the configured binary is put in place before the (dynamic) import; nothing
 * else imports mediasoup's runtime code.
 */
import type * as Mediasoup from 'mediasoup';

let loaded: Promise<typeof Mediasoup> | undefined;

export function loadMediasoup(workerBin: string | undefined): Promise<typeof Mediasoup> {
  if (workerBin) process.env.MEDIASOUP_WORKER_BIN = workerBin;
  loaded ??= import('mediasoup');
  return loaded;
}
