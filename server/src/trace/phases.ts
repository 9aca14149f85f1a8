import { channel } from 'node:diagnostics_channel';

/**
 * Steps of a call, timed by whoever listens (the benchmarks' `BENCH_PHASES=1`, bench/phases.ts).
 * Each mark says that the step it names ended now: a listener counts the time since the
 * previous mark of the call towards it. Nobody listens in the product, and a mark then costs a
 * property read.
 */
export const PHASES_CHANNEL = 'signet:phase';

const phases = channel(PHASES_CHANNEL);

/** The step `name` of the current call ends now. */
export function phase(name: string): void {
  if (phases.hasSubscribers) phases.publish(name);
}
