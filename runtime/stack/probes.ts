/** Readiness probes for the embedded servers: each answers true once the server serves. */
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
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

/**
 * Sends one STUN Binding request (RFC 5389) over UDP and waits for its success response: a STUN or
 * TURN server that answers it serves. Binding needs no credentials.
 */
export function stunAnswersBinding(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  const request = Buffer.alloc(20);
  request.writeUInt16BE(0x0001, 0); // Binding request, no attributes
  request.writeUInt32BE(0x2112a442, 4); // magic cookie
  const transactionId = randomBytes(12);
  transactionId.copy(request, 8);
  return new Promise((resolve) => {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    const timer = setTimeout(() => done(false), timeoutMs);
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      resolve(ok);
    };
    socket.on('error', () => done(false));
    socket.on('message', (reply) => {
      if (reply.length >= 20 && reply.readUInt16BE(0) === 0x0101 && reply.subarray(8, 20).equals(transactionId)) done(true);
    });
    socket.send(request, port, host);
  });
}
