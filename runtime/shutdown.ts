/**
 * Shutdown hooks: each part of the service that opens something returns how to close it, and the
 * composition root runs them in reverse order of opening (last opened, first closed), logging a
 * failure and going on, so one stuck part never keeps the others open.
 */
import type { Logger } from 'pino';

export type ShutdownHook = readonly [part: string, close: () => Promise<unknown>];

/** Runs `hooks` last first and empties the list (a second call does nothing). */
export async function runShutdownHooks(hooks: ShutdownHook[], log: Logger): Promise<void> {
  for (const [part, close] of hooks.splice(0).reverse()) {
    try {
      await close();
    } catch (err) {
      log.error({ err, part }, 'error while shutting down');
    }
  }
}

/**
 * Builds a part with its own hooks: if `build` throws, what it had opened is closed before the
 * error goes on, so a failed start leaves nothing running.
 */
export async function withShutdownHooks<T>(
  log: Logger,
  build: (hooks: ShutdownHook[]) => Promise<T>,
): Promise<T & { shutdown: ShutdownHook[] }> {
  const hooks: ShutdownHook[] = [];
  try {
    return { ...(await build(hooks)), shutdown: hooks };
  } catch (err) {
    await runShutdownHooks(hooks, log);
    throw err;
  }
}
