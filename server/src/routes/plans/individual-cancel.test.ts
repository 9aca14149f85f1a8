import { addMonths } from '@signet/shared/billing/pricing.rules';
import { PLAN_ERRORS, PLAN_SANDBOX_PATH } from '@signet/shared/plan/plan.constants';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { startIndividualPlan } from '../../services/billing/direct-upgrade.ts';
import { signUp } from '../auth/testing.ts';
import { createDocumentsTestApp, uploadMultipart } from '../documents/testing.ts';
import { buyIndividualPlan, INDIVIDUAL_PLAN } from './testing.ts';

let t: Awaited<ReturnType<typeof createDocumentsTestApp>>;
beforeAll(async () => {
  t = await createDocumentsTestApp();
});
afterAll(() => t.cleanup());

type TAnswer = TUserPlan & { code?: string };
const post = (who: { token: string }, path: string) =>
  t.request<TAnswer>('POST', `/api${path}`, { token: who.token });
const cancel = (who: { token: string }) => post(who, '/v2/businesses/direct_upgrade/cancel');
const revoke = (who: { token: string }) => post(who, '/v2/businesses/direct_upgrade/revoke_cancel');
const migrate = (who: { token: string }) => post(who, '/v1/user/plan/free_migration');
const planOf = (who: { token: string }) =>
  t.request<TUserPlan>('GET', '/api/v1/user/plan', { token: who.token });
const uploadStatus = async (who: { token: string }) =>
  (await uploadMultipart(t, who.token, await makeTestPdf())).status;
const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

/** Time passing: the test system's plan clock moves the plan a month and a day back. */
async function reachPlanEnd(userId: string): Promise<void> {
  const res = await t.request('POST', `${PLAN_SANDBOX_PATH}/clock`, {
    body: { userId, days: 32 },
  });
  expect(res.status).toBe(200);
}

describe('cancelling the individual plan (the free plan downgrade)', () => {
  it('runs to the period end (cancelling, revocable), then the free plan refuses upload again', async () => {
    const person = await signUp(t, { plan: 'free' });
    const bought = await buyIndividualPlan(t, person);
    expect(bought.individual).toMatchObject({
      name: INDIVIDUAL_PLAN,
      cycle: 'monthly',
      state: 'active',
      endsAt: null,
    });
    const started = new Date(bought.individual?.startedAt ?? '');
    expect(bought.individual?.periodEndsAt).toBe(addMonths(started, 1).toISOString());

    const cancelled = await cancel(person);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ kind: 'individual', uploadAllowed: true });
    expect(cancelled.body.individual).toMatchObject({ state: 'cancelling' });
    expect(cancelled.body.individual?.endsAt).toBe(bought.individual?.periodEndsAt);
    expect(await uploadStatus(person)).toBe(201);

    const twice = await cancel(person);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('PLAN_NOT_CANCELLABLE');

    const revoked = await revoke(person);
    expect(revoked.status).toBe(200);
    expect(revoked.body.individual).toMatchObject({ state: 'active', endsAt: null });
    expect((await row(person.user.id))?.individualPlanEndsAt).toBeNull();
    const again = await revoke(person);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PLAN_NOT_CANCELLING');

    expect((await cancel(person)).status).toBe(200);
    await reachPlanEnd(person.user.id);
    const ended = await planOf(person);
    expect(ended.body).toMatchObject({
      kind: 'free',
      name: null,
      uploadAllowed: false,
      individual: { state: 'cancelled', periodEndsAt: null },
    });
    expect(ended.body.signatures).not.toBeNull();
    expect(await uploadStatus(person)).toBe(402);
    const late = await revoke(person);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('PLAN_NOT_CANCELLING');
    expect((await cancel(person)).status).toBe(409);

    // Bought again, it runs on: the old end is gone.
    const rebought = await buyIndividualPlan(t, person);
    expect(rebought.individual).toMatchObject({ state: 'active', endsAt: null });
    expect(await uploadStatus(person)).toBe(201);
  });

  it('ends a yearly plan with its current year', async () => {
    const person = await signUp(t, { plan: 'free' });
    const start = new Date(Date.UTC(2024, 1, 29, 10));
    await startIndividualPlan(
      t.db,
      person.user.id,
      { name: INDIVIDUAL_PLAN, cycle: 'yearly' },
      'seti_yearly_fixture',
      start,
      false,
    );
    const res = await cancel(person);
    expect(res.status).toBe(200);
    const end = new Date(res.body.individual?.endsAt ?? '');
    expect(end.getTime()).toBeGreaterThan(Date.now());
    expect(end.getTime()).toBeLessThanOrEqual(addMonths(new Date(), 12).getTime());
    expect(end.getUTCMonth()).toBe(1);
    expect(end.getUTCHours()).toBe(10);
  });

  it('refuses a free account with 409 and changes nothing', async () => {
    const person = await signUp(t, { plan: 'free' });
    const before = await row(person.user.id);
    const res = await cancel(person);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PLAN_NOT_CANCELLABLE');
    expect((await revoke(person)).body.code).toBe('PLAN_NOT_CANCELLING');
    expect(await row(person.user.id)).toEqual(before);
    expect((await t.request('POST', '/api/v2/businesses/direct_upgrade/cancel')).status).toBe(401);
  });
});

describe('the free migration', () => {
  it('moves a legacy free account to the new free plan (free_migrated): no upload from then on', async () => {
    const legacy = await signUp(t, { plan: 'legacy' });
    expect(await uploadStatus(legacy)).toBe(201);
    const res = await migrate(legacy);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'free',
      freeAccountType: 'free_migrated',
      uploadAllowed: false,
    });
    expect(await uploadStatus(legacy)).toBe(402);
    const twice = await migrate(legacy);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe(PLAN_ERRORS.notLegacy);
  });

  it('refuses accounts not on the legacy free plan, changing nothing', async () => {
    const person = await signUp(t, { plan: 'free' });
    const before = await row(person.user.id);
    const res = await migrate(person);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(PLAN_ERRORS.notLegacy);
    expect(await row(person.user.id)).toEqual(before);
  });

  it('is what buying the individual plan (the fair-flat migration) does to a legacy account', async () => {
    const legacy = await signUp(t, { plan: 'legacy' });
    const bought = await buyIndividualPlan(t, legacy);
    expect(bought.freeAccountType).toBe('free_migrated');
    expect((await migrate(legacy)).status).toBe(409);
    expect((await cancel(legacy)).status).toBe(200);
    await reachPlanEnd(legacy.user.id);
    expect((await planOf(legacy)).body).toMatchObject({ kind: 'free', uploadAllowed: false });
  });
});
