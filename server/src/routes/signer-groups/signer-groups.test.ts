import type { TApiUserWithKey } from '@signet/shared/api-user/api-user.schema';
import { SIGNER_GROUP_ERRORS } from '@signet/shared/signer-group/signer-group.constants';
import type { TSignerGroup } from '@signet/shared/signer-group/signer-group.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/businesses.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { as, businessCast, newBusiness } from '../businesses/testing.ts';

let t: TestApp;
let cast: Awaited<ReturnType<typeof businessCast>>;

/** Signer-group limits come with the plan (billing sets them); the tests set them directly. */
async function setLimits(businessId: string, maxGroups: number, maxParticipants: number) {
  const [row] = await t.db.select().from(businesses).where(eq(businesses.id, businessId));
  await t.db
    .update(businesses)
    .set({ settings: { ...(row?.settings ?? {}), signerGroups: { maxGroups, maxParticipants } } })
    .where(eq(businesses.id, businessId));
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await businessCast(t);
});
afterAll(() => t.close());

const approvers = ['anna@example.ch', 'Ben@Example.ch'];

describe('signer groups', () => {
  it('are off until the plan allows them (maxGroups 0 by default)', async () => {
    for (const who of [cast.admin, cast.member, cast.stranger]) {
      const res = await as(t, who)<{ code: string }>('GET', '/v3/groups');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(SIGNER_GROUP_ERRORS.off);
    }
    const create = await as(t, cast.admin)<{ code: string }>('POST', '/v3/groups', {
      name: 'Approvers',
      members: approvers,
    });
    expect(create.body.code).toBe(SIGNER_GROUP_ERRORS.off);
  });

  it('are kept by admins within the limits and used by every member', async () => {
    await setLimits(cast.business.id, 2, 3);
    const created = await as(t, cast.admin)<TSignerGroup>('POST', '/v3/groups', {
      name: 'Approvers',
      members: approvers,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Approvers',
      memberCount: 2,
      members: ['anna@example.ch', 'ben@example.ch'],
    });
    const id = created.body.id;

    // Members read and use them; only admins change them.
    const list = await as(t, cast.member)<TSignerGroup[]>('GET', '/v3/groups');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id, memberCount: 2 })]);
    expect(list.body[0]?.members).toBeUndefined();
    const one = await as(t, cast.member)<TSignerGroup>(
      'GET',
      `/v3/groups/${id}?includeMembers=true`,
    );
    expect(one.body.members).toEqual(['anna@example.ch', 'ben@example.ch']);
    expect(
      (await as(t, cast.member)('PUT', `/v3/groups/${id}`, { name: 'x', members: approvers }))
        .status,
    ).toBe(403);
    expect((await as(t, cast.member)('DELETE', `/v1/groups/${id}`)).status).toBe(403);
    expect((await as(t, cast.stranger)('GET', `/v3/groups/${id}`)).status).toBe(403);

    // Bad input and the limits: refused with a code, nothing changes.
    const tooMany = await as(t, cast.admin)<{ code: string }>('PUT', `/v3/groups/${id}`, {
      name: 'Approvers',
      members: ['a@example.ch', 'b@example.ch', 'c@example.ch', 'd@example.ch'],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe(SIGNER_GROUP_ERRORS.tooManyMembers);
    const twice = await as(t, cast.admin)<{ code: string }>('POST', '/v3/groups', {
      name: 'Twice',
      members: ['a@example.ch', 'A@example.ch'],
    });
    expect(twice.body.code).toBe(SIGNER_GROUP_ERRORS.duplicateMember);
    expect(
      (await as(t, cast.admin)('POST', '/v3/groups', { name: '', members: approvers })).status,
    ).toBe(400);
    expect(
      (await as(t, cast.admin)('POST', '/v3/groups', { name: 'No one', members: [] })).status,
    ).toBe(400);
    expect(
      (await as(t, cast.admin)('POST', '/v3/groups', { name: 'Bad', members: ['nope'] })).status,
    ).toBe(400);
    const second = await as(t, cast.admin)('POST', '/v3/groups', {
      name: 'Legal',
      members: ['l@example.ch'],
    });
    expect(second.status).toBe(201);
    const third = await as(t, cast.admin)<{ code: string }>('POST', '/v3/groups', {
      name: 'Third',
      members: ['x@example.ch'],
    });
    expect(third.status).toBe(409);
    expect(third.body.code).toBe(SIGNER_GROUP_ERRORS.tooMany);
    expect((await as(t, cast.admin)<TSignerGroup[]>('GET', '/v3/groups')).body).toHaveLength(2);

    const renamed = await as(t, cast.admin)<TSignerGroup>('PUT', `/v3/groups/${id}`, {
      name: 'Weekly approvers',
      members: ['c@example.ch', ...approvers],
    });
    expect(renamed.body).toMatchObject({ name: 'Weekly approvers', memberCount: 3 });
    expect((await as(t, cast.admin)('DELETE', `/v1/groups/${id}`)).status).toBe(200);
    expect((await as(t, cast.admin)('GET', `/v3/groups/${id}`)).status).toBe(404);
  });

  it("are the business's own: another business and its API users never see them", async () => {
    const other = await newBusiness(t, 'Andere AG');
    await setLimits(other.business.id, 5, 5);
    const theirs = await as(t, other.admin)<TSignerGroup>('POST', '/v3/groups', {
      name: 'Theirs',
      members: ['z@example.ch'],
    });
    expect(theirs.status).toBe(201);
    expect((await as(t, cast.admin)('GET', `/v3/groups/${theirs.body.id}`)).status).toBe(404);
    expect((await as(t, cast.admin)('DELETE', `/v1/groups/${theirs.body.id}`)).status).toBe(404);
    expect((await as(t, cast.admin)('GET', '/v3/groups/not-a-uuid')).status).toBe(404);

    // An API user of our business keeps our groups (and only ours).
    const key = await as(t, cast.admin)<TApiUserWithKey>(
      'POST',
      `/v1/businesses/${cast.business.id}/apis`,
      {
        name: 'Groups',
      },
    );
    const headers = {
      Authorization: `Basic ${Buffer.from(`${key.body.username}:${key.body.apiKey}`).toString('base64')}`,
    };
    const mine = await t.request<TSignerGroup[]>('GET', '/api/v3/groups', { headers });
    expect(mine.status).toBe(200);
    expect(mine.body.map((g) => g.name)).toEqual(['Legal']);
    const made = await t.request<TSignerGroup>('POST', '/api/v3/groups', {
      headers,
      body: { name: 'From the ERP', members: ['erp@example.ch'] },
    });
    expect(made.status).toBe(201);
    expect((await t.request('GET', `/api/v3/groups/${theirs.body.id}`, { headers })).status).toBe(
      404,
    );
    expect((await t.request('DELETE', `/api/v1/groups/${made.body.id}`, { headers })).status).toBe(
      200,
    );
  });

  it('are on for new businesses of an installation that sets SIGNER_GROUP_LIMITS', async () => {
    const own = await createTestApp({ env: { SIGNER_GROUP_LIMITS: '3/10' }, database: t.database });
    try {
      const { business, admin } = await newBusiness(own);
      expect(business.settings.signerGroups).toEqual({ maxGroups: 3, maxParticipants: 10 });
      const created = await as(own, admin)<TSignerGroup>('POST', '/v3/groups', {
        name: 'Approvers',
        members: approvers,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    } finally {
      await own.close();
    }
  });
});
