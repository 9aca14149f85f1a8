import type {
  TBusiness,
  TBusinessMemberList,
  TInvitationList,
} from '@signet/shared/business/business.schema';
import type { TUser } from '@signet/shared/user/user.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessEvents } from '../../db/schema/business-events.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp, uniqueEmail } from '../auth/testing.ts';
import { insertDocument } from '../signature-requests/testing.ts';
import { addMember, as, newBusiness } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const roles = async (businessId: string) =>
  (await t.db.select().from(businessMembers).where(eq(businessMembers.businessId, businessId)))
    .map((m) => `${m.role}`)
    .sort();

describe('invitations', () => {
  it('an address with an account becomes a member who must accept; the mail links to /invite/{id}', async () => {
    const { business, admin } = await newBusiness(t, 'Invite AG');
    const anna = await signUp(t, { firstName: 'Anna' });
    const res = await as(t, admin)<TInvitationList>(
      'POST',
      `/v1/businesses/${business.id}/members`,
      {
        users: [anna.email.toUpperCase()],
      },
    );
    expect(res.status).toBe(201);
    const [invitation] = res.body.items;
    expect(invitation).toMatchObject({
      email: anna.email,
      status: 'pending',
      userId: anna.user.id,
    });

    const mail = await t.mailbox.last(anna.email);
    expect(mail?.subject).toContain('Invite AG');
    expect(mail?.lang).toBe('de-ch');
    expect(mail?.links.map((l) => new URL(l).pathname)).toContain(`/invite/${invitation?.id}`);

    // Not answered yet: listed as invited, the user is asked, business calls treat them as outsiders.
    const mine = await as(t, anna)<TBusiness>('GET', '/v2/businesses/user');
    expect(mine.body.invitedMembers).toEqual([anna.user.id]);
    const me = await as(t, anna)<TUser>('GET', '/v1/user');
    expect(me.body.attributes.acceptedBusinessInvite).toBe(false);
    expect((await as(t, anna)('GET', `/v1/businesses/${business.id}`)).status).toBe(404);
    const pending = await as(t, admin)<TInvitationList>(
      'GET',
      `/v2/businesses/${business.id}/invitations`,
    );
    expect(pending.body.items.map((i) => i.email)).toEqual([anna.email]);

    const accepted = await as(t, anna)<TUser>('POST', '/v1/user/accept', { business_invite: true });
    expect(accepted.body.attributes.acceptedBusinessInvite).toBe(true);
    expect((await as(t, anna)('GET', `/v1/businesses/${business.id}`)).status).toBe(200);
    const after = await as(t, admin)<TInvitationList>(
      'GET',
      `/v2/businesses/${business.id}/invitations`,
    );
    expect(after.body.items).toEqual([]);
    // Nothing left to answer.
    const again = await as(t, anna)('POST', '/v1/user/accept', { business_invite: true });
    expect(again).toMatchObject({ status: 409, body: { code: 'NO_PENDING_INVITATION' } });
  });

  it('an address without an account is invited through signup and attached when it registers', async () => {
    const { business, admin } = await newBusiness(t, 'Signup AG');
    const email = uniqueEmail('newcomer');
    const res = await as(t, admin)<TInvitationList>(
      'POST',
      `/v1/businesses/${business.id}/members`,
      {
        users: [email],
      },
    );
    expect(res.body.items[0]).toMatchObject({ userId: null });
    const link = new URL((await t.mailbox.last(email))?.links[0] ?? '');
    expect(link.pathname).toBe('/signup');
    expect(link.searchParams.get('redirect')).toBe(`/invite/${res.body.items[0]?.id}`);
    const newcomer = await signUp(t, { email });
    expect(newcomer.user.attributes.acceptedBusinessInvite).toBe(false);
    const declined = await as(t, newcomer)<TUser>('POST', '/v1/user/accept', {
      business_invite: false,
    });
    expect(declined.status).toBe(200);
    expect(await as(t, newcomer)('GET', '/v2/businesses/user')).toMatchObject({ body: null });
    const log = await t.db
      .select()
      .from(businessEvents)
      .where(eq(businessEvents.businessId, business.id));
    expect(log.map((e) => e.type)).toEqual(
      expect.arrayContaining(['member_invited', 'invitation_declined']),
    );
  });

  it('refuses an address of another business with a code and invites nobody of the call', async () => {
    const { business, admin } = await newBusiness(t, 'First AG');
    const { admin: otherAdmin } = await newBusiness(t, 'Second AG');
    const free = uniqueEmail('free');
    const res = await as(t, admin)('POST', `/v1/businesses/${business.id}/members`, {
      users: [free, otherAdmin.email],
    });
    expect(res).toMatchObject({
      status: 409,
      body: { code: 'MEMBER_OF_OTHER_BUSINESS', details: { emails: [otherAdmin.email] } },
    });
    const pending = await as(t, admin)<TInvitationList>(
      'GET',
      `/v2/businesses/${business.id}/invitations`,
    );
    expect(pending.body.items).toEqual([]);
    expect(await t.mailbox.last(free)).toBeUndefined();
    // A member of this business is refused too.
    const self = await as(t, admin)('POST', `/v1/businesses/${business.id}/members`, {
      users: [admin.email],
    });
    expect(self).toMatchObject({ status: 409, body: { code: 'ALREADY_MEMBER' } });
  });

  it('a cancelled invitation ends the waiting membership; bad input is 400 with nothing changed', async () => {
    const { business, admin } = await newBusiness(t, 'Cancel AG');
    const bob = await signUp(t, { firstName: 'Bob' });
    const res = await as(t, admin)<TInvitationList>(
      'POST',
      `/v1/businesses/${business.id}/members`,
      {
        users: [bob.email],
      },
    );
    const id = res.body.items[0]?.id;
    const cancel = await as(t, admin)('DELETE', `/v1/businesses/${business.id}/invitations/${id}`);
    expect(cancel).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await as(t, bob)('GET', '/v2/businesses/user')).toMatchObject({ body: null });
    const me = await as(t, bob)<TUser>('GET', '/v1/user');
    expect(me.body.attributes.acceptedBusinessInvite).toBe(true);
    const twice = await as(t, admin)('DELETE', `/v1/businesses/${business.id}/invitations/${id}`);
    expect(twice).toMatchObject({ status: 404, body: { code: 'INVITATION_NOT_FOUND' } });

    for (const body of [
      {},
      { users: [] },
      { users: ['not-an-address'] },
      { users: 'a@b.ch' },
      { users: [bob.email], extra: true },
    ]) {
      const bad = await as(t, admin)('POST', `/v1/businesses/${business.id}/members`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const none = await as(t, admin)<TInvitationList>(
      'GET',
      `/v2/businesses/${business.id}/invitations`,
    );
    expect(none.body.items).toEqual([]);
  });
});

describe('roles and removal', () => {
  it('promotes and demotes, and never leaves the business without an admin', async () => {
    const { business, admin } = await newBusiness(t, 'Roles AG');
    const mia = await signUp(t, { firstName: 'Mia' });
    await addMember(t, business.id, admin, mia);
    const promoted = await as(t, admin)<TBusiness>(
      'POST',
      `/v1/businesses/${business.id}/change-to-admins`,
      {
        user_ids: [mia.user.id],
      },
    );
    expect(promoted.body.admins.sort()).toEqual([admin.user.id, mia.user.id].sort());
    // Both admins at once: refused, nothing changed.
    const both = await as(t, mia)('POST', `/v1/businesses/${business.id}/change-to-members`, {
      user_ids: [admin.user.id, mia.user.id],
    });
    expect(both).toMatchObject({ status: 409, body: { code: 'LAST_BUSINESS_ADMIN' } });
    expect(await roles(business.id)).toEqual(['admin', 'admin']);
    const demoted = await as(t, mia)<TBusiness>(
      'POST',
      `/v1/businesses/${business.id}/change-to-members`,
      {
        user_ids: [admin.user.id],
      },
    );
    expect(demoted.body.admins).toEqual([mia.user.id]);
    // The last admin cannot demote or remove herself.
    const self = await as(t, mia)('POST', `/v1/businesses/${business.id}/change-to-members`, {
      user_ids: [mia.user.id],
    });
    expect(self).toMatchObject({ status: 409, body: { code: 'LAST_BUSINESS_ADMIN' } });
    const removeSelf = await as(t, mia)('POST', `/v1/businesses/${business.id}/remove-members`, {
      user_ids: [mia.user.id],
    });
    expect(removeSelf).toMatchObject({ status: 409, body: { code: 'LAST_BUSINESS_ADMIN' } });
    // The demoted admin is a member now: admin calls are 403.
    const asMember = await as(t, admin)('POST', `/v1/businesses/${business.id}/change-to-admins`, {
      user_ids: [admin.user.id],
    });
    expect(asMember).toMatchObject({ status: 403, body: { code: 'NOT_ALLOWED' } });
    const unknown = await as(t, mia)('POST', `/v1/businesses/${business.id}/change-to-admins`, {
      user_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'MEMBER_NOT_FOUND' } });
  });

  it('two admins demoting each other at the same instant leave one admin', async () => {
    const { business, admin: a } = await newBusiness(t, 'Race AG');
    const b = await signUp(t, { firstName: 'Ben' });
    await addMember(t, business.id, a, b);
    await as(t, a)('POST', `/v1/businesses/${business.id}/change-to-admins`, {
      user_ids: [b.user.id],
    });
    for (const [kind, path] of [
      ['demote', 'change-to-members'],
      ['remove', 'remove-members'],
    ] as const) {
      const [ra, rb] = await Promise.all([
        as(t, a)('POST', `/v1/businesses/${business.id}/${path}`, { user_ids: [b.user.id] }),
        as(t, b)('POST', `/v1/businesses/${business.id}/${path}`, { user_ids: [a.user.id] }),
      ]);
      // One wins; the other, run after it under the business lock, is no longer an admin (403),
      // no longer a member (404, after a removal) or would leave none (409).
      expect(
        [ra.status, rb.status].filter((s) => s === 200),
        kind,
      ).toHaveLength(1);
      const refused = ra.status === 200 ? rb : ra;
      expect(['NOT_ALLOWED', 'NOT_FOUND', 'LAST_BUSINESS_ADMIN'], kind).toContain(
        (refused.body as { code: string }).code,
      );
      expect((await roles(business.id)).filter((r) => r === 'admin')).toHaveLength(1);
      if (kind === 'demote') {
        // Make both admins again for the removal round.
        const winner = ra.status === 200 ? a : b;
        const loser = winner === a ? b : a;
        await as(t, winner)('POST', `/v1/businesses/${business.id}/change-to-admins`, {
          user_ids: [loser.user.id],
        });
      }
    }
  });

  it('the database refuses a commit that leaves no admin, whatever the code does', async () => {
    const { business } = await newBusiness(t, 'Guard AG');
    const other = await signUp(t);
    await t.db
      .insert(businessMembers)
      .values({ businessId: business.id, userId: other.user.id, role: 'member' });
    await expect(
      t.db
        .update(businessMembers)
        .set({ role: 'member' })
        .where(eq(businessMembers.businessId, business.id)),
    ).rejects.toThrow();
    expect(await roles(business.id)).toEqual(['admin', 'member']);
  });

  it('removed members keep their requests and are told; a member may leave by naming only themselves', async () => {
    const { business, admin } = await newBusiness(t, 'Leave AG');
    const mia = await signUp(t, { firstName: 'Mia' });
    const tom = await signUp(t, { firstName: 'Tom' });
    await addMember(t, business.id, admin, mia);
    await addMember(t, business.id, admin, tom);
    const doc = await insertDocument(t, mia.user.id);
    const created = await as(t, mia)<{ id: string }>('POST', '/v3/signature-requests', {
      title: 'Mia’s contract',
      documents: [{ document_id: doc.id }],
      signatures: [],
    });
    expect(created.status).toBe(201);
    const [before] = await t.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, created.body.id));
    expect(before?.businessId).toBe(business.id);

    // A member cannot remove someone else.
    const notAllowed = await as(t, tom)('POST', `/v1/businesses/${business.id}/remove-members`, {
      user_ids: [mia.user.id],
    });
    expect(notAllowed).toMatchObject({ status: 403, body: { code: 'NOT_ALLOWED' } });
    const removed = await as(t, admin)('POST', `/v1/businesses/${business.id}/remove-members`, {
      user_ids: [mia.user.id],
    });
    expect(removed.status).toBe(200);
    const me = await as(t, mia)<TUser>('GET', '/v1/user');
    expect(me.body.attributes.removedFromBusiness).toBe(true);
    const still = await as(t, mia)<{ id: string }>(
      'GET',
      `/v3/signature-requests/${created.body.id}`,
    );
    expect(still.status).toBe(200);
    const [after] = await t.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, created.body.id));
    expect(after?.businessId).toBeNull();
    // The dialog was read: the flag clears (and can only be cleared).
    const cleared = await as(t, mia)<TUser>('PUT', '/v1/user', {
      attributes: { removedFromBusiness: false },
    });
    expect(cleared.body.attributes.removedFromBusiness).toBe(false);
    const set = await as(t, mia)('PUT', '/v1/user', { attributes: { removedFromBusiness: true } });
    expect(set.status).toBe(400);

    const left = await as(t, tom)('POST', `/v1/businesses/${business.id}/remove-members`, {
      user_ids: [tom.user.id],
    });
    expect(left.status).toBe(200);
    const tomNow = await as(t, tom)<TUser>('GET', '/v1/user');
    expect(tomNow.body.attributes.removedFromBusiness).toBe(false);
    expect(await roles(business.id)).toEqual(['admin']);
  });

  it('lists members paged and sorted on the server, and sets cost centres', async () => {
    const { business, admin } = await newBusiness(t, 'List AG');
    const people = [];
    for (const firstName of ['Zoë', 'Łukasz', 'Άννα']) people.push(await signUp(t, { firstName }));
    for (const p of people) await addMember(t, business.id, admin, p);
    const cc = await as(t, admin)(
      'PUT',
      `/v1/businesses/${business.id}/members/${people[0]?.user.id}`,
      {
        costCentre: 'CC-100 Zürich',
      },
    );
    expect(cc).toMatchObject({
      status: 200,
      body: { costCentre: 'CC-100 Zürich', role: 'member' },
    });
    const page = await as(t, admin)<TBusinessMemberList>(
      'GET',
      `/v1/businesses/${business.id}/members?page=0&size=2&sort=email&order=desc`,
    );
    expect(page.body.total).toBe(4);
    expect(page.body.items).toHaveLength(2);
    const all = [admin, ...people]
      .map((p) => p.email)
      .sort()
      .reverse();
    expect(page.body.items.map((m) => m.email)).toEqual(all.slice(0, 2));
    const bad = await as(t, admin)('GET', `/v1/businesses/${business.id}/members?size=1000`);
    expect(bad.status).toBe(400);
    const badSort = await as(t, admin)(
      'GET',
      `/v1/businesses/${business.id}/members?sort=password`,
    );
    expect(badSort.status).toBe(400);
  });
});
