import type { ChildProcess } from 'node:child_process';

export { cpuSeconds, residentMb } from '../src/testing/process-memory.ts';

/**
 * The real server of a benchmark (started by server.ts's `startBenchServer`): its memory and CPU
 * time as the operating system sees them, and a graceful stop.
 */

/** Stops the server (SIGTERM, its graceful shutdown) and waits for it. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}
