/**
 * CPU time of the database per SQL statement, for benchmarks on PGlite (`BENCH_STATEMENTS=1`).
 * PGlite runs on the calling thread and answers each protocol message synchronously, so the
 * thread's CPU time around `execProtocolRawSync` is exactly what a message cost, whatever the
 * machine's load does to wall times. Messages are counted under the SQL of the last Parse (or
 * simple Query, or Bind of a named statement) before them, so a statement's bind, execute and
 * its triggers' work add up under its text. Bench-only: it patches PGlite's prototype for the whole process.
 */
import { PGlite } from '@electric-sql/pglite';

type Entry = { messages: number; cpuMs: number };

export type StatementCpu = {
  /** Count only between `start()` and `stop()` (e.g. the timed calls, not the set-up). */
  start: () => void;
  stop: () => void;
  /** The statements by CPU per call, largest first, and their total per call. */
  report: (calls: number, top?: number) => { totalMs: number; lines: string[] };
};

/** Installs the counter (once per process). */
export function countStatementCpu(): StatementCpu {
  const stats = new Map<string, Entry>();
  let counting = false;
  let sql = '(before any statement)';
  const named = new Map<string, string>();
  const decoder = new TextDecoder();
  const proto = PGlite.prototype as unknown as {
    execProtocolRawSync: (this: unknown, message: Uint8Array) => Uint8Array;
  };
  const original = proto.execProtocolRawSync;
  const text = (message: Uint8Array, from: number): string => {
    let end = from;
    while (end < message.length && message[end] !== 0) end++;
    return decoder.decode(message.subarray(from, end)).replace(/\s+/g, ' ').trim().slice(0, 100);
  };
  proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
    // Parse: 'P', length (4 bytes), statement name, NUL, query, NUL. Query: 'Q', length, query.
    // Bind: 'B', length, portal, NUL, statement name, NUL — a named statement's SQL is the one
    // its Parse gave (db/pglite-statement-cache.ts parses each text once).
    if (message[0] === 0x50) {
      let name = 5;
      while (message[name] !== 0) name++;
      sql = text(message, name + 1);
      if (name > 5) named.set(text(message, 5), sql);
    } else if (message[0] === 0x51) {
      sql = text(message, 5);
    } else if (message[0] === 0x42) {
      let portal = 5;
      while (message[portal] !== 0) portal++;
      const statement = text(message, portal + 1);
      if (statement) sql = named.get(statement) ?? sql;
    }
    if (!counting) return original.call(this, message);
    const before = process.threadCpuUsage();
    try {
      return original.call(this, message);
    } finally {
      const used = process.threadCpuUsage(before);
      const entry = stats.get(sql) ?? { messages: 0, cpuMs: 0 };
      entry.messages++;
      entry.cpuMs += (used.user + used.system) / 1000;
      stats.set(sql, entry);
    }
  };
  return {
    start: () => {
      counting = true;
    },
    stop: () => {
      counting = false;
    },
    report(calls, top = 25) {
      const rows = [...stats].sort((a, b) => b[1].cpuMs - a[1].cpuMs);
      const totalMs = rows.reduce((sum, [, e]) => sum + e.cpuMs, 0) / calls;
      const lines = rows
        .slice(0, top)
        .map(([q, e]) => `${(e.cpuMs / calls).toFixed(2).padStart(7)} ms  ${q}`);
      return { totalMs, lines };
    },
  };
}
