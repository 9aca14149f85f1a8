import type { TBusiness } from '@signet/shared/business/business.schema';
import type { TUser } from '@signet/shared/user/user.schema';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businessSignatures } from '../../db/schema/business-signatures.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { jobs } from '../../db/schema/outbox.ts';
import { requestEvents } from '../../db/schema/request-events.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { carryOutBusinessDeletion } from '../../services/businesses/delete-business.ts';
import { runRetention } from '../../services/businesses/retention.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { insertDocument, simulateSignature } from '../signature-requests/testing.ts';
import { addMember, as, newBusiness, type Person } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const log = { info: () => {}, warn: () => {} };
const DAY = 86_400_000;

/** A request of `owner` sent to `signer` and signed: SIGNED, with its evidence log. */
async function signedRequest(owner: Person, signer: Person, title = 'Kaufvertrag') {
  const doc = await insertDocument(t, owner.user.id);
  const created = await as(t, owner)<{ id: string }>('POST', '/v3/signature-requests', {
    title,
    documents: [{ document_id: doc.id }],
    signatures: [{ account_email: signer.email }],
  });
  expect(created.status).toBe(201);
  expect(
    (await as(t, owner)('POST', `/v3/signature-requests/${created.body.id}/initiate`)).status,
  ).toBe(200);
  await simulateSignature(t, created.body.id, signer.email);
  return created.body.id;
}

describe('deleting a business', () => {
  it('is scheduled, can be revoked, and is carried out by its job — resuming after a crash', async () => {
    const { business, admin } = await newBusiness(t, 'Bye AG');
    const members: Person[] = [];
    for (const firstName of ['Ola', 'Per', 'Åsa']) {
      const p = await signUp(t, { firstName });
      await addMember(t, business.id, admin, p);
      members.push(p);
    }
    const { business: other, admin: otherAdmin } = await newBusiness(t, 'Stays AG');
    const requestId = await signedRequest(members[0] as Person, otherAdmin);

    const scheduled = await as(t, admin)<TBusiness>('DELETE', `/v2/businesses/${business.id}`);
    expect(scheduled.status).toBe(200);
    const due = new Date(scheduled.body.deletionDueAt ?? '');
    expect(Math.round((due.getTime() - Date.now()) / DAY)).toBe(14);
    const revoked = await as(t, admin)<TBusiness>(
      'POST',
      `/v2/businesses/${business.id}/revoke_delete`,
    );
    expect(revoked.body.deletionDueAt).toBeNull();
    const again = await as(t, admin)('POST', `/v2/businesses/${business.id}/revoke_delete`);
    expect(again).toMatchObject({ status: 409, body: { code: 'DELETION_NOT_SCHEDULED' } });
    // The queued job finds nothing to do once revoked.
    expect(
      await carryOutBusinessDeletion(
        { db: t.db, config: t.config, log },
        business.id,
        new Date(Date.now() + 15 * DAY),
      ),
    ).toBe(false);

    await as(t, admin)('DELETE', `/v2/businesses/${business.id}`);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, 'business-deletion'));
    expect(job?.payload).toEqual({ businessId: business.id });
    // Not due yet: nothing happens.
    expect(await carryOutBusinessDeletion({ db: t.db, config: t.config, log }, business.id)).toBe(
      false,
    );

    // Due: the job crashes after its first batch (two of the four members)…
    await t.db
      .update(businesses)
      .set({ deletionDueAt: new Date(Date.now() - 1000) })
      .where(eq(businesses.id, business.id));
    let batches = 0;
    await expect(
      carryOutBusinessDeletion(
        {
          db: t.db,
          config: t.config,
          log,
          batchSize: 2,
          afterBatch: () => {
            batches++;
            throw new Error('crash');
          },
        },
        business.id,
      ),
    ).rejects.toThrow('crash');
    expect(batches).toBe(1);
    expect(
      await t.db.select().from(businessMembers).where(eq(businessMembers.businessId, business.id)),
    ).toHaveLength(2);
    // …and the run after it finishes.
    expect(await carryOutBusinessDeletion({ db: t.db, config: t.config, log }, business.id)).toBe(
      true,
    );
    expect(await t.db.select().from(businesses).where(eq(businesses.id, business.id))).toEqual([]);

    // Every member was told once and keeps their account and requests.
    for (const p of [admin, ...members]) {
      const mails = (await t.mailbox.all(p.email)).filter((m) => m.template === 'business-deleted');
      expect(mails, p.email).toHaveLength(1);
      expect(mails[0]?.subject).toContain('Bye AG');
      const me = await as(t, p)<TUser>('GET', '/v1/user');
      expect(me.body.attributes.businessDeleted).toBe(true);
      expect(await as(t, p)('GET', '/v2/businesses/user')).toMatchObject({
        status: 200,
        body: null,
      });
    }
    expect(
      (await as(t, members[0] as Person)('GET', `/v3/signature-requests/${requestId}`)).status,
    ).toBe(200);
    // The other business is untouched.
    const [stays] = await t.db.select().from(businesses).where(eq(businesses.id, other.id));
    expect(stays?.name).toBe('Stays AG');
    expect(
      await t.db.select().from(businessMembers).where(eq(businessMembers.businessId, other.id)),
    ).toHaveLength(1);
  });
});

describe('retention', () => {
  it('deletes finished requests of that business past the retention and keeps their evidence log', async () => {
    const { business, admin } = await newBusiness(t, 'Retention AG');
    const member = await signUp(t, { firstName: 'Rita' });
    await addMember(t, business.id, admin, member);
    const { admin: outsider } = await newBusiness(t, 'Other Retention AG');

    const old = await signedRequest(member, admin, 'Alt');
    const recent = await signedRequest(member, admin, 'Neu');
    const foreign = await signedRequest(outsider, admin, 'Fremd');
    const open = await (async () => {
      const doc = await insertDocument(t, member.user.id);
      const r = await as(t, member)<{ id: string }>('POST', '/v3/signature-requests', {
        title: 'Offen',
        documents: [{ document_id: doc.id }],
        signatures: [{ account_email: admin.email }],
      });
      await as(t, member)('POST', `/v3/signature-requests/${r.body.id}/initiate`);
      return r.body.id;
    })();
    const longAgo = new Date(Date.now() - 40 * DAY);
    await t.db
      .update(signatureRequests)
      .set({ completedAt: longAgo, updatedAt: longAgo })
      .where(inArray(signatureRequests.id, [old, foreign, open]));
    await as(t, admin)('PUT', `/v1/businesses/${business.id}/settings`, {
      signatureRequests: { retention: { enabled: true, terminalState: 30 } },
    });
    const eventsBefore = await t.db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, old));
    const counted = await t.db
      .select()
      .from(businessSignatures)
      .where(eq(businessSignatures.businessId, business.id));

    expect(await runRetention({ db: t.db, blobs: t.deps.blobs as never, log })).toBe(1);
    const rows = await t.db
      .select({ id: signatureRequests.id, deletedAt: signatureRequests.deletedAt })
      .from(signatureRequests)
      .where(inArray(signatureRequests.id, [old, recent, foreign, open]));
    const deleted = new Set(rows.filter((r) => r.deletedAt).map((r) => r.id));
    expect([...deleted]).toEqual([old]);
    expect((await as(t, member)('GET', `/v3/signature-requests/${old}`)).status).toBe(404);

    // The evidence log stays, closed by a 'deleted' entry, and its chain still verifies.
    const eventsAfter = await t.db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, old));
    expect(eventsAfter.slice(0, eventsBefore.length)).toEqual(eventsBefore);
    expect(eventsAfter.at(-1)).toMatchObject({ type: 'deleted', data: { reason: 'retention' } });
    // The usage it counted stays counted.
    expect(
      await t.db
        .select()
        .from(businessSignatures)
        .where(eq(businessSignatures.businessId, business.id)),
    ).toEqual(counted);
    // A second run has nothing left.
    expect(await runRetention({ db: t.db, blobs: t.deps.blobs as never, log })).toBe(0);
  });
});
