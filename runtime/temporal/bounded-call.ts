/**
 * A Temporal client call that takes no longer than its deadline. The gRPC deadline alone is not
 * enough: with the server down, the client's own retries outlast it (1.0–2.0 s measured against a
 * 1 s deadline), so a timer bounds the wait too. A call that completes after the timer still takes
 * effect (a workflow started late is started); its outcome is simply no longer awaited.
 */
import type { Client } from '@temporalio/client';

export async function withinDeadline<T>(temporal: Client, timeoutMs: number, call: () => Promise<T>): Promise<T> {
  const calling = temporal.connection.withDeadline(Date.now() + timeoutMs, call);
  calling.catch(() => undefined); // a late failure, after the timer answered, is not unhandled
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Temporal did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([calling, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
