import type { TBusiness } from '@signet/shared/business/business.schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { reuseTestDatabase } from '../../testing/reused-database.ts';
import { GOOD_PASSWORD, signUp } from '../auth/testing.ts';

let t: TestApp;
// One database for the file, emptied before each test.
const freshDatabase = reuseTestDatabase();
beforeEach(async () => {
  t = await createTestApp({ database: await freshDatabase() });
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

    // No business is not an error (every page asks): 200 with null.
    const none = await t.request('GET', '/api/v2/businesses/user', { token: admin.token });
    expect(none).toMatchObject({ status: 200, body: null });

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
      settings: { supportContact: { email: '', phone: '' } },
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

describe('the business profile and its admins', () => {
  const put = (token: string, id: string, body: unknown) =>
    t.request<TBusiness>('PUT', `/api/v1/businesses/${id}`, { token, body });

  it('an admin changes name, contact and support contact; fields left out stay', async () => {
    const admin = await signUp(t);
    const b = await create(admin.token, { name: 'Muster AG', email: 'office@muster.ch' });
    const res = await put(admin.token, b.body.id, {
      name: '  Muster Treuhand AG ',
      phone: '044 123 4567',
      supportContact: { email: 'Help@Muster.CH', phone: '+(041) 791-234567' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Muster Treuhand AG',
      email: 'office@muster.ch',
      phone: '044 123 4567',
      settings: { supportContact: { email: 'help@muster.ch', phone: '+(041) 791-234567' } },
    });
    // An empty value clears; the other stays.
    const cleared = await put(admin.token, b.body.id, { phone: '', supportContact: { phone: '' } });
    expect(cleared.body).toMatchObject({
      phone: null,
      settings: { supportContact: { email: 'help@muster.ch', phone: '' } },
    });
    const again = await t.request<TBusiness>('GET', '/api/v2/businesses/user', {
      token: admin.token,
    });
    expect(again.body).toEqual(cleared.body);
  });

  it('refuses invalid values field by field with the rule they break, and changes nothing', async () => {
    const admin = await signUp(t);
    const b = await create(admin.token, { name: 'Muster AG', email: 'office@muster.ch' });
    const res = await put(admin.token, b.body.id, {
      name: '',
      supportContact: { email: 'not-an-address', phone: '12' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const issues = (res.body as unknown as { details: Record<string, unknown>[] }).details;
    expect(issues.map((i) => [i.path, i.rule ?? i.code])).toEqual([
      [['name'], 'too_small'],
      [['supportContact', 'email'], 'email'],
      [['supportContact', 'phone'], 'format'],
    ]);
    expect(issues[0]).toMatchObject({ minimum: 1 });
    const unknown = await put(admin.token, b.body.id, { name: 'X', owner: 'me' });
    expect(unknown.status).toBe(400);
    const after = await t.request<TBusiness>('GET', '/api/v2/businesses/user', {
      token: admin.token,
    });
    expect(after.body.name).toBe('Muster AG');
  });

  it('lets only admins change it: members get 403, outsiders 404', async () => {
    const admin = await signUp(t);
    const member = await signUp(t);
    const outsider = await signUp(t);
    const b = await create(admin.token, { name: 'Muster AG', email: 'office@muster.ch' });
    await t.db
      .insert(businessMembers)
      .values({ businessId: b.body.id, userId: member.user.id, role: 'member' });
    expect(await put(member.token, b.body.id, { name: 'Mine' })).toMatchObject({
      status: 403,
      body: { code: 'NOT_ALLOWED' },
    });
    expect(await put(outsider.token, b.body.id, { name: 'Mine' })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect((await put(outsider.token, 'not-a-uuid', { name: 'Mine' })).status).toBe(404);
    const after = await t.request<TBusiness>('GET', `/api/v1/businesses/${b.body.id}`, {
      token: admin.token,
    });
    expect(after.body.name).toBe('Muster AG');
  });

  it('lists the admins, longest-standing first, to members; outsiders get 404', async () => {
    const first = await signUp(t, { firstName: 'Erika' });
    const second = await signUp(t, { firstName: 'Łukasz' });
    const member = await signUp(t);
    const outsider = await signUp(t);
    const b = await create(first.token, { name: 'Muster AG', email: 'office@muster.ch' });
    await t.db.insert(businessMembers).values([
      { businessId: b.body.id, userId: member.user.id, role: 'member' },
      { businessId: b.body.id, userId: second.user.id, role: 'admin' },
    ]);
    const list = await t.request<{ items: { id: string; firstName: string; since: string }[] }>(
      'GET',
      `/api/v1/businesses/${b.body.id}/admins`,
      { token: member.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.items.map((a) => [a.id, a.firstName])).toEqual([
      [first.user.id, 'Erika'],
      [second.user.id, 'Łukasz'],
    ]);
    const hidden = await t.request('GET', `/api/v1/businesses/${b.body.id}/admins`, {
      token: outsider.token,
    });
    expect(hidden).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});
