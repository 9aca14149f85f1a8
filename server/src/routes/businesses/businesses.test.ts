import type { TBusiness } from '@signet/shared/business/business.schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { GOOD_PASSWORD, signUp } from '../auth/testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const create = (token: string, body: unknown) =>
  t.request<TBusiness>('POST', '/api/v2/businesses', { token, body });

describe('businesses', () => {
  it('creates a business with the caller as admin and shows it to members only', async () => {
    const admin = await signUp(t);
    const outsider = await signUp(t);

    const none = await t.request('GET', '/api/v2/businesses/user', { token: admin.token });
    expect(none).toMatchObject({ status: 404, body: { code: 'NO_BUSINESS' } });

    const res = await create(admin.token, {
      name: 'Muster AG',
      email: 'Office@Muster.CH',
      phone: '+(041) 791-234567',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Muster AG',
      email: 'office@muster.ch',
      phone: '+(041) 791-234567',
      admins: [admin.user.id],
      members: [admin.user.id],
    });

    const mine = await t.request<TBusiness>('GET', '/api/v2/businesses/user', {
      token: admin.token,
    });
    expect(mine.body).toEqual(res.body);
    const byId = await t.request<TBusiness>('GET', `/api/v1/businesses/${res.body.id}`, {
      token: admin.token,
    });
    expect(byId.body).toEqual(res.body);

    // A plain member sees it too; an outsider gets the same 404 as for a business that does not exist.
    const member = await signUp(t);
    await t.db
      .insert(businessMembers)
      .values({ businessId: res.body.id, userId: member.user.id, role: 'member' });
    const asMember = await t.request<TBusiness>('GET', `/api/v1/businesses/${res.body.id}`, {
      token: member.token,
    });
    expect(asMember.status).toBe(200);
    expect(asMember.body.members).toEqual([admin.user.id, member.user.id]);
    expect(asMember.body.admins).toEqual([admin.user.id]);

    const hidden = await t.request('GET', `/api/v1/businesses/${res.body.id}`, {
      token: outsider.token,
    });
    const missing = await t.request(
      'GET',
      '/api/v1/businesses/00000000-0000-4000-8000-000000000000',
      {
        token: outsider.token,
      },
    );
    const garbage = await t.request('GET', '/api/v1/businesses/not-a-uuid', {
      token: outsider.token,
    });
    for (const r of [hidden, missing, garbage]) {
      expect(r).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
  });

  it('allows one business per user', async () => {
    const { token } = await signUp(t);
    expect((await create(token, { name: 'One', email: 'one@example.ch' })).status).toBe(201);
    const second = await create(token, { name: 'Two', email: 'two@example.ch' });
    expect(second).toMatchObject({ status: 409, body: { code: 'ALREADY_IN_BUSINESS' } });
    expect(await t.db.select().from(businesses)).toHaveLength(1);
  });

  it('deleting the only member deletes the business; the last admin of others must hand over', async () => {
    const solo = await signUp(t);
    const b1 = await create(solo.token, { name: 'Solo', email: 'solo@example.ch' });
    await t.request('POST', '/api/v1/user/delete', {
      token: solo.token,
      body: { password: GOOD_PASSWORD },
    });
    expect(await t.db.select().from(businesses).where(eq(businesses.id, b1.body.id))).toHaveLength(
      0,
    );

    const admin = await signUp(t);
    const member = await signUp(t);
    const b2 = await create(admin.token, { name: 'Team', email: 'team@example.ch' });
    await t.db
      .insert(businessMembers)
      .values({ businessId: b2.body.id, userId: member.user.id, role: 'member' });
    const refused = await t.request('POST', '/api/v1/user/delete', {
      token: admin.token,
      body: { password: GOOD_PASSWORD },
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'LAST_BUSINESS_ADMIN' } });
    // The member can leave: the business stays with its admin.
    const left = await t.request('POST', '/api/v1/user/delete', {
      token: member.token,
      body: { password: GOOD_PASSWORD },
    });
    expect(left.status).toBe(200);
    const after = await t.request<TBusiness>('GET', '/api/v2/businesses/user', {
      token: admin.token,
    });
    expect(after.body.members).toEqual([admin.user.id]);
  });
});
