import type { TIdentInfo } from '@signet/shared/identification/identification.schema';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs } from '../../db/schema/outbox.ts';
import { IDENT_WEBHOOK_JOB, identWebhookHandlers } from '../../providers/identification/sandbox.ts';
import { applyIdentUpdate } from '../../services/identification/apply-update.ts';
import type { TestApp } from '../../testing/app.ts';

/**
 * The sandbox's webhooks are due after realistic delays: run the ones queued now, through the
 * worker's own handler, without waiting for them (each is marked delivered as the worker would).
 */
export async function deliverSandboxWebhooks(t: TestApp): Promise<void> {
  const pending = await t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, IDENT_WEBHOOK_JOB), eq(jobs.status, 'pending')))
    .orderBy(asc(jobs.createdAt));
  const handlers = identWebhookHandlers((update) => applyIdentUpdate(t.db, update));
  for (const job of pending) {
    await handlers[IDENT_WEBHOOK_JOB]?.(job);
    await t.db.update(jobs).set({ status: 'delivered' }).where(eq(jobs.id, job.id));
  }
}

/** Presses a button of the sandbox page, as the tester would. */
export async function sandboxPost(
  t: TestApp,
  ident: TIdentInfo,
  action: 'start' | 'result',
  form: Record<string, string> = {},
): Promise<void> {
  const url = new URL(ident.identUrl as string);
  const res = await t.app.request(`${url.pathname}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  expect(res.status).toBe(303);
}

/**
 * A whole sandbox identification: accept the provider's terms, book, start, pass with
 * `verified` (or fail), and let the webhooks arrive.
 */
export async function identify(
  t: TestApp,
  token: string,
  options: {
    provider?: 'srs' | 'intrum';
    method?: 'video' | 'robo' | 'autoident';
    legislation?: 'EIDAS' | 'ZERTES';
    verified?: { givenName: string; surname: string; birthDate: string; nationality: string };
    fail?: string;
  } = {},
): Promise<TIdentInfo> {
  const provider = options.provider ?? 'srs';
  const method = options.method ?? 'video';
  const accepted = await t.request('POST', '/api/v1/user/accept', {
    token,
    body: { [`tou_${provider}`]: true },
  });
  expect(accepted.status).toBe(200);
  const booked = await t.request<TIdentInfo>(
    'POST',
    `/api/v1/user/identification/${provider}/${method}`,
    {
      token,
      body: { legislation: options.legislation ?? 'ZERTES' },
    },
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  await sandboxPost(t, booked.body, 'start');
  await deliverSandboxWebhooks(t);
  const v = options.verified ?? {
    givenName: 'Anna',
    surname: 'Meier',
    birthDate: '1990-04-01',
    nationality: 'CH',
  };
  await sandboxPost(
    t,
    booked.body,
    'result',
    options.fail ? { decision: 'fail', reason: options.fail } : { decision: 'pass', ...v },
  );
  await deliverSandboxWebhooks(t);
  const done = await t.request<TIdentInfo>(
    'GET',
    `/api/v1/user/identification/${provider}/${method}`,
    { token },
  );
  expect(done.status).toBe(200);
  return done.body;
}
