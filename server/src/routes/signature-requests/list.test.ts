import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp, uniqueEmail } from '../auth/testing.ts';
import { createRequest, insertDocument, simulateSignature } from './testing.ts';

type Session = Awaited<ReturnType<typeof signUp>>;
type Item = {
  id: string;
  title: string;
  status_overall: string;
  colour: string;
  my_roles: string[];
};
type List = { items: Item[]; total: number; page: number; size: number };

let t: TestApp;
let me: Session;
let other: Session;
let stranger: Session;
const ids = {} as Record<
  'open' | 'signed' | 'withdrawn' | 'deleted' | 'toSign' | 'observed' | 'foreign',
  string
>;
const partner = uniqueEmail('partner');
const L = '/api/v3/signature-requests-redesign';

const list = async (query = '', token = me.token) => {
  const res = await t.request<List>('GET', `${L}${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

beforeAll(async () => {
  t = await createTestApp();
  me = await signUp(t);
  other = await signUp(t);
  stranger = await signUp(t);
  const make = async (
    s: Session,
    title: string,
    signersList: string[],
    observers: string[] = [],
  ) => {
    const doc = await insertDocument(t, s.user.id);
    const r = await createRequest(t, s.token, {
      title,
      documents: [{ document_id: doc.id }],
      signatures: signersList.map((e) => ({ account_email: e })),
      observers,
    });
    return r.id;
  };
  const initiate = (s: Session, id: string) =>
    t.request('POST', `/api/v3/signature-requests/${id}/initiate`, { token: s.token });

  // 28 drafts of mine, named so that sorting by title is checkable.
  for (let i = 0; i < 28; i++) await make(me, `Draft ${String(i).padStart(2, '0')}`, [partner]);
  ids.open = await make(me, 'Open lease', [partner]);
  await initiate(me, ids.open);
  ids.signed = await make(me, 'Signed lease', [partner]);
  await initiate(me, ids.signed);
  await simulateSignature(t, ids.signed, partner);
  ids.withdrawn = await make(me, 'Withdrawn offer', [partner]);
  await initiate(me, ids.withdrawn);
  await t.request('POST', `/api/v3/signature-requests/${ids.withdrawn}/withdraw`, {
    token: me.token,
    body: { message: '' },
  });
  ids.deleted = await make(me, 'Deleted thing', [partner]);
  await t.request('DELETE', `/api/v3/signature-requests/${ids.deleted}`, { token: me.token });
  // Sent to me by someone else: I sign, and I observe another one.
  ids.toSign = await make(other, 'Invoice for me', [me.email, 'colleague@example.ch']);
  await initiate(other, ids.toSign);
  ids.observed = await make(other, 'Observed NDA', ['third@example.ch'], [me.email]);
  await initiate(other, ids.observed);
  // Drafts of others in which I sign or observe are not mine to see (privacy.test.ts).
  await make(other, 'Draft of another', [me.email]);
  await make(other, 'Observed draft of another', ['third@example.ch'], [me.email]);
  // Not mine at all.
  ids.foreign = await make(stranger, 'Foreign secret', ['nobody@example.ch']);
  // An old one, for the date filters.
  await t.db
    .update(signatureRequests)
    .set({
      createdAt: new Date('2020-01-15T10:00:00Z'),
      updatedAt: new Date('2020-02-01T10:00:00Z'),
    })
    .where(eq(signatureRequests.id, ids.open));
}, 180_000);
afterAll(() => t.close());

describe('GET /v3/signature-requests-redesign', () => {
  it('lists what I own, sign or observe — not deleted ones, not others’', async () => {
    const all = await list('?size=100');
    expect(all.total).toBe(28 + 3 + 2);
    const titles = all.items.map((i) => i.title);
    expect(titles).toContain('Invoice for me');
    expect(titles).toContain('Observed NDA');
    expect(titles).not.toContain('Deleted thing');
    expect(titles).not.toContain('Foreign secret');
    const byId = new Map(all.items.map((i) => [i.id, i]));
    expect(byId.get(ids.toSign)).toMatchObject({ colour: 'to-sign', my_roles: ['signer'] });
    expect(byId.get(ids.observed)).toMatchObject({ colour: 'waiting', my_roles: ['observer'] });
    expect(titles).not.toContain('Draft of another');
    expect(titles).not.toContain('Observed draft of another');
    expect(byId.get(ids.open)).toMatchObject({ colour: 'waiting', my_roles: ['owner'] });
    expect(byId.get(ids.signed)).toMatchObject({ colour: 'completed' });
    expect(byId.get(ids.withdrawn)).toMatchObject({ colour: 'cancelled' });
  });

  it('pages with size 25 and sorts by any field in either order', async () => {
    const p0 = await list('?size=25&page=0&sortBy=title&sortOrder=asc');
    const p1 = await list('?size=25&page=1&sortBy=title&sortOrder=asc');
    expect(p0.items).toHaveLength(25);
    expect(p1.items).toHaveLength(33 - 25);
    expect(p0.total).toBe(33);
    const titles = [...p0.items, ...p1.items].map((i) => i.title);
    expect(titles).toEqual(
      [...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(new Set(titles).size).toBe(33);
    const desc = await list('?size=100&sortBy=title&sortOrder=desc');
    expect(desc.items.map((i) => i.title)).toEqual([...titles].reverse());
    const byStatus = await list('?size=100&sortBy=status&sortOrder=asc');
    const st = byStatus.items.map((i) => i.status_overall);
    expect(st).toEqual([...st].sort());
    const created = await list('?size=100&sortBy=created_at&sortOrder=asc');
    expect(created.items[0]?.id).toBe(ids.open);
  });

  it('filters by status (comma-joined), sendBy, search and dates', async () => {
    expect((await list('?status=OPEN,SIGNED')).items.map((i) => i.title).sort()).toEqual(
      ['Invoice for me', 'Observed NDA', 'Open lease', 'Signed lease'].sort(),
    );
    expect((await list('?status=withdrawn')).items.map((i) => i.id)).toEqual([ids.withdrawn]);
    expect((await list('?sendBy=me&size=100')).total).toBe(31);
    expect((await list('?sendBy=others')).items.map((i) => i.id).sort()).toEqual(
      [ids.toSign, ids.observed].sort(),
    );
    expect((await list('?search=LEASE')).total).toBe(2);
    expect((await list('?search=colleague@')).items.map((i) => i.id)).toEqual([ids.toSign]);
    expect(
      (await list(`?search=${encodeURIComponent(other.email)}`)).items.map((i) => i.id).sort(),
    ).toEqual([ids.toSign, ids.observed].sort());
    expect((await list('?search=100%25')).total).toBe(0);
    expect((await list('?search=Draft_0')).total).toBe(0);
    const old = await list('?dateTimeMode=created&dateFrom=2020-01-15&dateTo=2020-01-15');
    expect(old.items.map((i) => i.id)).toEqual([ids.open]);
    expect((await list('?dateTimeMode=updated&dateFrom=2020-01-15&dateTo=2020-01-31')).total).toBe(
      0,
    );
    expect((await list('?dateTimeMode=updated&dateTo=2020-02-01')).items.map((i) => i.id)).toEqual([
      ids.open,
    ]);
    expect((await list('?dateFrom=2021-01-01&size=100')).total).toBe(32);
  });

  it('shows a stranger nothing', async () => {
    const mine = await list('', stranger.token);
    expect(mine.items.map((i) => i.id)).toEqual([ids.foreign]);
  });
});

describe('GET /v1/email_input_autocomplete', () => {
  const ac = async (s: Session, input: string) => {
    const res = await t.request<{ emails: string[] }>(
      'GET',
      `/api/v1/email_input_autocomplete?input=${encodeURIComponent(input)}`,
      {
        token: s.token,
      },
    );
    expect(res.status).toBe(200);
    return res.body.emails;
  };

  it('offers only addresses I exchanged requests with', async () => {
    expect(await ac(me, 'partner')).toEqual([partner]);
    // As a signer I know the owner and the co-signer; as an observer, that request's signer.
    const mine = await ac(me, '');
    expect(mine).toEqual(
      expect.arrayContaining([partner, other.email, 'colleague@example.ch', 'third@example.ch']),
    );
    expect(mine).not.toContain('nobody@example.ch');
    expect(mine).not.toContain(stranger.email);
    expect(mine).not.toContain(me.email);
    expect(mine.length).toBeLessThanOrEqual(10);
    expect(await ac(stranger, 'partner')).toEqual([]);
    expect(await ac(stranger, 'nobody')).toEqual(['nobody@example.ch']);
    // The other owner sees me (signer and observer of theirs), not my own partners.
    expect(await ac(other, '')).toEqual(expect.arrayContaining([me.email, 'colleague@example.ch']));
    expect(await ac(other, 'partner')).toEqual([]);
    expect(await ac(me, '%')).toEqual([]);
  });

  it('returns at most 10, prefix matches first', async () => {
    const doc = await insertDocument(t, me.user.id);
    const many = Array.from({ length: 12 }, (_, i) => `zz${String(i).padStart(2, '0')}@example.ch`);
    await createRequest(t, me.token, {
      title: 'Many',
      documents: [{ document_id: doc.id }],
      signatures: many.map((e) => ({ account_email: e })),
      observers: ['a.zz@example.ch'],
    });
    const got = await ac(me, 'zz');
    expect(got).toHaveLength(10);
    expect(got[0]).toBe('zz00@example.ch');
    expect(got).not.toContain('a.zz@example.ch');
  });
});

describe('the dashboard follows every change (request_inbox triggers)', () => {
  it('moves a request with a delegation, a removed signer and a removed observer', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const doc = await insertDocument(t, me.user.id);
    const r = await createRequest(t, me.token, {
      title: 'Follow me',
      documents: [{ document_id: doc.id }],
      signatures: [{ account_email: alice.email }, { account_email: 'temp@example.ch' }],
      observers: [bob.email],
    });
    const seen = async (s: Session) =>
      (await list('?search=follow%20me', s.token)).items.map((i) => i.id);
    // A draft is its owner's alone; sending it puts it on the participants' dashboards.
    expect(await seen(alice)).toEqual([]);
    expect(await seen(bob)).toEqual([]);
    expect((await list('?search=follow', bob.token)).total).toBe(0);
    await t.request('POST', `/api/v3/signature-requests/${r.id}/initiate`, { token: me.token });
    expect(await seen(alice)).toEqual([r.id]);
    expect(await seen(bob)).toEqual([r.id]);
    // Totals are cached per version: a change must show at once.
    expect((await list('?search=follow', bob.token)).total).toBe(1);
    const obsId = r.observers[0]?.id;
    await t.request('DELETE', `/api/v3/signature-requests/${r.id}/observers/${obsId}`, {
      token: me.token,
    });
    expect(await seen(bob)).toEqual([]);
    expect((await list('?search=follow', bob.token)).total).toBe(0);

    await t.request('POST', `/api/v3/signature-requests/${r.id}/delegate`, {
      token: alice.token,
      body: { email: bob.email },
    });
    expect(await seen(alice)).toEqual([]);
    expect(await seen(bob)).toEqual([r.id]);
    const asBob = await list('?search=follow%20me', bob.token);
    expect(asBob.items[0]).toMatchObject({
      my_roles: ['signer'],
      colour: 'to-sign',
      status_overall: 'OPEN',
    });

    await t.request('PUT', `/api/v3/signature-requests/${r.id}`, {
      token: me.token,
      body: { title: 'Renamed' },
    });
    expect(await seen(bob)).toEqual([]);
    expect((await list('?search=renamed', bob.token)).items.map((i) => i.title)).toEqual([
      'Renamed',
    ]);
    await t.request('POST', `/api/v3/signature-requests/${r.id}/withdraw`, {
      token: me.token,
      body: { message: '' },
    });
    expect((await list('?search=renamed&status=WITHDRAWN', bob.token)).total).toBe(1);
    await t.request('DELETE', `/api/v3/signature-requests/${r.id}`, { token: me.token });
    expect((await list('?search=renamed', bob.token)).total).toBe(0);
    expect((await list('?search=renamed')).total).toBe(0);
  });
});
