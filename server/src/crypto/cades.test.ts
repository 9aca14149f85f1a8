import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dumpCms, opensslVerifyCms, requireTool, signedAttributeNames } from '../pdf/test-tools.ts';
import { createCa, loadCa } from './ca.ts';
import { createCadesSignature } from './cades.ts';

const SECRET = 'cades-test-secret-0123456789';
const ca = loadCa(createCa(SECRET), SECRET);
/** A CA as stored before issue #12 (RSA-2048 platform key): its signatures must keep working. */
const rsaCa = loadCa(createCa(SECRET, { platformKey: 'RSA' }), SECRET);
const content = new TextEncoder().encode('the bytes a PDF byte range covers');
const digest = createHash('sha256').update(content).digest();

describe('createCadesSignature', () => {
  it.each([
    ['the platform (EC P-256)', () => ca.platformSigner],
    ['an older platform key (RSA-2048)', () => rsaCa.platformSigner],
    [
      'a per-signer certificate (EC P-256)',
      () =>
        ca.demoQtsp.issue({
          subject: { commonName: 'Eve Example' },
          qualified: true,
          policyUrl: 'https://signet.example/pki/demo-qtsp',
        }).signer,
    ],
  ])('makes a detached CMS that openssl verifies for %s', async (_label, make) => {
    requireTool('openssl');
    const signer = make();
    const root = signer.certificateChain.at(-1) as Uint8Array;
    const cms = await createCadesSignature(signer, digest);
    const verified = opensslVerifyCms(cms, content, root);
    expect(verified.status, verified.output).toBe(0);
    const other = opensslVerifyCms(cms, new TextEncoder().encode('other bytes'), root);
    expect(other.status).not.toBe(0);
  });

  it('signs exactly contentType, messageDigest and signing-certificate-v2', async () => {
    requireTool('openssl');
    const printed = dumpCms(await createCadesSignature(ca.platformSigner, digest));
    expect(signedAttributeNames(printed).sort()).toEqual(
      ['1.2.840.113549.1.9.3', '1.2.840.113549.1.9.4', '1.2.840.113549.1.9.16.2.47'].sort(),
    );
    // The ESSCertIDv2 hash is the SHA-256 of the signing certificate.
    const certHash = createHash('sha256')
      .update(ca.platformCertificate)
      .digest('hex')
      .toUpperCase();
    expect(printed.replace(/\s/g, '')).toContain(certHash);
  });

  it('rejects anything but a SHA-256 digest', async () => {
    await expect(createCadesSignature(ca.platformSigner, new Uint8Array(20))).rejects.toThrow(
      /SHA-256/,
    );
  });
});
