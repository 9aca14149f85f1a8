import type { Logger } from '../log.ts';

/** A task the server runs every `everyMs` (first run after one interval). */
export type ScheduledTask = {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
};

/**
 * Runs each task on its own timer, never two runs of one task at a time; a failed run is logged
 * and the next one tries again. The tasks must be safe on several instances at once (they lock
 * what they change). Returns a stop function that waits for runs in progress.
 */
export function startSchedule(
  tasks: readonly ScheduledTask[],
  log: Pick<Logger, 'error'>,
): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const timers = tasks.map((task) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const run = task
        .run()
        .catch((err: unknown) => log.error({ err, task: task.name }, 'scheduled task failed'))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, task.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
  };
}
