/**
 * Who listens on a TCP port, from /proc (Linux): so that readiness is claimed only when the
 * process answering is the child just started (its process group), never a stray process that
 * took the port. Elsewhere (no /proc) the checks answer "unknown" and readiness relies on the probe.
 */
import fs from 'node:fs';

/** Socket inodes listening on `port` (IPv4 and IPv6), or undefined when /proc cannot be read. */
export function listeningInodes(port: number): Set<string> | undefined {
  const inodes = new Set<string>();
  let readAny = false;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    readAny = true;
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols: sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      if (cols.length < 10 || cols[3] !== '0A') continue; // 0A = LISTEN
      const localPort = parseInt(cols[1]!.split(':')[1] ?? '', 16);
      if (localPort === port) inodes.add(cols[9]!);
    }
  }
  return readAny ? inodes : undefined;
}

/** Pids (among `pids`, or all processes) that hold one of `inodes` open. */
export function pidsHolding(inodes: Set<string>, pids?: number[]): number[] {
  const holders: number[] = [];
  const candidates = pids ?? allPids();
  for (const pid of candidates) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const m = /^socket:\[(\d+)\]$/.exec(target);
        if (m && inodes.has(m[1]!)) {
          holders.push(pid);
          break;
        }
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return holders;
}

function allPids(): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return [];
  }
}

/** The pids of process group `pgid`. */
export function processGroup(pgid: number): number[] {
  return allPids().filter((pid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …; comm may contain spaces and parentheses: read after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[2]) === pgid;
    } catch {
      return false;
    }
  });
}

/** A short description of who holds `port`, for the error that refuses it. */
export function describeHolder(port: number): string | undefined {
  const inodes = listeningInodes(port);
  if (!inodes || inodes.size === 0) return undefined;
  const [pid] = pidsHolding(inodes);
  if (pid === undefined) return `port ${port} is taken by another process`;
  let cmd = '';
  try {
    cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 120);
  } catch {
    /* gone */
  }
  return `port ${port} is taken by another process (pid ${pid}${cmd ? `: ${cmd}` : ''})`;
}

/**
 * Whether every port in `ports` is listened on by a process of group `pgid` (true), by some other
 * process only (false), or cannot be told (undefined: no /proc, or nothing listens yet).
 */
export function groupOwnsPorts(pgid: number, ports: readonly number[]): boolean | undefined {
  const group = processGroup(pgid);
  let known = true;
  for (const port of ports) {
    const inodes = listeningInodes(port);
    if (!inodes || inodes.size === 0) {
      known = false;
      continue;
    }
    if (pidsHolding(inodes, group).length === 0) return false;
  }
  return known ? true : undefined;
}
