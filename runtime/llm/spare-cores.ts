/**
 * How many CPU cores the rest of the machine leaves idle, sampled from /proc every `intervalMs`.
 *
 * The model server uses it to choose its threads per decoded batch (`--threads auto`): llama.cpp's
 * threads meet at a barrier after every layer, so a second thread on a core that another process is
 * using makes every token wait for the scheduler (seconds per reply on a busy 2-core machine),
 * while on an idle core it nearly halves the time to the first sentence. The busy time of other
 * processes is the machine's busy time minus this process's own.
 */
import fs from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc's counters (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function machineBusyTicks(): number {
  // "cpu  user nice system idle iowait irq softirq steal ..."
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return fields.reduce((a, b) => a + b, 0) - idle;
}

function ownBusyTicks(): number {
  // utime and stime are fields 14 and 15 of /proc/self/stat, counted after the command's ")".
  const rest = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return Number(rest[11]) + Number(rest[12]);
}

export class SpareCores {
  private readonly cores = os.availableParallelism();
  private last = { at: performance.now(), machine: 0, own: 0 };
  /** Cores busy with other processes over the last interval. */
  private othersBusy = 0;
  private readonly timer: NodeJS.Timeout | undefined;

  /** `onSample` is called after every sample (to apply `threads()` as it changes). */
  constructor(
    intervalMs = 100,
    private readonly onSample: () => void = () => {},
  ) {
    if (!fs.existsSync('/proc/stat')) {
      // Not Linux: assume the machine is busy, so auto stays at one thread.
      this.othersBusy = this.cores;
      return;
    }
    this.last = { at: performance.now(), machine: machineBusyTicks(), own: ownBusyTicks() };
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  private sample(): void {
    const now = { at: performance.now(), machine: machineBusyTicks(), own: ownBusyTicks() };
    const seconds = (now.at - this.last.at) / 1000;
    if (seconds <= 0) return;
    const others = Math.max(0, now.machine - this.last.machine - (now.own - this.last.own)) / TICKS_PER_SECOND;
    this.othersBusy = others / seconds;
    this.last = now;
    this.onSample();
  }

  /**
   * Threads to use now, from 1 to `max`: one per core the other processes leave idle. A core counts
   * as idle when the others used less than about a third of it over the last interval.
   */
  threads(max: number): number {
    const spare = Math.floor(this.cores - this.othersBusy + 0.3);
    return Math.max(1, Math.min(max, spare));
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
