/**
 * Children die with the service. Node cannot ask the kernel for a parent-death signal
 * (prctl PR_SET_PDEATHSIG), so one small shell process per stack holds the read end of a pipe
 * whose write end only the service has. When the service dies, even by kill -9, the pipe closes;
 * the watch then reads `<dataDir>/run/*.pid` (`<pid> <stop signal>`, written by ManagedProcess)
 * and stops each server's process group with its own stop signal, then SIGKILL after 10 s. At a
 * clean stop the service says "stop" before it closes the pipe, and the watch exits without reading
 * anything: the pid files left then are another stack's on the same data directory (a benchmark's
 * stack beside the TURN server of the service it starts, or the next stack started there), whose
 * servers must keep running. The stop still waits for the watch to exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const SCRIPT = `
read -r said && [ "$said" = stop ] && exit 0
cat >/dev/null
groups() {
  for f in "$1"/*.pid; do
    [ -f "$f" ] || continue
    case "$f" in */companion.pid) continue ;; esac
    pid= sig=
    read -r pid sig < "$f" || [ -n "$pid" ] || continue  # the file has no final newline
    case "$pid" in ''|*[!0-9]*) continue ;; esac
    echo "$pid \${sig:-SIGTERM}"
  done
}
groups "$1" | while read -r pid sig; do kill -s "\${sig#SIG}" -- "-$pid" 2>/dev/null; done
i=0
while [ $i -lt 50 ]; do
  alive=0
  for pid in $(groups "$1" | cut -d' ' -f1); do kill -0 -- "-$pid" 2>/dev/null && alive=1; done
  [ $alive = 0 ] && exit 0
  sleep 0.2
  i=$((i+1))
done
for pid in $(groups "$1" | cut -d' ' -f1); do kill -s KILL -- "-$pid" 2>/dev/null; done
`;

/** How long a clean stop waits for the watch to exit before killing it. */
const STOP_TIMEOUT_MS = 5000;

export class ParentWatch {
  private readonly exited: Promise<void>;

  private constructor(private readonly child: ChildProcess) {
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  }

  /** Starts the watch of the servers whose pid files are in `runDir`. */
  static start(runDir: string): ParentWatch {
    const child = spawn('sh', ['-c', SCRIPT, 'companion-parent-watch', runDir], {
      detached: true, // its own process group: a Ctrl-C meant for the service does not reach it
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.on('error', () => undefined);
    child.stdin!.on('error', () => undefined);
    // Neither the process nor its pipe keeps the service's event loop alive.
    child.unref();
    (child.stdin as unknown as { unref?: () => void }).unref?.();
    return new ParentWatch(child);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /**
   * At a clean stop (this stack's servers already stopped): the watch is told so and exits, and
   * this resolves once it has. A watch that has not exited within 5 s is killed.
   */
  async stop(): Promise<void> {
    this.child.stdin?.end('stop\n');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS);
    });
    const late = await Promise.race([this.exited.then(() => false), timedOut]);
    clearTimeout(timer);
    if (!late) return;
    try {
      process.kill(-this.child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
    await this.exited;
  }
}
