import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedCertificates } from '../../db/schema/issued-certificates.ts';
import { signingKeys } from '../../db/schema/signing-keys.ts';
import { openTestDatabase } from '../../testing/database.ts';
import { bootstrapCa, CA_KEY_NAME, platformCa } from './platform-ca.ts';

const SECRET = 'platform-ca-test-secret-0123456789';
const CONFIG = { secret: SECRET, publicUrl: 'http://localhost:3000' };
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the built-in CA', () => {
  it('two servers starting at once on one database end up with one CA', async () => {
    const [a, b] = await Promise.all([
      bootstrapCa(database.db, CONFIG),
      bootstrapCa(database.db, CONFIG),
    ]);
    expect(Buffer.from(a.platformCertificate).equals(Buffer.from(b.platformCertificate))).toBe(
      true,
    );
    const rows = await database.db.select().from(signingKeys);
    expect(rows.map((r) => r.name)).toEqual([CA_KEY_NAME]);
    const row = rows[0];
    // The private keys are stored sealed: no PKCS#8 key in the clear.
    const stored = JSON.parse(row?.encryptedKey ?? '{}') as {
      root: { key: string };
      platform: { key: string };
    };
    expect(stored.root.key).toMatch(/^v1\./);
    expect(stored.platform.key).toMatch(/^v1\./);
    expect(row?.certificatePem).toContain('BEGIN CERTIFICATE');
    const cert = new X509Certificate(a.platformCertificate);
    expect(cert.subject).toContain('Platform Signing');
  });

  it('is loaded from the database afterwards, cached per process, and needs the same secret', async () => {
    const first = await platformCa(database.db, CONFIG);
    expect(await platformCa(database.db, CONFIG)).toBe(first);
    const again = await bootstrapCa(database.db, CONFIG);
    expect(Buffer.from(again.rootCertificate).equals(Buffer.from(first.rootCertificate))).toBe(
      true,
    );
    await expect(
      bootstrapCa(database.db, { ...CONFIG, secret: 'another-secret-of-enough-length-000' }),
    ).rejects.toMatchObject({
      code: 'CA_KEY_DECRYPTION_FAILED',
    });
  });
});

describe('a CA stored before the TSA, the OCSP responder and the Demo QTSP existed', () => {
  it('gets them under its own root on the next start; its root and platform certificate stay', async () => {
    const db = (await openTestDatabase()).db;
    const { createCa } = await import('../../crypto/ca.ts');
    const full = createCa(SECRET);
    const { tsa: _tsa, ocsp: _ocsp, qtsp: _qtsp, qtspOcsp: _qtspOcsp, ...old } = full;
    await db.insert(signingKeys).values({
      name: CA_KEY_NAME,
      certificatePem: 'old',
      encryptedKey: JSON.stringify(old),
    });
    const ca = await bootstrapCa(db, CONFIG);
    expect(
      Buffer.from(ca.rootCertificate).equals(Buffer.from(old.root.certificate, 'base64')),
    ).toBe(true);
    expect(
      Buffer.from(ca.platformCertificate).equals(Buffer.from(old.platform.certificate, 'base64')),
    ).toBe(true);
    const tsa = new X509Certificate(ca.tsaSigner.certificateChain[0] as Uint8Array);
    expect(tsa.checkIssued(new X509Certificate(ca.rootCertificate))).toBe(true);
    expect(tsa.keyUsage).toEqual(['1.3.6.1.5.5.7.3.8']);
    const ocsp = new X509Certificate(ca.ocspSigner.certificateChain[0] as Uint8Array);
    expect(ocsp.keyUsage).toEqual(['1.3.6.1.5.5.7.3.9']);
    // Stored once: a second start reads the same certificates.
    const again = await bootstrapCa(db, CONFIG);
    expect(
      Buffer.from(again.tsaSigner.certificateChain[0] as Uint8Array).equals(Buffer.from(tsa.raw)),
    ).toBe(true);
    const registered = await db.select().from(issuedCertificates);
    expect(registered.map((r) => r.purpose).sort()).toEqual([
      'demo-qtsp-ca',
      'demo-qtsp-ocsp',
      'ocsp',
      'platform',
      'root',
      'tsa',
    ]);
    const qtsp = new X509Certificate(ca.demoQtsp.certificate);
    expect(qtsp.checkIssued(new X509Certificate(ca.rootCertificate))).toBe(true);
    expect(qtsp.ca).toBe(true);
  });
});
