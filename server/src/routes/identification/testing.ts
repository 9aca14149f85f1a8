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
 * Who identifies in a test: an account (its bearer token) or a direct signer (the Basic
 * credentials of their signing link, with the headers their calls carry).
 */
export type IdentCaller = string | { direct: Record<string, string> };

/** Calls an identification endpoint as the caller (`/v1/user/…` or `/v1/direct/user/…`). */
export function identCall(t: TestApp, caller: IdentCaller) {
  const base = typeof caller === 'string' ? '/api/v1/user' : '/api/v1/direct/user';
  return <T = unknown>(method: string, path: string, body?: unknown) =>
    t.request<T>(method, `${base}${path}`, {
      ...(body !== undefined ? { body } : {}),
      ...(typeof caller === 'string' ? { token: caller } : { headers: caller.direct }),
    });
}

/**
 * A whole sandbox identification: accept the provider's terms, book, start, pass with
 * `verified` (or fail), and let the webhooks arrive.
 */
export async function identify(
  t: TestApp,
  caller: IdentCaller,
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
  const as = identCall(t, caller);
  const accepted = await as('POST', '/accept', { [`tou_${provider}`]: true });
  expect(accepted.status).toBe(200);
  const booked = await as<TIdentInfo>('POST', `/identification/${provider}/${method}`, {
    legislation: options.legislation ?? 'ZERTES',
  });
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
  const done = await as<TIdentInfo>('GET', `/identification/${provider}/${method}`);
  expect(done.status).toBe(200);
  return done.body;
}
