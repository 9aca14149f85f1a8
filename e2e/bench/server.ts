/**
 * The real server for the browser benchmarks (server/bench/server.ts: `node server/src/main.ts`,
 * PGlite in a temporary DATA_DIR, the built site: run `pnpm build` first), with the JSON calls
 * and the account a benchmark needs, made through the public API like a user's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import { SETUP_INTENT_PARAM } from '@signet/shared/plan/plan.constants';
import { startBenchServer } from '../../server/bench/server.ts';

/** Chromium's flags for a benchmark: no sandbox (root in a container), no background traffic. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export type BenchServer = {
  base: string;
  json: <T>(method: string, path: string, body?: unknown, token?: string) => Promise<T>;
  /**
   * A fresh account (confirmation mail from the development mailbox) with the individual plan
   * (it uploads); its session token.
   */
  account: () => Promise<string>;
  stop: () => Promise<void>;
};

/** Starts the server on `port` (resolved once it answers). */
export async function benchServer(name: string, port: number): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `signet-bench-${name}-`));
  // Links in mails and answers point at the address the benchmark uses.
  process.env.PUBLIC_URL = base;
  const child = await startBenchServer(port, dataDir, 'warn');
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };

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
        await buyIndividualPlan(session.token);
        return session.token;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no confirmation mail');
  }

  /** The individual plan with the sandbox's success card: the new free plan uploads nothing. */
  async function buyIndividualPlan(token: string): Promise<void> {
    const intent = await json<{ redirectUrl: string }>(
      'POST',
      '/api/v2/businesses/direct_upgrade/stripe_setup_intent',
      { plan: 'INDIVIDUAL_V1', cycle: 'monthly', currency: 'EUR' },
      token,
    );
    const card = await fetch(intent.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: PAYMENT_SANDBOX.cards.succeeds }).toString(),
      redirect: 'manual',
    });
    const back = new URL(card.headers.get('location') ?? '', base);
    await json(
      'POST',
      '/api/v2/businesses/direct_upgrade/confirm',
      { setupIntentId: back.searchParams.get(SETUP_INTENT_PARAM) },
      token,
    );
  }

  return { base, json, account, stop };
}
