import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { signPdf } from '../../pdf/sign.ts';
import { opensslTsVerify, pdfsig, requireTool } from '../../pdf/test-tools.ts';
import { createCa, loadCa } from '../ca.ts';
import { cadesMaxBytes } from '../cades.ts';
import { signerInfoParts } from '../der-walk.ts';
import { builtinTsa, httpTsa, TimestampError, TSA_POLICY } from './timestamp-authority.ts';
import { readTimestampToken } from './timestamp-token.ts';

const SECRET = 'tsa-test-secret-0123456789';
const ca = loadCa(createCa(SECRET), SECRET);
const digestOf = (text: string) => createHash('sha256').update(text).digest();

describe('the built-in TSA', () => {
  const tsa = builtinTsa(ca.tsaSigner);

  it('issues tokens openssl accepts against the built-in root, and refuses for another digest', async () => {
    requireTool('openssl');
    const digest = digestOf('the signature value');
    const token = await tsa.timestamp(digest);
    const ok = opensslTsVerify(token, digest.toString('hex'), ca.rootCertificate);
    expect(ok.status, ok.output).toBe(0);
    expect(ok.output).toContain('Verification: OK');
    expect(
      opensslTsVerify(token, digestOf('other').toString('hex'), ca.rootCertificate).status,
    ).not.toBe(0);
    const read = readTimestampToken(token);
    expect(read.signatureValid).toBe(true);
    // asn1js cannot decode a 128-bit arc; OpenSSL prints the policy as written.
    const dir = mkdtempSync(join(tmpdir(), 'signet-tsa-'));
    try {
      writeFileSync(join(dir, 'token.der'), token);
      const text = spawnSync(
        'openssl',
        ['ts', '-reply', '-in', 'token.der', '-token_in', '-token_out', '-text'],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      ).stdout;
      expect(text).toContain(`Policy OID: ${TSA_POLICY}`);
      expect(text).toContain('Accuracy: 0x01 seconds');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(Math.abs(read.genTime.getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('never issues a token larger than it reserves', async () => {
    const max = await tsa.maxTokenBytes();
    for (let i = 0; i < 50; i++) {
      expect((await tsa.timestamp(digestOf(String(i)))).length).toBeLessThanOrEqual(max);
    }
  });
});

/**
 * An external TSA: OpenSSL's own RFC 3161 implementation (`openssl ts -reply`) behind HTTP, with
 * its own root and TSA certificate — nothing of Signet's code answers.
 */
describe('TSA_URL: an external RFC 3161 TSA over HTTP', () => {
  let dir: string;
  let server: Server;
  let url: string;
  let mode: 'ok' | 'refuse' | 'garbage' = 'ok';

  beforeAll(async () => {
    requireTool('openssl');
    dir = mkdtempSync(join(tmpdir(), 'signet-openssl-tsa-'));
    const run = (args: string[]) => {
      const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${r.stderr}`);
    };
    writeFileSync(
      join(dir, 'ext.cnf'),
      'extendedKeyUsage = critical,timeStamping\nkeyUsage = critical,digitalSignature\n',
    );
    run([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '30',
      '-subj',
      '/CN=Outside Root',
    ]);
    run([
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'tsa.key',
      '-out',
      'tsa.csr',
      '-subj',
      '/CN=Outside TSA',
    ]);
    run([
      'x509',
      '-req',
      '-in',
      'tsa.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'tsa.pem',
      '-days',
      '30',
      '-extfile',
      'ext.cnf',
    ]);
    writeFileSync(join(dir, 'serial'), '01\n');
    writeFileSync(
      join(dir, 'tsa.cnf'),
      [
        '[ tsa ]',
        'default_tsa = tsa_config',
        '[ tsa_config ]',
        `dir = ${dir}`,
        'serial = $dir/serial',
        'signer_cert = $dir/tsa.pem',
        'signer_key = $dir/tsa.key',
        'certs = $dir/tsa.pem',
        'signer_digest = sha256',
        'default_policy = 1.2.3.4.1',
        'digests = sha256',
        'accuracy = secs:1',
        'ess_cert_id_alg = sha256',
        '',
      ].join('\n'),
    );
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (mode === 'refuse') {
          res.writeHead(503).end();
          return;
        }
        if (mode === 'garbage') {
          res.writeHead(200, { 'Content-Type': 'application/timestamp-reply' }).end('not der');
          return;
        }
        const query = join(dir, `q${Date.now()}${Math.random()}.tsq`);
        writeFileSync(query, Buffer.concat(chunks));
        const reply = spawnSync(
          'openssl',
          [
            'ts',
            '-reply',
            '-config',
            join(dir, 'tsa.cnf'),
            '-queryfile',
            query,
            '-out',
            `${query}.tsr`,
          ],
          { cwd: dir },
        );
        if (reply.status !== 0) {
          res.writeHead(500).end();
          return;
        }
        res
          .writeHead(200, { 'Content-Type': 'application/timestamp-reply' })
          .end(readFileSync(`${query}.tsr`));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsr`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs a PDF with its time stamp: pdfsig valid, the token verifies against its own root', async () => {
    mode = 'ok';
    const tsa = httpTsa(url);
    const signed = await signPdf(await makeTestPdf(), {
      signer: ca.platformSigner,
      tsa,
      signerName: 'Outside Time',
      signingTime: new Date(),
      field: { defaultSlot: 0 },
      appearance: { lines: ['Outside Time'] },
    });
    const verdict = pdfsig(signed.bytes);
    expect(verdict.signatures[0]?.valid, verdict.output).toBe(true);
    const contents = Buffer.from(signed.bytes).toString('latin1');
    const hex = /\/Contents\s*<([0-9A-F]+)>/.exec(
      contents.slice(contents.lastIndexOf('/ByteRange')),
    )?.[1];
    expect(hex).toBeDefined();
    const { signatureValue, timestampTokens } = signerInfoParts(
      new Uint8Array(Buffer.from(hex as string, 'hex')),
    );
    expect(timestampTokens).toHaveLength(1);
    const token = timestampTokens[0] as Uint8Array;
    expect(readTimestampToken(token).policy).toBe('1.2.3.4.1');
    const digest = createHash('sha256').update(signatureValue).digest('hex');
    const outsideRoot = new Uint8Array(
      Buffer.from(
        readFileSync(join(dir, 'ca.pem'), 'utf8').replace(/-----[^-]+-----|\s/g, ''),
        'base64',
      ),
    );
    const verified = opensslTsVerify(token, digest, outsideRoot);
    expect(verified.status, verified.output).toBe(0);
    // The reservation was learnt from the first answer and holds.
    expect(await cadesMaxBytes(ca.platformSigner, tsa)).toBeGreaterThan(
      await cadesMaxBytes(ca.platformSigner),
    );
  });

  it('an unreachable, refusing or confused TSA is a TimestampError (never a half-signed file)', async () => {
    mode = 'refuse';
    await expect(httpTsa(url).timestamp(digestOf('x'))).rejects.toBeInstanceOf(TimestampError);
    mode = 'garbage';
    await expect(httpTsa(url).timestamp(digestOf('x'))).rejects.toBeInstanceOf(TimestampError);
    await expect(
      httpTsa('http://127.0.0.1:9/none', { timeoutMs: 500 }).timestamp(digestOf('x')),
    ).rejects.toBeInstanceOf(TimestampError);
    mode = 'ok';
  });
});
