/**
 * One server process of the embedded stack (nats-server, redis-server, postgres, temporal).
 *
 * Owns the child process, its log file under `<dataDir>/logs` and its pid file under
 * `<dataDir>/run`. Children run in their own process group so that a Ctrl-C in the terminal
 * reaches only the service, which then drains and stops them in order. A pid file left by a
 * process that was killed hard is used to stop the orphan before starting again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  /** Run as this user (via runuser) when the service runs as root. */
  runAsUser?: string | undefined;
  env?: Record<string, string>;
  /** Resolves once the server answers; called repeatedly until it does. */
  ready: () => Promise<boolean>;
  readyTimeoutMs?: number;
  /** Signal that makes the server shut down cleanly. */
  stopSignal?: NodeJS.Signals;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

export class ManagedProcess {
  private child: ChildProcess | undefined;
  private exited = false;
  private readonly pidFile: string;
  private readonly logFile: string;

  constructor(
    private readonly spec: ProcessSpec,
    dataDir: string,
    private readonly log: Logger,
  ) {
    this.pidFile = path.join(dataDir, 'run', `${spec.name}.pid`);
    this.logFile = path.join(dataDir, 'logs', `${spec.name}.log`);
  }

  async start(): Promise<void> {
    fs.mkdirSync(path.dirname(this.pidFile), { recursive: true });
    fs.mkdirSync(path.dirname(this.logFile), { recursive: true });
    await this.stopOrphan();

    const runAs = this.spec.runAsUser && process.getuid?.() === 0 ? this.spec.runAsUser : undefined;
    const command = runAs ? 'runuser' : this.spec.command;
    const args = runAs ? ['-u', runAs, '--', this.spec.command, ...this.spec.args] : this.spec.args;
    const out = fs.openSync(this.logFile, 'a');
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', out, out],
      env: { ...process.env, ...this.spec.env },
    });
    fs.closeSync(out);
    // A ManagedProcess can be started again after stop(); state belongs to the current child.
    this.child = child;
    this.exited = false;
    child.on('exit', (code, signal) => {
      if (this.child === child) this.exited = true;
      this.log.info({ server: this.spec.name, code, signal }, 'embedded server exited');
    });
    if (child.pid === undefined) throw new Error(`${this.spec.name}: could not spawn ${command}`);
    fs.writeFileSync(this.pidFile, String(child.pid));

    const deadline = Date.now() + (this.spec.readyTimeoutMs ?? 30_000);
    while (Date.now() < deadline) {
      if (this.exited) break;
      if (await this.spec.ready().catch(() => false)) {
        this.log.info({ server: this.spec.name, pid: child.pid, logFile: this.logFile }, 'embedded server ready');
        return;
      }
      await sleep(100);
    }
    const tail = this.tailOfLog();
    await this.stop();
    throw new Error(`${this.spec.name} did not become ready; last log lines:\n${tail}`);
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child?.pid || this.exited) {
      fs.rmSync(this.pidFile, { force: true });
      return;
    }
    // runuser forwards the signal to its child; signalling the group covers both cases.
    try {
      process.kill(-child.pid, this.spec.stopSignal ?? 'SIGTERM');
    } catch {
      /* already gone */
    }
    if (!(await waitForExit(child.pid, timeoutMs))) {
      this.log.warn({ server: this.spec.name }, 'embedded server did not stop in time; killing it');
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      await waitForExit(child.pid, 2000);
    }
    fs.rmSync(this.pidFile, { force: true });
  }

  /** Stops a server left running by a previous run of ours that was killed hard. */
  private async stopOrphan(): Promise<void> {
    let pid: number;
    try {
      pid = Number(fs.readFileSync(this.pidFile, 'utf8').trim());
    } catch {
      return;
    }
    if (!Number.isInteger(pid) || pid <= 1 || !isAlive(pid)) return;
    let cmdline = '';
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return;
    }
    if (!cmdline.includes(path.basename(this.spec.command))) return; // the pid was reused by something else
    this.log.warn({ server: this.spec.name, pid }, 'stopping an embedded server left over from an earlier run');
    try {
      process.kill(-pid, this.spec.stopSignal ?? 'SIGTERM');
    } catch {
      try {
        process.kill(pid, this.spec.stopSignal ?? 'SIGTERM');
      } catch {
        /* gone */
      }
    }
    if (!(await waitForExit(pid, 10_000))) process.kill(pid, 'SIGKILL');
  }

  private tailOfLog(): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8').split('\n').slice(-15).join('\n');
    } catch {
      return '(no log)';
    }
  }
}
