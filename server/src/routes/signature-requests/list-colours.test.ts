import { dashboardColour } from '@signet/shared/signature-request/signature-request.rules';
import type {
  TSignatureRequestList,
  TSignatureRequestListItem,
} from '@signet/shared/signature-request/signature-request.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp, uniqueEmail } from '../auth/testing.ts';
import { createRequest, insertDocument, simulateSignature } from './testing.ts';

type Session = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
let me: Session;
let other: Session;
/** A sequential request where I sign second: waiting until the first signer has signed. */
let myTurnLater: string;
const first = uniqueEmail('first');
const partner = uniqueEmail('partner');
const L = '/api/v3/signature-requests-redesign';
const EXPECTED = { 'to-sign': 30, waiting: 8 + 12, completed: 5, cancelled: 5 } as const;

async function list(query: string, token = me.token): Promise<TSignatureRequestList> {
  const res = await t.request<TSignatureRequestList>('GET', `${L}${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The viewer's colour by shared's rule, from what the list item says. */
function ruleColour(item: TSignatureRequestListItem, email: string) {
  const mine = item.signers.find((s) => s.email === email.toLowerCase()) ?? null;
  return dashboardColour(item.status_overall, mine?.status_code ?? null);
}

/** 60 requests of mixed states, as `me` sees them (the dashboard's inbox). */
beforeAll(async () => {
  t = await createTestApp();
  me = await signUp(t);
  other = await signUp(t);
  const open = async (s: Session, title: string, signers: { email: string; order?: number }[]) => {
    const doc = await insertDocument(t, s.user.id);
    const r = await createRequest(t, s.token, {
      title,
      documents: [{ document_id: doc.id }],
      signatures: signers.map((x) => ({ account_email: x.email, order: x.order ?? 0 })),
    });
    const sent = await t.request('POST', `/api/v3/signature-requests/${r.id}/initiate`, {
      token: s.token,
    });
    expect(sent.status).toBe(200);
    return r.id;
  };
  // Mixed in time, so that every colour is spread over the pages of the unfiltered list.
  for (let i = 0; i < 30; i++) {
    await open(other, `For me ${i}`, [{ email: me.email }]);
    if (i < 8) {
      const id = await open(other, `After someone ${i}`, [
        { email: first, order: 1 },
        { email: me.email, order: 2 },
      ]);
      if (i === 0) myTurnLater = id;
    }
    if (i < 12) await open(me, `Mine ${i}`, [{ email: partner }]);
    if (i < 5) {
      const signed = await open(me, `Done ${i}`, [{ email: partner }]);
      await simulateSignature(t, signed, partner);
      const withdrawn = await open(me, `Withdrawn ${i}`, [{ email: partner }]);
      await t.request('POST', `/api/v3/signature-requests/${withdrawn}/withdraw`, {
        token: me.token,
        body: { message: '' },
      });
    }
  }
}, 300_000);
afterAll(() => t.close());

describe('the list filtered by colour', () => {
  it('answers full pages of "to sign" and counts the filtered total', async () => {
    const p0 = await list('?colour=to-sign&size=25&page=0');
    const p1 = await list('?colour=to-sign&size=25&page=1');
    expect(p0.total).toBe(EXPECTED['to-sign']);
    expect(p0.items).toHaveLength(25);
    expect(p1.items).toHaveLength(EXPECTED['to-sign'] - 25);
    const all = [...p0.items, ...p1.items];
    expect(all.every((i) => i.colour === 'to-sign')).toBe(true);
    expect(new Set(all.map((i) => i.id)).size).toBe(EXPECTED['to-sign']);
  });

  it('counts every colour and combination, and keeps the sender filter', async () => {
    for (const [colour, count] of Object.entries(EXPECTED)) {
      expect((await list(`?colour=${colour}&size=25`)).total, colour).toBe(count);
    }
    expect((await list('?colour=to-sign,waiting&size=25')).total).toBe(30 + 20);
    expect((await list('?colour=waiting&sendBy=me&size=25')).total).toBe(12);
    expect((await list('?colour=waiting&sendBy=others&size=25')).total).toBe(8);
    expect((await list('?colour=draft&size=25')).total).toBe(0);
    // The other side sees its own colours: everything it sent waits on me.
    expect((await list('?colour=waiting&size=25', other.token)).total).toBe(38);
  });

  it('shows on every row the colour shared’s rule gives', async () => {
    const all = await list('?size=100');
    expect(all.total).toBe(60);
    for (const item of all.items) expect(item.colour, item.title).toBe(ruleColour(item, me.email));
  });

  it('moves a request to "to sign" when the earlier signer signs', async () => {
    const before = await list('?colour=to-sign&size=100');
    expect(before.items.map((i) => i.id)).not.toContain(myTurnLater);
    await simulateSignature(t, myTurnLater, first);
    const after = await list('?colour=to-sign&size=100');
    expect(after.total).toBe(before.total + 1);
    expect(after.items.map((i) => i.id)).toContain(myTurnLater);
    expect((await list('?colour=waiting&sendBy=others&size=25')).total).toBe(7);
  });

  it('refuses an unknown colour', async () => {
    const res = await t.request('GET', `${L}?colour=purple`, { token: me.token });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });
});
