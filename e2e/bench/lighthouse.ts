/**
 * Lighthouse benchmark (`pnpm --filter @signet/e2e bench:lighthouse`, also run by
 * server/bench/run.ts): Lighthouse's mobile run (its default: a mid-range phone, simulated slow
 * 4G and CPU) over /login, /signup and a signed-in /dashboard of the real server with the built
 * site, in Debian's Chromium. Budgets: performance ≥ 98 and accessibility 100 on each. The
 * signed-in run uses a session the benchmark makes (an account through the public API, its
 * token in the session cookie of the browser Lighthouse drives). Writes
 * bench-results/lighthouse.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_COOKIE } from '@signet/shared/session/session.constants';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { report } from '../../server/bench/report.ts';
import { benchServer, chromiumArgs } from './server.ts';

const PERFORMANCE_MIN = 98;
const ACCESSIBILITY_MIN = 100;
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT ?? 9337);
const PAGES = ['/login', '/signup', '/dashboard'] as const;

const server = await benchServer('lighthouse', Number(process.env.BENCH_PORT ?? 3793));
const profile = mkdtempSync(join(tmpdir(), 'signet-bench-lighthouse-profile-'));
try {
  const token = await server.account();
  // Lighthouse opens its own tab in this browser: the default context, so it has the cookie.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...chromiumArgs, `--remote-debugging-port=${DEBUG_PORT}`],
  });
  const scores: Record<string, { performance: number; accessibility: number; failed: string[] }> =
    {};
  try {
    for (const path of PAGES) {
      await context.clearCookies();
      if (path === '/dashboard') {
        await context.addCookies([
          {
            name: SESSION_COOKIE,
            value: encodeURIComponent(token),
            url: server.base,
            sameSite: 'Strict',
          },
        ]);
      }
      const result = await lighthouse(`${server.base}${path}`, {
        port: DEBUG_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Keep the session cookie: the signed-in page is the point of the third run.
        disableStorageReset: true,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
      if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== path) {
        throw new Error(`${path} ended on ${lhr.finalDisplayedUrl}`);
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      scores[path] = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        failed,
      };
      console.log(
        `${path}: performance ${scores[path].performance}, accessibility ${scores[path].accessibility}${failed.length ? ` (not passed: ${failed.join(', ')})` : ''}`,
      );
    }
  } finally {
    await context.close();
  }
  report(
    'lighthouse',
    PAGES.flatMap((path) => {
      const s = scores[path];
      return [
        {
          name: `lighthouse mobile: ${path} performance`,
          budget: `≥ ${PERFORMANCE_MIN}`,
          value: s ? String(s.performance) : 'no result',
          ok: s !== undefined && s.performance >= PERFORMANCE_MIN,
        },
        {
          name: `lighthouse mobile: ${path} accessibility`,
          budget: `= ${ACCESSIBILITY_MIN}`,
          value: s ? String(s.accessibility) : 'no result',
          ok: s !== undefined && s.accessibility >= ACCESSIBILITY_MIN,
        },
      ];
    }),
    { scores },
  );
} finally {
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}
