import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PKI_PATHS } from '@signet/shared/pki/pki.constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateSerial } from '../../crypto/revocation.ts';
import { requireTool } from '../../pdf/test-tools.ts';
import { platformCa } from '../../services/pki/platform-ca.ts';
import { revokeCertificate } from '../../services/pki/revocation.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';

let t: TestApp;
let dir: string;

const pem = (der: Uint8Array) =>
  `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
const openssl = (args: string[]) => {
  const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
};

beforeAll(async () => {
  requireTool('openssl');
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'signet-pki-'));
  const ca = await platformCa(t.db, t.config);
  writeFileSync(join(dir, 'root.pem'), pem(ca.rootCertificate));
  writeFileSync(join(dir, 'platform.pem'), pem(ca.platformCertificate));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function fetchBytes(
  path: string,
  init?: RequestInit,
): Promise<{ status: number; type: string; bytes: Uint8Array }> {
  const res = await t.app.request(path, init);
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

describe('the built-in CA at /pki', () => {
  it('publishes the root and the TSA certificate (the TSA with a critical time-stamping EKU)', async () => {
    const root = await fetchBytes(PKI_PATHS.root);
    expect(root.status).toBe(200);
    expect(root.type).toBe('application/pkix-cert');
    const ca = await platformCa(t.db, t.config);
    expect(Buffer.from(root.bytes).equals(Buffer.from(ca.rootCertificate))).toBe(true);
    const tsa = await fetchBytes(PKI_PATHS.tsa);
    writeFileSync(join(dir, 'tsa.der'), tsa.bytes);
    const text = openssl(['x509', '-inform', 'DER', '-in', 'tsa.der', '-noout', '-text']).output;
    expect(text).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping/);
    writeFileSync(join(dir, 'tsa.pem'), pem(tsa.bytes));
    const verified = openssl([
      'verify',
      '-CAfile',
      'root.pem',
      '-purpose',
      'timestampsign',
      'tsa.pem',
    ]);
    expect(verified.status, verified.output).toBe(0);
    expect(verified.output).toContain('tsa.pem: OK');
  });

  it('answers OCSP (POST and GET) good, then revoked; the CRL lists the revoked certificate', async () => {
    expect(
      openssl([
        'ocsp',
        '-issuer',
        'root.pem',
        '-cert',
        'platform.pem',
        '-reqout',
        'req.der',
        '-no_nonce',
      ]).status,
    ).toBe(0);
    const request = new Uint8Array(readFileSync(join(dir, 'req.der')));
    const ask = async (how: 'POST' | 'GET') => {
      const res =
        how === 'POST'
          ? await fetchBytes(PKI_PATHS.ocsp, {
              method: 'POST',
              headers: { 'Content-Type': 'application/ocsp-request' },
              body: request,
            })
          : await fetchBytes(
              `${PKI_PATHS.ocsp}/${encodeURIComponent(Buffer.from(request).toString('base64'))}`,
            );
      expect(res.status).toBe(200);
      expect(res.type).toBe('application/ocsp-response');
      writeFileSync(join(dir, 'resp.der'), res.bytes);
      return openssl([
        'ocsp',
        '-respin',
        'resp.der',
        '-CAfile',
        'root.pem',
        '-issuer',
        'root.pem',
        '-cert',
        'platform.pem',
      ]).output;
    };
    const good = await ask('POST');
    expect(good).toContain('Response verify OK');
    expect(good).toContain('platform.pem: good');
    expect(await ask('GET')).toMatch(/platform.pem: good/);

    const crl = await fetchBytes(PKI_PATHS.crl);
    writeFileSync(join(dir, 'crl.der'), crl.bytes);
    expect(
      openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-CAfile', 'root.pem', '-noout']).output,
    ).toContain('verify OK');

    const ca = await platformCa(t.db, t.config);
    // A throwaway certificate of our root, registered, then revoked (key compromise).
    const serial = certificateSerial(ca.platformCertificate);
    expect(await revokeCertificate(t.db, serial, 1)).toBe(true);
    expect(await ask('POST')).toMatch(/platform.pem: revoked[\s\S]*Reason: keyCompromise/);
    const after = await fetchBytes(PKI_PATHS.crl);
    writeFileSync(join(dir, 'crl2.der'), after.bytes);
    const listed = openssl([
      'crl',
      '-inform',
      'DER',
      '-in',
      'crl2.der',
      '-CAfile',
      'root.pem',
      '-noout',
      '-text',
    ]).output;
    expect(listed).toContain('verify OK');
    expect(listed.toLowerCase()).toContain(serial.toLowerCase().replace(/^0+/, ''));
  });

  it('answers unreadable requests with malformedRequest, never a 500', async () => {
    const res = await fetchBytes(PKI_PATHS.ocsp, {
      method: 'POST',
      body: new Uint8Array([1, 2, 3]),
    });
    expect(res.status).toBe(200);
    // OCSPResponse { responseStatus malformedRequest(1) }
    expect([...res.bytes]).toEqual([0x30, 0x03, 0x0a, 0x01, 0x01]);
    const bad = await fetchBytes(`${PKI_PATHS.ocsp}/%E0%A4%A`);
    expect(bad.status).toBe(200);
    expect([...bad.bytes]).toEqual([0x30, 0x03, 0x0a, 0x01, 0x01]);
  });
});
