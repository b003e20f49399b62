/**
 * One server process of the embedded stack (nats-server, redis-server, postgres, temporal, the
 * model servers).
 *
 * Owns the child process, its log file under `<dataDir>/logs` and its pid file under
 * `<dataDir>/run` (`<pid> <stop signal>`, which the parent-death watch reads). Children run in their
 * own process group so that a Ctrl-C in the terminal reaches only the service, which then drains
 * and stops them in order. The recorded pid is the server's own: a server that must not run as root
 * is spawned with its user's ids (run-as.ts), not through a wrapper. Before a start, whatever the
 * last child left in its process group (a killed postmaster's backends) is stopped, and so is a
 * server left running by an earlier run: by our pid file, or by the server's own record of its
 * data (`ProcessSpec.ownPid`) when ours is gone.
 *
 * Readiness is the spec's probe answering *and* the spec's ports being held by this child's process
 * group: a port held by anyone else is refused with an error naming the holder.
 *
 * Supervised (`restart` given), a child that exits by itself is started again after a backoff
 * that doubles from `minBackoffMs` to `maxBackoffMs`, logged at error level and counted; one that
 * dies `crashLoopRestarts` times within `crashLoopWindowMs` is reported as `crash_loop` and retried
 * only every `maxBackoffMs`, never in a tight loop. Once the service stops (or only holds restarts,
 * as it does when it begins to shut down), nothing is restarted or logged any more.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { describeHolder, groupOwnsPorts } from './port-owner.js';
import { runAs } from './run-as.js';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  /** Run as this user (its uid and gid) when the service runs as root. */
  runAsUser?: string | undefined;
  /**
   * The pid the server itself records as serving this data (PostgreSQL: postmaster.pid), if that
   * process is alive and is the server: an earlier instance still serving it is then stopped before
   * a start even when our pid file is gone, rather than the start failing on a taken port.
   */
  ownPid?: () => number | undefined;
  env?: Record<string, string>;
  /** Resolves once the server answers; called repeatedly until it does. */
  ready: () => Promise<boolean>;
  readyTimeoutMs?: number;
  /** Signal that makes the server shut down cleanly. */
  stopSignal?: NodeJS.Signals;
  /** TCP ports the server listens on (127.0.0.1): refused if taken, and checked to be the child's at readiness. */
  ports?: number[];
  /**
   * Start the server at this lower CPU priority (nice 1-19), every thread of it, so that on a busy
   * machine the processes a listener waits on take a core first.
   */
  niceness?: number;
}

export interface RestartPolicy {
  minBackoffMs: number;
  maxBackoffMs: number;
  crashLoopRestarts: number;
  crashLoopWindowMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  minBackoffMs: 500,
  maxBackoffMs: 30_000,
  crashLoopRestarts: 5,
  crashLoopWindowMs: 120_000,
};

export type ProcessState = 'starting' | 'running' | 'restarting' | 'crash_loop' | 'stopped';

export interface ProcessStatus {
  name: string;
  state: ProcessState;
  /** Restarts after an unexpected exit since the service started. */
  restarts: number;
  pid: number | undefined;
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

/** Whether any process of process group `pgid` is still there (its leader, or anything it started). */
function groupAlive(pgid: number): boolean {
  return isAlive(-pgid);
}

async function waitForGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!groupAlive(pgid)) return true;
    await sleep(50);
  }
  return !groupAlive(pgid);
}

export class ManagedProcess {
  private child: ChildProcess | undefined;
  private exited = false;
  private readonly pidFile: string;
  private readonly logFile: string;
  private state: ProcessState = 'stopped';
  private stopping = false;
  /** Restarts are held (the service is shutting down): a server that dies now stays down. */
  private held = false;
  private restarts = 0;
  private recentExits: number[] = [];
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly spec: ProcessSpec,
    dataDir: string,
    private readonly log: Logger,
    private readonly restart?: RestartPolicy & { onRestart?(name: string): void },
  ) {
    this.pidFile = path.join(dataDir, 'run', `${spec.name}.pid`);
    this.logFile = path.join(dataDir, 'logs', `${spec.name}.log`);
  }

  get name(): string {
    return this.spec.name;
  }

  status(): ProcessStatus {
    return { name: this.spec.name, state: this.state, restarts: this.restarts, pid: this.pid };
  }

  /** The pid of the running child (the process group leader), if any. */
  get pid(): number | undefined {
    return this.child && !this.exited ? this.child.pid : undefined;
  }

  async start(): Promise<void> {
    this.stopping = false;
    this.held = false;
    if (this.state === 'stopped') this.state = 'starting';
    await this.launch();
  }

  /** Starts the child and waits for readiness; a stop() meanwhile ends it (and no child is left). */
  private async launch(): Promise<void> {
    fs.mkdirSync(path.dirname(this.pidFile), { recursive: true });
    fs.mkdirSync(path.dirname(this.logFile), { recursive: true });
    // What the last child left behind in its group (a killed postmaster's backends) still holds
    // ports or shared memory that the next one needs.
    if (this.child) await this.terminate();
    await this.stopOrphan();
    // A port someone else holds would make the child fail, and the probe reach the stray process.
    for (const port of this.spec.ports ?? []) {
      const holder = describeHolder(port);
      if (holder) throw new Error(`${this.spec.name} cannot start: ${holder}`);
    }
    if (this.stopping) throw new Error(`${this.spec.name}: stopped while starting`);

    const { command } = this.spec;
    // nice(1) execs the server in its place (the pid stays the child's), and every thread the
    // server makes inherits the priority; os.setPriority after spawning would miss threads.
    const [file, args] = this.spec.niceness
      ? ['nice', ['-n', String(this.spec.niceness), command, ...this.spec.args]]
      : [command, this.spec.args];
    const out = fs.openSync(this.logFile, 'a');
    const child = spawn(file, args, {
      detached: true,
      stdio: ['ignore', out, out],
      env: { ...process.env, ...this.spec.env },
      ...runAs(this.spec.runAsUser),
    });
    fs.closeSync(out);
    // A ManagedProcess can be started again after stop(); state belongs to the current child.
    this.child = child;
    this.exited = false;
    let ready = false;
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.exited = true;
      if (this.stopping || !ready) {
        this.log.info({ server: this.spec.name, code, signal }, 'embedded server exited');
        return;
      }
      // The pid file stays while the group has processes left: the parent-death watch stops them.
      if (!groupAlive(child.pid!)) fs.rmSync(this.pidFile, { force: true });
      this.onUnexpectedExit(code, signal);
    });
    if (child.pid === undefined) throw new Error(`${this.spec.name}: could not spawn ${command}`);
    fs.writeFileSync(this.pidFile, `${child.pid} ${this.spec.stopSignal ?? 'SIGTERM'}`);

    const deadline = Date.now() + (this.spec.readyTimeoutMs ?? 30_000);
    let stray: string | undefined;
    while (Date.now() < deadline && !this.exited && !this.stopping) {
      if (await this.spec.ready().catch(() => false)) {
        // The probe answered: it must be our child answering, not a process that took the port.
        const owned = this.spec.ports?.length ? groupOwnsPorts(child.pid, this.spec.ports) : true;
        if (owned !== false && !this.stopping) {
          ready = true;
          this.state = 'running';
          this.log.info({ server: this.spec.name, pid: child.pid, logFile: this.logFile }, 'embedded server ready');
          return;
        }
        stray = this.spec.ports!.map((port) => describeHolder(port)).find(Boolean);
      }
      await sleep(100);
    }
    const tail = this.tailOfLog();
    await this.terminate();
    if (this.stopping) throw new Error(`${this.spec.name}: stopped while starting`);
    if (stray) throw new Error(`${this.spec.name} cannot start: ${stray}`);
    throw new Error(`${this.spec.name} did not become ready; last log lines:\n${tail}`);
  }

  /** A supervised child that died by itself is started again after a backoff; otherwise logged. */
  private onUnexpectedExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.held) {
      this.state = 'stopped';
      this.log.warn({ server: this.spec.name, code, signal }, 'embedded server exited while the service shuts down; not restarted');
      return;
    }
    if (!this.restart) {
      this.state = 'stopped';
      this.log.error({ server: this.spec.name, code, signal }, 'embedded server exited unexpectedly');
      return;
    }
    this.scheduleRestart({ code, signal });
  }

  private scheduleRestart(why: Record<string, unknown>): void {
    const policy = this.restart!;
    const now = Date.now();
    this.recentExits = this.recentExits.filter((t) => now - t < policy.crashLoopWindowMs).concat(now);
    const recent = this.recentExits.length;
    const crashLoop = recent >= policy.crashLoopRestarts;
    const delayMs = crashLoop ? policy.maxBackoffMs : Math.min(policy.maxBackoffMs, policy.minBackoffMs * 2 ** (recent - 1));
    this.state = crashLoop ? 'crash_loop' : 'restarting';
    this.log.error(
      { server: this.spec.name, ...why, restartInMs: delayMs, recentExits: recent, crashLoop, logFile: this.logFile },
      crashLoop ? 'embedded server keeps dying; restarting it slowly' : 'embedded server exited unexpectedly; restarting it',
    );
    this.restartTimer = setTimeout(() => void this.restartNow(), delayMs);
    this.restartTimer.unref();
  }

  private async restartNow(): Promise<void> {
    if (this.stopping || this.held) return;
    this.restarts++;
    this.restart!.onRestart?.(this.spec.name);
    try {
      // launch(), not start(): a stop() or hold() that comes meanwhile must stay in force.
      await this.launch();
      this.log.warn({ server: this.spec.name, restarts: this.restarts }, 'embedded server restarted');
    } catch (err) {
      if (!this.stopping && !this.held) this.scheduleRestart({ err: (err as Error).message.split('\n')[0] });
    }
  }

  /**
   * Restarts no more (the service begins to shut down): a pending one is cancelled, and a server
   * that dies from now on stays down; a running one keeps running until stop().
   */
  holdRestarts(): void {
    this.held = true;
    clearTimeout(this.restartTimer);
    if (this.state === 'restarting' || this.state === 'crash_loop') this.state = 'stopped';
  }

  /** Stops the server for good (no restart). */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopping = true;
    this.state = 'stopped';
    clearTimeout(this.restartTimer);
    await this.terminate(timeoutMs);
  }

  /**
   * Stops the child's whole process group and returns once every process of it has exited, so
   * that its ports and files are free for whatever starts next (the same server on the same data
   * directory, in a test or a benchmark that runs two services one after the other).
   */
  private async terminate(timeoutMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child?.pid || !groupAlive(child.pid)) {
      fs.rmSync(this.pidFile, { force: true });
      return;
    }
    // The whole group: a server's own children (a postmaster's backends) go with it.
    try {
      process.kill(-child.pid, this.spec.stopSignal ?? 'SIGTERM');
    } catch {
      /* already gone */
    }
    if (!(await waitForGroupExit(child.pid, timeoutMs))) {
      this.log.warn({ server: this.spec.name }, 'embedded server did not stop in time; killing it');
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      await waitForGroupExit(child.pid, 2000);
    }
    fs.rmSync(this.pidFile, { force: true });
  }

  /**
   * Stops a server left running by an earlier run (one killed hard, or an older version's): the one
   * our pid file names, then the one the server's own record names (`ownPid`), if either still runs
   * the server's command (a free pid is reused by anything).
   */
  private async stopOrphan(): Promise<void> {
    let recorded: number | undefined;
    try {
      recorded = Number(fs.readFileSync(this.pidFile, 'utf8').trim().split(/\s+/)[0]);
    } catch {
      /* no pid file */
    }
    for (const find of [() => recorded, () => this.spec.ownPid?.()]) {
      const pid = find();
      if (pid === undefined || !this.runsCommand(pid)) continue;
      this.log.warn({ server: this.spec.name, pid }, 'stopping an embedded server left over from an earlier run');
      const signal = this.spec.stopSignal ?? 'SIGTERM';
      try {
        process.kill(-pid, signal); // its group, when it leads one (its children go with it)
      } catch {
        try {
          process.kill(pid, signal);
        } catch {
          /* gone */
        }
      }
      if (!(await waitForExit(pid, 10_000))) process.kill(pid, 'SIGKILL');
    }
  }

  private runsCommand(pid: number): boolean {
    if (!Number.isInteger(pid) || pid <= 1 || !isAlive(pid)) return false;
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path.basename(this.spec.command));
    } catch {
      return false;
    }
  }

  private tailOfLog(): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8').split('\n').slice(-15).join('\n');
    } catch {
      return '(no log)';
    }
  }
}
