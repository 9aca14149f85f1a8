import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requireTool } from '../pdf/test-tools.ts';
import { type CertificateProfile, createCertificate } from './certificates.ts';
import { certificateFields } from './der-walk.ts';
import { demoPolicies, demoQcStatements } from './qualified.ts';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const urls = {
  caIssuers: 'http://signet.test/pki/root.crt',
  crl: 'http://signet.test/pki/root.crl',
  ocsp: 'http://signet.test/pki/ocsp',
};
const notBefore = new Date('2026-01-02T03:04:05.678Z');
const root = createCertificate({
  subject: { commonName: 'Test Root', organization: 'Signet Test', country: 'CH' },
  publicKey: rsa.publicKey,
  selfKey: rsa.privateKey,
  profile: 'ca',
  notBefore,
  notAfter: new Date('2046-01-02T03:04:05Z'),
});

/** What openssl prints of a DER certificate. */
function opensslText(der: Uint8Array): string {
  const out = spawnSync('openssl', ['x509', '-inform', 'DER', '-noout', '-text'], {
    input: der,
    encoding: 'latin1',
  });
  expect(out.status, out.stderr).toBe(0);
  return Buffer.from(out.stdout, 'latin1').toString('utf8');
}

const issued = (profile: CertificateProfile, extra: { notAfter?: Date } = {}) =>
  createCertificate({
    subject: {
      commonName: 'Łukasz Żółć-Ελένη',
      givenName: 'Łukasz',
      surname: 'Żółć-Ελένη',
      country: 'PL',
      serialNumber: 'DEMO-0123ABCD',
      email: 'lukasz@signet.test',
    },
    publicKey: ec.publicKey,
    issuer: { certificate: root, privateKey: rsa.privateKey },
    profile,
    notBefore,
    notAfter: extra.notAfter ?? new Date('2027-01-02T03:04:05Z'),
    urls,
    ...(profile === 'signing'
      ? {
          policies: demoPolicies('http://signet.test/pki/demo-qtsp'),
          qcStatements: demoQcStatements({
            qualified: true,
            pdsUrl: 'http://signet.test/pki/demo-qtsp',
            legislation: 'ZERTES',
          }),
        }
      : {}),
  });

describe('certificates written as DER', () => {
  it('a self-signed root: a CA, verified by its own key', () => {
    requireTool('openssl');
    const x = new X509Certificate(root);
    expect(x.ca).toBe(true);
    expect(x.verify(x.publicKey)).toBe(true);
    expect(x.subject).toBe('C=CH\nO=Signet Test\nCN=Test Root');
    const text = opensslText(root);
    expect(text).toMatch(/Version: 3 \(0x2\)/);
    expect(text).toMatch(/Basic Constraints: critical\s+CA:TRUE\n/);
    expect(text).toMatch(/Key Usage: critical\s+Certificate Sign, CRL Sign/);
    // Self-signed: the authority key identifier is its own, and no URLs.
    const ski = /Subject Key Identifier:\s+([0-9A-F:]+)/.exec(text)?.[1];
    expect(ski).toBeDefined();
    expect(text).toContain(`Authority Key Identifier: \n                ${ski}`);
    expect(text).not.toContain('CRL Distribution Points');
  });

  it('end-entity certificates of every profile: issuer, names, validity and extensions as relying parties read them', () => {
    requireTool('openssl');
    const rootX = new X509Certificate(root);
    const rootText = opensslText(root);
    const rootSki = /Subject Key Identifier:\s+([0-9A-F:]+)/.exec(rootText)?.[1];
    for (const profile of ['signing', 'tsa', 'ocsp', 'ca'] as const) {
      const der = issued(profile);
      const x = new X509Certificate(der);
      expect(x.checkIssued(rootX), profile).toBe(true);
      expect(x.verify(rootX.publicKey), profile).toBe(true);
      // The issuer is the root's subject byte for byte.
      expect(Buffer.from(certificateFields(der).issuer)).toEqual(
        Buffer.from(certificateFields(root).subject),
      );
      expect(x.subject).toBe(
        'C=PL\nSN=Żółć-Ελένη\nGN=Łukasz\nserialNumber=DEMO-0123ABCD\nCN=Łukasz Żółć-Ελένη\nemailAddress=lukasz@signet.test',
      );
      expect(new Date(x.validFrom).toISOString()).toBe('2026-01-02T03:04:05.000Z');
      expect(new Date(x.validTo).toISOString()).toBe('2027-01-02T03:04:05.000Z');
      const text = opensslText(der);
      expect(text, profile).toContain(`Authority Key Identifier: \n                ${rootSki}`);
      if (profile === 'ca') {
        expect(text).toMatch(/Basic Constraints: critical\s+CA:TRUE, pathlen:0/);
      } else {
        expect(x.ca).toBe(false);
        expect(text).toMatch(/Basic Constraints: critical\s+CA:FALSE/);
      }
      if (profile === 'ocsp') {
        expect(text).toMatch(/Key Usage: critical\s+Digital Signature\n/);
        expect(text).toMatch(/Extended Key Usage: \s+OCSP Signing/);
        expect(text).toContain('OCSP No Check');
        expect(text).not.toContain('CRL Distribution Points');
        expect(text).toMatch(
          /Authority Information Access: \s+CA Issuers - URI:http:\/\/signet.test\/pki\/root.crt\n\s+Signature Algorithm/,
        );
      } else {
        expect(text).toMatch(
          profile === 'ca'
            ? /Key Usage: critical\s+Certificate Sign, CRL Sign/
            : /Key Usage: critical\s+Digital Signature, Non Repudiation/,
        );
        expect(text).toMatch(
          /CRL Distribution Points: \s+Full Name:\s+URI:http:\/\/signet.test\/pki\/root.crl/,
        );
        expect(text).toMatch(
          /Authority Information Access: \s+OCSP - URI:http:\/\/signet.test\/pki\/ocsp\s+CA Issuers - URI:http:\/\/signet.test\/pki\/root.crt/,
        );
      }
      if (profile === 'tsa') expect(text).toMatch(/Extended Key Usage: critical\s+Time Stamping/);
      if (profile === 'signing') {
        expect(text).toContain('X509v3 Certificate Policies');
        expect(text).toContain('qcStatements');
      }
    }
  });

  it('writes dates from 2050 on as GeneralizedTime (RFC 5280), earlier ones as UTCTime', () => {
    const late = new X509Certificate(
      issued('signing', { notAfter: new Date('2050-06-01T00:00:00Z') }),
    );
    expect(new Date(late.validTo).toISOString()).toBe('2050-06-01T00:00:00.000Z');
    const der = issued('signing', { notAfter: new Date('2049-12-31T23:59:59Z') });
    expect(certificateFields(der).notAfter.toISOString()).toBe('2049-12-31T23:59:59.000Z');
    expect(Buffer.from(der).includes(Buffer.from('491231235959Z'))).toBe(true);
  });
});
