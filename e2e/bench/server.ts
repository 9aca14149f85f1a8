/**
 * The real server for the browser benchmarks (`node server/src/main.ts`, PGlite in a temporary
 * DATA_DIR, the built site: run `pnpm build` first), with the JSON calls and the account a
 * benchmark needs, made through the public API like a user's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoDir = fileURLToPath(new URL('../../', import.meta.url));

/** Chromium's flags for a benchmark: no sandbox (root in a container), no background traffic. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export type BenchServer = {
  base: string;
  json: <T>(method: string, path: string, body?: unknown, token?: string) => Promise<T>;
  /** A fresh account (confirmation mail from the development mailbox); its session token. */
  account: () => Promise<string>;
  stop: () => Promise<void>;
};

/** Starts the server on `port` and waits until it answers. */
export async function benchServer(name: string, port: number): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `signet-bench-${name}-`));
  const child = spawn(process.execPath, [join(repoDir, 'server/src/main.ts')], {
    cwd: repoDir,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SIGNET_MODE: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/v1/maintenance`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 30_000) {
      await stop();
      throw new Error('server did not start in 30 s');
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  async function json<T>(method: string, path: string, body?: unknown, token?: string) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async function account(): Promise<string> {
    const email = `bench.${Date.now()}@example.ch`;
    await json('POST', '/api/v1/request-confirmation', { email, lang: 'en' });
    for (let i = 0; i < 100; i++) {
      const mails = await json<{ links: string[] }[]>(
        'GET',
        `/dev/mailbox.json?to=${encodeURIComponent(email)}`,
      );
      const link = mails.flatMap((m) => m.links).find((l) => l.includes('/signup/confirm'));
      if (link) {
        const session = await json<{ token: string }>('POST', '/api/v1/register', {
          firstName: 'Bench',
          lastName: 'Owner',
          password: 'violet otter lamp 42',
          token: new URL(link).searchParams.get('token'),
          gtc: true,
          lang: 'en',
        });
        return session.token;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no confirmation mail');
  }

  return { base, json, account, stop };
}
