import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/** V8 CPU profiles of chosen stretches of a benchmark (`BENCH_PROFILE=dir`). */
export type CpuProfiler = {
  start: () => Promise<void>;
  /** Stops and writes the profile as dir/{name}.cpuprofile. */
  stop: (name: string) => Promise<void>;
};

/** A profiler writing into `dir` (sampling every 200 µs); null without a dir. */
export async function cpuProfiler(dir: string | undefined): Promise<CpuProfiler | null> {
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  return {
    start: async () => {
      await session.post('Profiler.start');
    },
    stop: async (name) => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    },
  };
}
