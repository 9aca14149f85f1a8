/**
 * Where a call's time goes, step by step (`BENCH_PHASES=1`): the server marks the end of each
 * step (src/trace/phases.ts); a step's time is the wall time since the previous mark of the
 * call. The calls must run one at a time. Wall times: run on a quiet machine.
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
  let marks: [string, number][] | null = null;
  let started = 0;
  const byKind = new Map<string, Map<string, number[]>>();
  subscribe(PHASES_CHANNEL, (name) => {
    marks?.push([String(name), performance.now()]);
  });
  return {
    begin() {
      marks = [];
      started = performance.now();
    },
    end(kind) {
      if (!marks) return;
      marks.push(['answer read', performance.now()]);
      const steps = byKind.get(kind) ?? new Map<string, number[]>();
      byKind.set(kind, steps);
      let previous = started;
      for (const [name, at] of marks) {
        const list = steps.get(name) ?? [];
        list.push(at - previous);
        steps.set(name, list);
        previous = at;
      }
      marks = null;
    },
    report() {
      const lines: string[] = [];
      for (const [kind, steps] of byKind) {
        const medians = [...steps].map(([name, times]) => [name, median(times)] as const);
        const sum = medians.reduce((s, [, m]) => s + m, 0);
        lines.push(`  steps of a ${kind} call (median wall ms; sum ${sum.toFixed(1)} ms):`);
        for (const [name, m] of medians) lines.push(`    ${m.toFixed(2).padStart(7)}  ${name}`);
      }
      return lines;
    },
  };
}
