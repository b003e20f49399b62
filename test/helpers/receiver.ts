/** A real HTTP receiver for webhook tests: records every request; can fail or go away. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  at: number;
}

export class Receiver {
  readonly received: Received[] = [];
  /** Status to answer; a function gets the 1-based number of the request. */
  respond: (n: number) => number = () => 200;
  private server: http.Server | undefined;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        res.writeHead(this.respond(this.received.length)).end('ok');
      });
    });
    // A port that cannot be had fails the test that asked for it (its hooks still run), not the process.
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => {
        this.server!.off('error', reject);
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  /** Waits until `predicate` holds for what was received, or fails after `timeoutMs`. */
  async waitFor(predicate: (received: Received[]) => boolean, timeoutMs = 30_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (predicate(this.received)) return this.received;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`receiver: condition not met within ${timeoutMs} ms; got ${this.received.length} requests`);
  }
}
