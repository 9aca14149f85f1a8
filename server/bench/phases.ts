/**
 * Where a call's time goes, step by step (`BENCH_PHASES=1`): the server marks the end of each
 * step (src/trace/phases.ts); a step's time is the wall time since the previous mark of the
 * call. The calls must run one at a time. Wall times: run on a quiet machine. Beside each wall
 * time, the main thread's mean CPU time in the step (`process.threadCpuUsage`): what the machine's
 * load does not change (work on other threads, PGlite's included when it runs here, counts only
 * on the thread doing it).
 */
import { subscribe } from 'node:diagnostics_channel';
import { PHASES_CHANNEL } from '../src/trace/phases.ts';
import { median } from './report.ts';

export type PhaseTimes = {
  /** A call starts now. */
  begin: () => void;
  /** The call ended now (its answer read); its steps count under `kind` (e.g. 'non-final'). */
  end: (kind: string) => void;
  /** Per kind, the median of each step in the order they ran, and their sum. */
  report: () => string[];
};

/** Starts listening; null unless `enabled`. */
export function phaseTimes(enabled: boolean): PhaseTimes | null {
  if (!enabled) return null;
  let marks: [string, number, number][] | null = null;
  let started = 0;
  let startedCpu = 0;
  const byKind = new Map<string, Map<string, { wall: number[]; cpu: number[] }>>();
  const threadCpu = () => {
    const used = process.threadCpuUsage();
    return (used.user + used.system) / 1000;
  };
  subscribe(PHASES_CHANNEL, (name) => {
    marks?.push([String(name), performance.now(), threadCpu()]);
  });
  return {
    begin() {
      marks = [];
      startedCpu = threadCpu();
      started = performance.now();
    },
    end(kind) {
      if (!marks) return;
      marks.push(['answer read', performance.now(), threadCpu()]);
      const steps = byKind.get(kind) ?? new Map<string, { wall: number[]; cpu: number[] }>();
      byKind.set(kind, steps);
      let previous = started;
      let previousCpu = startedCpu;
      for (const [name, at, cpu] of marks) {
        const lists = steps.get(name) ?? { wall: [], cpu: [] };
        lists.wall.push(at - previous);
        lists.cpu.push(cpu - previousCpu);
        steps.set(name, lists);
        previous = at;
        previousCpu = cpu;
      }
      marks = null;
    },
    report() {
      const lines: string[] = [];
      for (const [kind, steps] of byKind) {
        // CPU as a mean: the thread's CPU clock advances in scheduler ticks (4 ms here), so a
        // step's median is 0 or a tick, while the mean over many calls converges.
        const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
        const medians = [...steps].map(
          ([name, { wall, cpu }]) => [name, median(wall), mean(cpu)] as const,
        );
        const sum = medians.reduce((s, [, m]) => s + m, 0);
        const cpuSum = medians.reduce((s, [, , c]) => s + c, 0);
        lines.push(
          `  steps of a ${kind} call (median wall ms, sum ${sum.toFixed(1)}; mean main-thread CPU ms, sum ${cpuSum.toFixed(1)}):`,
        );
        for (const [name, m, c] of medians)
          lines.push(`    ${m.toFixed(2).padStart(7)} ${c.toFixed(2).padStart(7)}  ${name}`);
      }
      return lines;
    },
  };
}
