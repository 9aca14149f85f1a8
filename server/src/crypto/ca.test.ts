import { createHash, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCa, loadCa, type SerializedCa } from './ca.ts';
import { certificateCommonName } from './certificates.ts';

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

  it('issues per-signer certificates under the root, each with its own key', async () => {
    const ca = loadCa(serialized, SECRET);
    const subject = { commonName: 'Anna Müller', email: 'anna@example.com' };
    const a = ca.issueSigner({ subject });
    const b = ca.issueSigner({ subject, keyType: 'RSA' });
    const root = new X509Certificate(ca.rootCertificate);
    for (const signer of [a, b]) {
      const cert = new X509Certificate(signer.certificateChain[0] as Uint8Array);
      expect(cert.verify(root.publicKey)).toBe(true);
      expect(cert.subject).toContain('CN=Anna Müller');
      expect(cert.subject).toContain('emailAddress=anna@example.com');
    }
    expect(a.keyType).toBe('EC');
    expect(b.keyType).toBe('RSA');
    const digest = (s: typeof a) =>
      createHash('sha256')
        .update(s.certificateChain[0] as Uint8Array)
        .digest('hex');
    expect(digest(a)).not.toBe(digest(b));
  });
});
