import { businessRoutes } from '@signet/shared/business/business.routes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../evidence/db-row.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { businessCast, type Person } from './testing.ts';

let t: TestApp;
let cast: Awaited<ReturnType<typeof businessCast>>;
beforeAll(async () => {
  t = await createTestApp();
  cast = await businessCast(t);
});
afterAll(async () => {
  await t.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid call of each endpoint on the business (what an admin may send). */
function sample(
  name: string,
  memberId: string,
): {
  path?: Record<string, string>;
  body?: unknown;
  query?: string;
  raw?: { type: string; bytes: Uint8Array };
} {
  switch (name) {
    case 'updateBusiness':
      return { body: { name: 'Renamed AG' } };
    case 'updateBusinessBase':
      return {
        body: {
          aes4biz: {
            enabled: false,
            representativeName: '',
            representativeEmail: '',
            commercialRegister: '',
            domains: [],
          },
        },
      };
    case 'updateBusinessSettings':
      return { body: { signatureRequests: { part11: { enabled: true } } } };
    case 'uploadBusinessLogo':
      return { raw: { type: 'image/png', bytes: PNG } };
    case 'inviteBusinessMembers':
      return { body: { users: ['invitee.matrix@example.ch'] } };
    case 'updateBusinessMember':
      return { path: { userId: memberId }, body: { costCentre: 'CC-1' } };
    case 'changeToAdmins':
    case 'changeToMembers':
    case 'removeBusinessMembers':
      return { body: { user_ids: [memberId] } };
    case 'cancelBusinessInvitation':
      return { path: { inviteId: '00000000-0000-4000-8000-000000000000' } };
    case 'addBusinessDomain':
      return { body: { domain: 'matrix.example.ch' } };
    case 'removeBusinessDomain':
      return { path: { domain: 'matrix.example.ch' } };
    default:
      return {};
  }
}

/** Endpoints on one business, and who may call them. */
const ON_BUSINESS = Object.entries(businessRoutes).filter(([, r]) => r.path.includes('{id}'));
const FOR_MEMBERS = new Set(['getBusiness', 'listBusinessAdmins']);
const FOR_ANYONE = new Set(['getBusinessPublicInformation', 'getBusinessLogo']);

async function call(name: string, who: Person | null, businessId: string) {
  const route = businessRoutes[name as keyof typeof businessRoutes];
  const s = sample(name, cast.member.user.id);
  const path = route.path
    .replace('{id}', businessId)
    .replace(/\{(\w+)\}/g, (_, key: string) => s.path?.[key] ?? 'x');
  const headers: Record<string, string> = who ? { Authorization: `Bearer ${who.token}` } : {};
  if (s.raw) {
    const res = await t.app.request(`/api${path}`, {
      method: route.method,
      headers: { ...headers, 'Content-Type': s.raw.type },
      body: s.raw.bytes as never,
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  }
  return t.request(route.method, `/api${path}`, {
    ...(who ? { token: who.token } : {}),
    ...(s.body !== undefined ? { body: s.body } : {}),
  });
}

/** Everything a business call may change, to show a refused call changed nothing. */
async function state(): Promise<string> {
  const rows = rowsOf(
    await t.db.execute(sql`select
      (select json_agg(b order by id) from businesses b) as b,
      (select json_agg(m order by user_id) from business_members m) as m,
      (select json_agg(i order by id) from business_invitations i) as i,
      (select json_agg(d order by domain) from business_domains d) as d,
      (select count(*) from business_events) as e,
      (select count(*) from jobs) as j`),
  );
  return JSON.stringify(rows);
}

describe('who may call the business endpoints (spec section 6)', () => {
  it('covers every endpoint on a business', () => {
    expect(ON_BUSINESS.length).toBeGreaterThanOrEqual(29);
  });

  it('non-members get 404 and members 403 where an admin is needed; nothing changes', async () => {
    const before = await state();
    for (const [name] of ON_BUSINESS) {
      if (FOR_ANYONE.has(name)) continue;
      const stranger = await call(name, cast.stranger, cast.business.id);
      expect(stranger.status, `${name} as a stranger`).toBe(404);
      expect(stranger.body, name).toMatchObject({ code: 'NOT_FOUND' });
      const unknown = await call(name, cast.admin, '00000000-0000-4000-8000-000000000000');
      expect(unknown.status, `${name} on an unknown business`).toBe(404);
      const anonymous = await call(name, null, cast.business.id);
      expect(anonymous.status, `${name} signed out`).toBe(401);
      if (FOR_MEMBERS.has(name)) continue;
      // A plain member may leave (naming only themselves); anything else of an admin is 403.
      if (name === 'removeBusinessMembers') continue;
      const member = await call(name, cast.member, cast.business.id);
      expect(member.status, `${name} as a member`).toBe(403);
      expect(member.body, name).toMatchObject({ code: 'NOT_ALLOWED' });
    }
    expect(await state()).toBe(before);
  });

  it('admins may call every one of them', async () => {
    // In an order where each call has what it needs; removing the member comes last.
    const order = ON_BUSINESS.map(([n]) => n).sort(
      (a, b) =>
        Number(a === 'removeBusinessMembers') - Number(b === 'removeBusinessMembers') ||
        Number(a === 'deleteBusiness' || a === 'revokeBusinessDeletion') -
          Number(b === 'deleteBusiness' || b === 'revokeBusinessDeletion'),
    );
    for (const name of order) {
      if (name === 'revokeBusinessDeletion') continue;
      if (name === 'cancelBusinessInvitation' || name === 'getBusinessLogo') continue;
      const res = await call(name, cast.admin, cast.business.id);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      if (name === 'deleteBusiness') {
        const revoked = await call('revokeBusinessDeletion', cast.admin, cast.business.id);
        expect(revoked.status).toBe(200);
      }
    }
    // The logo and the public information are for anyone (a mail shows the logo).
    expect((await call('getBusinessLogo', null, cast.business.id)).status).toBe(200);
    const info = await call('getBusinessPublicInformation', cast.stranger, cast.business.id);
    expect(info.body).toMatchObject({ name: 'Renamed AG', logo: { width: 1, height: 1 } });
  });
});
