import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT as port } from './support/server-url.ts';
import { snapshotWeb } from './support/web-snapshot.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The runner process starts the server on a fresh database and a private copy of the built site
 * and console (support/web-snapshot.ts), and removes both when it exits. Worker processes load
 * this file too; they need none of it.
 */
function serverEnv(): Record<string, string> {
  if (process.env.TEST_WORKER_INDEX !== undefined) return {};
  const work = mkdtempSync(join(tmpdir(), 'signet-e2e-'));
  process.on('exit', () => rmSync(work, { recursive: true, force: true }));
  const { siteDir, adminDir } = snapshotWeb(root, join(work, 'web'));
  return {
    PORT: String(port),
    PUBLIC_URL: E2E_BASE_URL,
    DATA_DIR: join(work, 'data'),
    SIGNET_MODE: 'test',
    SIGNET_SITE_DIR: siteDir,
    SIGNET_ADMIN_DIR: adminDir,
    LOG_LEVEL: 'warn',
    // As behind a reverse proxy: accounts made through the API (support/app.ts) come from
    // addresses of their own, so the suite's many sign-ups stay within the per-IP mail limit
    // the way many real users do, while the browser's own requests count as the socket's.
    TRUST_PROXY: '1',
    // Signer groups on for every new business (no billing plans here): issue 13's specs use them.
    SIGNER_GROUP_LIMITS: '5/20',
  };
}

export default defineConfig({
  testDir: './tests',
  // Two browsers against the one server, every test on its own (the rules a spec follows to be
  // safe with that are in e2e/README.md). E2E_WORKERS=1 runs them one after another.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  // The machine is small and shared: allow slow steps without hiding a missing one.
  expect: { timeout: 10_000 },
  forbidOnly: true,
  // One folder per port: a run empties its folder first, so parallel runs must not share one.
  outputDir: `test-results/port-${port}`,
  reporter: process.env.CI ? 'line' : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // The texts the specs expect come from locales/en-gb (see support/app.ts).
    locale: 'en-GB',
    // A trace records every step's DOM snapshot and screencast: in a measured run it took 45 % of
    // the browser's and the runner's CPU, for files CI never shows. E2E_TRACE=1 records one
    // (kept for failed tests); otherwise a failed test keeps a screenshot.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node ../server/src/main.ts',
    url: `${E2E_BASE_URL}/api/v1/datetime`,
    reuseExistingServer: false,
    // Migrations and the first imports compete with the rest of a busy machine.
    timeout: 90_000,
    env: serverEnv(),
  },
});
