/** Readiness probes for the embedded servers: each answers true once the server serves. */
import net from 'node:net';

/** Sends one RESP `PING` and waits for `+PONG`. */
export function redisAnswersPing(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** Asks a NATS monitoring endpoint whether the server and its JetStream are healthy. */
export async function natsIsHealthy(monitorPort: number, host = '127.0.0.1'): Promise<boolean> {
  const res = await fetch(`http://${host}:${monitorPort}/healthz?js-enabled-only=true`, {
    signal: AbortSignal.timeout(1000),
  });
  return res.ok;
}
