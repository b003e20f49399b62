/** A whole service node in a child process (node dist/http/server/main.js), for multi-node tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../runtime/paths.js';

export class NodeProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {}

  // Generous: a node starts in 3–5 s, but on 2 busy cores one once took over 30 s.
  static async start(env: Record<string, string>, timeoutMs = 60_000): Promise<NodeProcess> {
    const child = spawn(process.execPath, [path.join(projectRoot, 'dist/http/server/main.js')], {
      env: { ...process.env, PORT: '0', METRICS_PORT: '-1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`node did not start:\n${out.slice(-2000)}`)), timeoutMs);
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const started = /"url":"(http:[^"]+)".*"msg":"companion service started"/.exec(out);
        if (started) {
          clearTimeout(timer);
          resolve(started[1]!);
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`node exited with ${code}:\n${out.slice(-2000)}`));
      });
    });
    child.stdout!.resume();
    return new NodeProcess(child, url);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields freely
  async fetch(method: string, route: string, key: string | undefined, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(`${this.url}${route}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: await res.json() };
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill(signal);
    });
  }
}
