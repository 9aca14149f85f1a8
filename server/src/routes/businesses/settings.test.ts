import { DEFAULT_BUSINESS_SETTINGS } from '@signet/shared/business/business.constants';
import type {
  TBusiness,
  TBusinessDomain,
  TBusinessSettingsResponse,
  TCustomExtras,
} from '@signet/shared/business/business.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDomains } from '../../db/schema/business-domains.ts';
import { sandboxDnsRecords } from '../../db/schema/sandbox-dns-records.ts';
import { createSandboxDnsVerifier } from '../../providers/dns/sandbox.ts';
import { checkPendingDomains } from '../../services/businesses/domains.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { as, newBusiness } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const upload = (token: string, id: string, type: string, bytes: Uint8Array) =>
  t.app.request(`/api/v1/businesses/${id}/settings/logo`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': type },
    body: bytes as never,
  });

describe('settings', () => {
  it('answers the whole settings object with defaults and changes what an admin may change', async () => {
    const { business, admin } = await newBusiness(t, 'Settings AG');
    const url = `/v1/businesses/${business.id}/settings`;
    const got = await as(t, admin)<TBusinessSettingsResponse>('GET', url);
    expect(got.body.settings).toEqual(DEFAULT_BUSINESS_SETTINGS);

    const put = await as(t, admin)<TBusinessSettingsResponse>('PUT', url, {
      signatureRequests: {
        retention: { enabled: true, terminalState: 90 },
        part11: { enabled: true },
      },
      mailService: { attachments: { signatureProtocol: { enabled: true } } },
      supportContact: { email: 'Help@Settings.CH' },
      mabSettings: { directSign: { enabled: true } },
    });
    expect(put.status).toBe(200);
    expect(put.body.settings).toMatchObject({
      signatureRequests: {
        retention: { enabled: true, terminalState: 90 },
        part11: { enabled: true },
      },
      mailService: {
        attachments: {
          signatureProtocol: { enabled: true, customisable: true },
          signedDocument: { enabled: false, customisable: true },
        },
      },
      supportContact: { email: 'help@settings.ch', phone: '' },
      mabSettings: { directSign: { enabled: true } },
      signerGroups: { maxGroups: 0, maxParticipants: 0 },
    });
    // The business answers the same settings.
    const b = await as(t, admin)<TBusiness>('GET', `/v1/businesses/${business.id}`);
    expect(b.body.settings).toEqual(put.body.settings);

    // What the plan decides, wrong types and unknown fields: 400, nothing changed.
    for (const body of [
      { signerGroups: { maxGroups: 5 } },
      { affiliate: { enabled: true } },
      { mailService: { attachments: { signedDocument: { customisable: false } } } },
      { signatureRequests: { retention: { terminalState: 0 } } },
      { signatureRequests: { retention: { terminalState: '30' } } },
      { signatureRequests: { part11: { enabled: 'yes' } } },
      { supportContact: { email: 'no' } },
      { companyBranding: { logo: { url: 'https://evil.example/x.png' } } },
      { surprise: 1 },
    ]) {
      const bad = await as(t, admin)('PUT', url, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const after = await as(t, admin)<TBusinessSettingsResponse>('GET', url);
    expect(after.body.settings).toEqual(put.body.settings);
  });

  it('takes a PNG logo, shows it publicly and refuses what is not an image', async () => {
    const { business, admin } = await newBusiness(t, 'Logo AG');
    const res = await upload(admin.token, business.id, 'image/png', PNG_1x1);
    expect(res.status).toBe(200);
    const { settings } = (await res.json()) as TBusinessSettingsResponse;
    expect(settings.companyBranding.logo).toMatchObject({ width: 1, height: 1 });
    const logoUrl = settings.companyBranding.logo?.url ?? '';
    expect(logoUrl).toMatch(
      new RegExp(`^/api/v1/businesses/${business.id}/logo\\?v=[0-9a-f]{12}$`),
    );
    const logo = await t.app.request(logoUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await logo.arrayBuffer())).toEqual(new Uint8Array(PNG_1x1));

    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const pdf = new TextEncoder().encode('%PDF-1.7\n');
    for (const [type, bytes, status, code] of [
      ['image/svg+xml', svg, 415, 'NOT_AN_IMAGE'],
      ['image/png', pdf, 415, 'NOT_AN_IMAGE'],
      ['image/jpeg', PNG_1x1, 415, 'NOT_AN_IMAGE'],
      ['image/png', PNG_1x1.subarray(0, 12), 422, 'IMAGE_UNREADABLE'],
      ['image/png', new Uint8Array(600 * 1024), 413, 'IMAGE_TOO_LARGE'],
    ] as const) {
      const bad = await upload(admin.token, business.id, type, bytes);
      expect(bad.status, `${type} ${code}`).toBe(status);
      expect(await bad.json()).toMatchObject({ code });
    }
    // The browsers' upload path: the multipart field `file`.
    const form = new FormData();
    form.set('file', new File([PNG_1x1], 'logo.png', { type: 'image/png' }));
    const multipart = await t.app.request(`/api/v1/businesses/${business.id}/settings/logo`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(multipart.status, await multipart.clone().text()).toBe(200);
    // A huge canvas in a tiny file.
    const huge = Buffer.from(PNG_1x1);
    huge.writeUInt32BE(40000, 16);
    const canvas = await upload(admin.token, business.id, 'image/png', huge);
    expect(canvas.status).toBe(413);
    // Removing it.
    const removed = await as(t, admin)<TBusinessSettingsResponse>(
      'PUT',
      `/v1/businesses/${business.id}/settings`,
      {
        companyBranding: { logo: null },
      },
    );
    expect(removed.body.settings.companyBranding.logo).toBeNull();
    expect((await t.app.request(logoUrl)).status).toBe(404);
  });

  it('lists the extras of the business', async () => {
    const { business, admin } = await newBusiness(t, 'Extras AG');
    const res = await as(t, admin)<TCustomExtras>(
      'GET',
      `/v2/businesses/${business.id}/customextras`,
    );
    expect(res.body.items.map((i) => i.key)).toEqual([
      'signerGroups',
      'directSign',
      'part11',
      'affiliate',
      'userPilot',
      'aes4biz',
    ]);
    expect(res.body.items.every((i) => !i.enabled)).toBe(true);
  });
});

describe('domains', () => {
  it('goes pending → verified once its TXT record is published; a signup of it is offered to join', async () => {
    const { business, admin } = await newBusiness(t, 'Domain AG');
    const url = `/v1/businesses/${business.id}/domains`;
    const added = await as(t, admin)<TBusinessDomain>('POST', url, {
      domain: ' Muster-Domain.CH. ',
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ domain: 'muster-domain.ch', status: 'pending' });
    expect(added.body.record.name).toBe('_signet-verification.muster-domain.ch');
    expect(added.body.record.value).toMatch(/^signet-verification=[0-9a-f]{32}$/);

    // A wrong record does not count.
    await t.db
      .insert(sandboxDnsRecords)
      .values({ name: added.body.record.name, value: 'signet-verification=wrong' });
    const still = await as(t, admin)<TBusinessDomain>('POST', url, { domain: 'muster-domain.ch' });
    expect(still.body.status).toBe('pending');
    await t.db
      .insert(sandboxDnsRecords)
      .values({ name: added.body.record.name, value: added.body.record.value });
    const verified = await as(t, admin)<TBusinessDomain>('POST', url, {
      domain: 'muster-domain.ch',
    });
    expect(verified.body).toMatchObject({ status: 'verified' });
    const b = await as(t, admin)<TBusiness>('GET', `/v1/businesses/${business.id}`);
    expect(b.body.domains).toEqual(['muster-domain.ch']);

    // Another business cannot take it.
    const { business: other, admin: otherAdmin } = await newBusiness(t, 'Other AG');
    const taken = await as(t, otherAdmin)('POST', `/v1/businesses/${other.id}/domains`, {
      domain: 'muster-domain.ch',
    });
    expect(taken).toMatchObject({ status: 409, body: { code: 'DOMAIN_TAKEN' } });

    // Someone signing up with an address of the domain is offered to join.
    const newcomer = await signUp(t, { email: `lea.${Date.now()}@muster-domain.ch` });
    expect(newcomer.user.attributes.acceptedBusinessInvite).toBe(false);
    const theirs = await as(t, newcomer)<TBusiness>('GET', '/v2/businesses/user');
    expect(theirs.body.id).toBe(business.id);

    // AES for business takes verified domains only.
    const base = (domains: string[]) =>
      as(t, admin)('PUT', `/v2/businesses/${business.id}/base`, {
        aes4biz: {
          enabled: true,
          representativeName: 'Ada Muster',
          representativeEmail: 'ada@muster-domain.ch',
          commercialRegister: 'CHE-123.456.789',
          domains,
        },
      });
    expect(await base(['unverified.ch'])).toMatchObject({
      status: 409,
      body: { code: 'DOMAIN_NOT_VERIFIED' },
    });
    expect(await base(['muster-domain.ch'])).toMatchObject({
      status: 200,
      body: { aes4biz: { enabled: true, domains: ['muster-domain.ch'] } },
    });

    const removed = await as(t, admin)('DELETE', `${url}/muster-domain.ch`);
    expect(removed.status).toBe(200);
    expect((await as(t, admin)('DELETE', `${url}/muster-domain.ch`)).status).toBe(404);
  });

  it('fails after its window without a record, and a failing resolver only delays', async () => {
    const { business, admin } = await newBusiness(t, 'Window AG');
    const url = `/v1/businesses/${business.id}/domains`;
    const broken = await as(t, admin)<TBusinessDomain>('POST', url, {
      domain: 'servfail.example.ch',
    });
    expect(broken.body.status).toBe('pending');
    const quiet = await as(t, admin)<TBusinessDomain>('POST', url, { domain: 'quiet.example.ch' });
    expect(quiet.body.status).toBe('pending');
    const verifier = createSandboxDnsVerifier(t.db, { delayMs: () => 0 });
    const later = new Date(Date.now() + 73 * 60 * 60 * 1000);
    expect(await checkPendingDomains(t.db, verifier, { now: later })).toBeGreaterThanOrEqual(2);
    const rows = await t.db.select().from(businessDomains);
    const mine = rows.filter((r) => r.businessId === business.id);
    expect(mine.map((r) => r.status)).toEqual(['failed', 'failed']);
    // Checking again starts a new window.
    const again = await as(t, admin)<TBusinessDomain>('POST', url, { domain: 'quiet.example.ch' });
    expect(again.body.status).toBe('pending');
    for (const domain of ['-bad-.ch', 'no_tld', `${'a'.repeat(64)}.ch`, '']) {
      const bad = await as(t, admin)('POST', url, { domain });
      expect(bad.status, domain).toBe(400);
    }
  });
});
