import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = join(serverDir, '..');

/**
 * The real server (`node server/src/main.ts`, embedded PGlite in `dataDir`, no SMTP) on `port`,
 * resolved once it answers; what the HTTP benchmarks measure.
 */
export async function startBenchServer(
  port: number,
  dataDir: string,
  logLevel = 'info',
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(serverDir, 'src', 'main.ts')], {
    cwd: repoDir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SIGNET_MODE: 'development',
      LOG_LEVEL: logLevel,
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/maintenance`);
      await res.arrayBuffer();
      if (res.status === 200) return child;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error('server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}
