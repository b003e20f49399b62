/**
 * CPU time per process, read from /proc (Linux): which process spent the CPU a benchmark used.
 * Throughput on two shared cores depends on everything else that runs; CPU time per request of
 * each process does not, so benchmarks print both. Elsewhere than Linux the snapshot is empty.
 */
import fs from 'node:fs';
import os from 'node:os';

interface ProcessTicks {
  pid: number;
  ppid: number;
  name: string;
  ticks: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node supports

export type CpuSnapshot = Map<number, ProcessTicks>;

/** One process's CPU ticks so far, from /proc/<pid>/stat; undefined once it has exited. */
function readTicks(pid: number): ProcessTicks | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid … utime stime …": comm may hold spaces and parentheses.
  const close = stat.lastIndexOf(')');
  const name = stat.slice(stat.indexOf('(') + 1, close);
  const fields = stat.slice(close + 2).split(' ');
  return { pid, ppid: Number(fields[1]), name, ticks: Number(fields[11]) + Number(fields[12]) };
}

export function cpuSnapshot(): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  if (os.platform() !== 'linux') return snapshot;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const found = readTicks(Number(entry)); // undefined: exited meanwhile
    if (found) snapshot.set(found.pid, found);
  }
  return snapshot;
}

/** CPU time (user + system) one process has used so far, in ms; NaN when it cannot be read. */
export function processCpuMs(pid: number | undefined): number {
  const found = pid && os.platform() === 'linux' ? readTicks(pid) : undefined;
  return found ? (found.ticks * 1000) / TICKS_PER_SECOND : Number.NaN;
}

/** Whether `pid` is `root` or one of its descendants, in `snapshot`. */
function inTree(snapshot: CpuSnapshot, pid: number, root: number): boolean {
  for (let p: number | undefined = pid, hops = 0; p && hops < 64; p = snapshot.get(p)?.ppid, hops++) if (p === root) return true;
  return false;
}

export interface CpuUse {
  /** Seconds of CPU spent by each process of the tree, by process name, largest first. */
  byName: Array<{ name: string; seconds: number }>;
  totalSeconds: number;
}

/** CPU seconds spent between two snapshots by `root` and its descendants (processes that ran throughout). */
export function cpuUsedBy(before: CpuSnapshot, after: CpuSnapshot, root: number, rootLabel?: string): CpuUse {
  const byName = new Map<string, number>();
  for (const [pid, end] of after) {
    if (!inTree(after, pid, root)) continue;
    const start = before.get(pid)?.ticks ?? 0;
    const label = pid === root ? (rootLabel ?? `${end.name} (the server)`) : end.name;
    byName.set(label, (byName.get(label) ?? 0) + (end.ticks - start) / TICKS_PER_SECOND);
  }
  const rows = [...byName].map(([name, seconds]) => ({ name, seconds })).sort((a, b) => b.seconds - a.seconds);
  return { byName: rows, totalSeconds: rows.reduce((sum, r) => sum + r.seconds, 0) };
}
