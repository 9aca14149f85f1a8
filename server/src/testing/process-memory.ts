import { readdirSync, readFileSync } from 'node:fs';

/** Memory of processes as the operating system sees it (Linux /proc), for tests and benchmarks. */

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
