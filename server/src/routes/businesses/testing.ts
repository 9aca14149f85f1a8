import type { TBusiness } from '@signet/shared/business/business.schema';
import type { TSessionWithUser } from '@signet/shared/user/user.schema';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';

export type Person = TSessionWithUser & { email: string; password: string };

/** `t.request` as `who`, expecting JSON. */
export const as =
  (t: TestApp, who: { token: string }) =>
  <T = unknown>(method: string, path: string, body?: unknown) =>
    t.request<T>(method, `/api${path}`, {
      token: who.token,
      ...(body !== undefined ? { body } : {}),
    });

/** A business with an admin (its creator). */
export async function newBusiness(
  t: TestApp,
  name = 'Muster AG',
  admin?: Person,
): Promise<{ business: TBusiness; admin: Person }> {
  const owner = admin ?? (await signUp(t, { firstName: 'Ada' }));
  const res = await t.request<TBusiness>('POST', '/api/v2/businesses', {
    token: owner.token,
    body: { name, email: `office.${owner.user.id.slice(0, 8)}@example.ch` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { business: res.body, admin: owner };
}

/** Invites `person` by mail and has them accept: a plain member. */
export async function addMember(
  t: TestApp,
  businessId: string,
  admin: { token: string },
  person: Person,
): Promise<void> {
  const invited = await as(t, admin)('POST', `/v1/businesses/${businessId}/members`, {
    users: [person.email],
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const accepted = await as(t, person)('POST', '/v1/user/accept', { business_invite: true });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

/** A business with an admin, a plain member and a stranger (signed up, in no business). */
export async function businessCast(t: TestApp): Promise<{
  business: TBusiness;
  admin: Person;
  member: Person;
  stranger: Person;
}> {
  // One after the other: each signup drains the mailbox.
  const { business, admin } = await newBusiness(t);
  const member = await signUp(t, { firstName: 'Mia' });
  const stranger = await signUp(t, { firstName: 'Sven' });
  await addMember(t, business.id, admin, member);
  return { business, admin, member, stranger };
}
