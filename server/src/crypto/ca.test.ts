import { createHash, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCa, loadCa, type SerializedCa } from './ca.ts';
import { certificateCommonName } from './certificates.ts';
import { oidDer } from './der.ts';
import { DEMO_POLICY_OID, DEMO_QC_STATEMENT_OID } from './qualified.ts';

const SECRET = 'ca-test-secret-0123456789';
const serialized = createCa(SECRET, { organization: 'Signet Test', country: 'CH' });

describe('built-in CA', () => {
  it('survives a JSON round trip and loads with the same secret', () => {
    const stored = JSON.parse(JSON.stringify(serialized)) as SerializedCa;
    const ca = loadCa(stored, SECRET);
    const root = new X509Certificate(ca.rootCertificate);
    const platform = new X509Certificate(ca.platformCertificate);
    expect(root.ca).toBe(true);
    expect(root.checkIssued(root)).toBe(true);
    expect(root.verify(root.publicKey)).toBe(true);
    expect(platform.ca).toBe(false);
    expect(platform.checkIssued(root)).toBe(true);
    expect(platform.verify(root.publicKey)).toBe(true);
    expect(certificateCommonName(ca.platformCertificate)).toBe('Signet Test Platform Signing');
    expect(platform.subject).toContain('C=CH');
    expect(ca.platformSigner.certificateChain).toEqual([
      ca.platformCertificate,
      ca.rootCertificate,
    ]);
  });

  it('keeps private keys only encrypted', () => {
    const text = JSON.stringify(serialized);
    expect(text).not.toMatch(/PRIVATE KEY/);
    expect(serialized.root.key).toMatch(/^v1\./);
    expect(serialized.platform.key).toMatch(/^v1\./);
    // The keys differ per CA and nothing but the sealed blob carries them.
    expect(createCa(SECRET).platform.key).not.toBe(serialized.platform.key);
  });

  it('refuses a wrong secret with CA_KEY_DECRYPTION_FAILED', () => {
    expect(() => loadCa(serialized, 'another-secret-0123456789')).toThrow(
      expect.objectContaining({ code: 'CA_KEY_DECRYPTION_FAILED' }),
    );
  });

  it('refuses a tampered or swapped key blob', () => {
    const parts = serialized.platform.key.split('.');
    const ciphertext = Buffer.from(parts[3] as string, 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 0xff;
    const tampered = {
      ...serialized,
      platform: {
        ...serialized.platform,
        key: [...parts.slice(0, 3), ciphertext.toString('base64url')].join('.'),
      },
    };
    expect(() => loadCa(tampered, SECRET)).toThrow(
      expect.objectContaining({ code: 'CA_KEY_DECRYPTION_FAILED' }),
    );
    // The label is authenticated: the root's blob does not open as the platform's.
    const swapped = {
      ...serialized,
      platform: { ...serialized.platform, key: serialized.root.key },
    };
    expect(() => loadCa(swapped, SECRET)).toThrow(
      expect.objectContaining({ code: 'CA_KEY_DECRYPTION_FAILED' }),
    );
  });

  it('refuses a secret shorter than 16 characters', () => {
    expect(() => createCa('short')).toThrow(expect.objectContaining({ code: 'SECRET_TOO_SHORT' }));
  });

  it('issues per-signer certificates under the Demo QTSP CA (under the root), each with its own key, marked as test', async () => {
    const ca = loadCa(serialized, SECRET);
    const subject = { commonName: 'Łukasz Żółć-Ελένη', givenName: 'Łukasz', surname: 'Żółć-Ελένη' };
    const policyUrl = 'https://signet.example/pki/demo-qtsp';
    const a = ca.demoQtsp.issue({ subject, qualified: true, legislation: 'ZERTES', policyUrl });
    const b = ca.demoQtsp.issue({ subject, qualified: false, keyType: 'RSA', policyUrl });
    const root = new X509Certificate(ca.rootCertificate);
    const qtsp = new X509Certificate(ca.demoQtsp.certificate);
    expect(qtsp.verify(root.publicKey)).toBe(true);
    expect(qtsp.ca).toBe(true);
    expect(qtsp.subject).toContain('OU=TEST SYSTEM - not qualified');
    for (const { signer, certificate } of [a, b]) {
      const cert = new X509Certificate(certificate);
      expect(cert.verify(qtsp.publicKey)).toBe(true);
      expect(cert.verify(root.publicKey)).toBe(false);
      expect(cert.subject).toContain('CN=Łukasz Żółć-Ελένη');
      expect(signer.certificateChain).toHaveLength(3);
      // Short-lived: an hour.
      const life = Date.parse(cert.validTo) - Date.parse(cert.validFrom);
      expect(life).toBeLessThanOrEqual(61 * 60_000);
      expect(cert.ca).toBe(false);
    }
    expect(a.signer.keyType).toBe('EC');
    expect(b.signer.keyType).toBe('RSA');
    // The QES one carries QcSSCD and QcType; both carry the test statement, neither QcCompliance.
    const der = (c: Uint8Array) => Buffer.from(c).toString('hex');
    const has = (c: Uint8Array, oid: string) =>
      der(c).includes(Buffer.from(oidDer(oid)).toString('hex'));
    expect(has(a.certificate, '0.4.0.1862.1.4')).toBe(true);
    expect(has(b.certificate, '0.4.0.1862.1.4')).toBe(false);
    expect(has(a.certificate, '0.4.0.1862.1.7')).toBe(true);
    for (const c of [a.certificate, b.certificate]) {
      expect(has(c, DEMO_QC_STATEMENT_OID)).toBe(true);
      expect(has(c, DEMO_POLICY_OID)).toBe(true);
      expect(has(c, '0.4.0.1862.1.1')).toBe(false);
    }
    expect(createHash('sha256').update(a.certificate).digest('hex')).not.toBe(
      createHash('sha256').update(b.certificate).digest('hex'),
    );
  });
});
