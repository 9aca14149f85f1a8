import { readdirSync, readFileSync } from 'node:fs';

/**
 * Memory and CPU time of processes as the operating system sees them (Linux /proc), for tests
 * and benchmarks.
 */

/** Resident memory of one process in MB (0 when unknown). */
export function rssMb(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The processes whose parent is `pid` (from /proc/<n>/stat; empty without /proc). */
export function childrenOf(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const name of entries) {
    try {
      // pid (comm) state ppid …: the command may hold spaces and parentheses, so split after it.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(name));
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/**
 * Resident memory in MB of the process and of every process it started (the PDF workers), from
 * /proc (Linux): `{ server, children, total }`.
 */
export function residentMb(pid: number): { server: number; children: number; total: number } {
  const server = rssMb(pid);
  let children = 0;
  for (const child of childrenOf(pid)) children += rssMb(child);
  return { server, children, total: server + children };
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** CPU seconds (user + system) of a process, and of its children that have exited; 0 when unknown. */
function cpuOf(pid: number): { own: number; exitedChildren: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm) ": state is [0]; utime, stime, cutime, cstime are [11]..[14].
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return {
      own: ((f[11] ?? 0) + (f[12] ?? 0)) / TICKS,
      exitedChildren: ((f[13] ?? 0) + (f[14] ?? 0)) / TICKS,
    };
  } catch {
    return { own: 0, exitedChildren: 0 };
  }
}

/**
 * CPU seconds used so far by the process (`server`) and by the processes it started (`children`:
 * those running and those that ended and were waited for), from /proc (Linux).
 */
export function cpuSeconds(pid: number): { server: number; children: number } {
  const { own, exitedChildren } = cpuOf(pid);
  let children = exitedChildren;
  for (const child of childrenOf(pid)) {
    const c = cpuOf(child);
    children += c.own + c.exitedChildren;
  }
  return { server: own, children };
}
