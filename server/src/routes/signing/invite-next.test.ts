import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signers } from '../../db/schema/signers.ts';
import { users } from '../../db/schema/users.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { signUp, uniqueEmail } from '../auth/testing.ts';
import { createDocumentsTestApp, uploadPdf } from '../documents/testing.ts';
import { newSignatureRequest, signBatch } from './testing.ts';

// A signature marks whoever is next as invited in its own write (commit-signature.ts) and queues
// their invitations in the same transaction: every signer whose turn it is now, once, in their
// account's language with the request's link, or with a sign-up link when they have no account.

let t: Awaited<ReturnType<typeof createDocumentsTestApp>>;
beforeAll(async () => {
  t = await createDocumentsTestApp();
});
afterAll(() => t.cleanup());

const invitations = async (to: string) =>
  (await t.mailbox.all(to)).filter((m) => m.template === 'request-invitation');

describe('the signers whose turn comes with a signature', () => {
  it('are invited once each, in their language, and nobody after them', async () => {
    const owner = await signUp(t, { plan: 'individual' });
    const first = await signUp(t, { firstName: 'Erika' });
    const french = await signUp(t, { firstName: 'Chloé' });
    await t.db.update(users).set({ lang: 'fr' }).where(eq(users.id, french.user.id));
    const newcomer = uniqueEmail('newcomer');
    const last = await signUp(t, { firstName: 'Lars' });
    // The French account and an address without one share the second turn.
    const request = await newSignatureRequest(
      t,
      owner.token,
      await uploadPdf(t, owner.token, await makeTestPdf()),
      [
        { email: first.email, order: 1 },
        { email: french.email, order: 2 },
        { email: newcomer, order: 2 },
        { email: last.email, order: 3 },
      ],
    );
    const invitedAt = async () =>
      new Map(
        (
          await t.db
            .select({ email: signers.email, invitedAt: signers.invitedAt })
            .from(signers)
            .where(eq(signers.requestId, request.id))
        ).map((s) => [s.email, s.invitedAt]),
      );
    expect((await invitedAt()).get(french.email)).toBeNull();

    expect(await signBatch(t, first.token, [{ signatureRequestId: request.id }])).toMatchObject([
      { ok: true, status_overall: 'OPEN' },
    ]);
    const marked = await invitedAt();
    expect(marked.get(french.email)).not.toBeNull();
    expect(marked.get(newcomer)).not.toBeNull();
    expect(marked.get(last.email)).toBeNull();

    const [toFrench] = await invitations(french.email);
    expect(await invitations(french.email)).toHaveLength(1);
    expect(toFrench?.lang).toMatch(/^fr/);
    const link = (await t.mailbox.last(french.email))?.links.find((l) => l.includes('/view/'));
    expect(link && new URL(link).pathname).toBe(`/view/${request.id}`);
    const toNewcomer = await t.mailbox.last(newcomer);
    expect(toNewcomer?.template).toBe('request-invitation');
    expect(toNewcomer?.links.some((l) => new URL(l).pathname === '/signup/steps')).toBe(true);
    expect(await invitations(last.email)).toHaveLength(0);

    // The French signer signs; the newcomer's turn goes on: nobody is invited a second time.
    expect(await signBatch(t, french.token, [{ signatureRequestId: request.id }])).toMatchObject([
      { ok: true, status_overall: 'OPEN' },
    ]);
    expect(await invitations(newcomer)).toHaveLength(1);
    expect(await invitations(last.email)).toHaveLength(0);
    expect((await invitedAt()).get(newcomer)).toEqual(marked.get(newcomer));
  });
});
