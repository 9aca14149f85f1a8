import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export { cpuSeconds, residentMb } from '../src/testing/process-memory.ts';

/**
 * The real server for a benchmark: `node server/src/main.ts` as `npm start` runs it, on a port
 * and DATA_DIR of the benchmark's own, and its memory as the operating system sees it.
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = join(serverDir, '..');

/** Starts the server and resolves once `readyPath` answers 200. */
export async function startServer(
  port: number,
  env: Record<string, string>,
  readyPath = '/api/v1/maintenance',
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(serverDir, 'src', 'main.ts')], {
    cwd: repoDir,
    env: {
      ...process.env,
      PORT: String(port),
      SIGNET_MODE: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${readyPath}`);
      await res.arrayBuffer();
      if (res.status === 200) return child;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error('server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Stops the server (SIGTERM, its graceful shutdown) and waits for it. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}
