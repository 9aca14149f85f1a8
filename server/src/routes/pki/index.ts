import { PKI_PATHS } from '@signet/shared/pki/pki.constants';
import { Hono } from 'hono';
import { AppError } from '../../errors.ts';
import type { AppDeps, AppEnv } from '../../http/types.ts';
import { readLimited } from '../../http/validation.ts';
import { platformCa } from '../../services/pki/platform-ca.ts';
import { answerOcsp, currentCrl } from '../../services/pki/revocation.ts';

/** What the Demo QTSP's policy URL says (English, like every PKI disclosure statement here). */
const DEMO_QTSP_POLICY_TEXT = `Signet Demo QTSP - certificate policy and PKI disclosure statement

TEST SYSTEM. The Demo QTSP is part of Signet's test system. It is not a qualified trust service
provider and is listed on no trusted list. Its certificates are not qualified certificates, and
signatures made with them have no legal effect: they are "DEMO" signatures.

- Certificates are issued for one signing session, after the signer confirmed it with a TAN, to
  the name a sandbox identification verified. They live 60 minutes.
- Their qcStatements name this statement and a test marker; they never claim QcCompliance.
- Status: the OCSP responder and the CRL named in each certificate.
`;

/** An OCSP request is a few hundred bytes; anything far larger is not one. */
const MAX_OCSP_REQUEST = 16 * 1024;

const binary = (bytes: Uint8Array, type: string, maxAge: number) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: { 'Content-Type': type, 'Cache-Control': `public, max-age=${maxAge}` },
  });

/**
 * What the built-in CA publishes at the paths its certificates name (`PKI_PATHS`, outside
 * `/api`): the root and TSA certificates, the root's CRL, and the OCSP responder (RFC 6960 A.1:
 * POST of the DER request, or GET with the base64 request as the last path segment).
 */
export function pkiRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const ca = () => platformCa(deps.db, deps.config);
  const rel = (path: string) => path.replace(/^\/pki/, '');

  app.get(rel(PKI_PATHS.root), async () =>
    binary((await ca()).rootCertificate, 'application/pkix-cert', 86_400),
  );
  app.get(rel(PKI_PATHS.tsa), async () =>
    binary(
      (await ca()).tsaSigner.certificateChain[0] as Uint8Array,
      'application/pkix-cert',
      86_400,
    ),
  );
  app.get(rel(PKI_PATHS.crl), async () =>
    binary(await currentCrl(deps.db, deps.config), 'application/pkix-crl', 600),
  );
  app.get(rel(PKI_PATHS.demoQtspCa), async () =>
    binary((await ca()).demoQtsp.certificate, 'application/pkix-cert', 86_400),
  );
  app.get(rel(PKI_PATHS.demoQtspCrl), async () =>
    binary(await currentCrl(deps.db, deps.config, 'demo-qtsp'), 'application/pkix-crl', 600),
  );
  // The demo policy's CPS and PKI disclosure statement, named in every per-signer certificate.
  app.get(
    rel(PKI_PATHS.demoQtspPolicy),
    () =>
      new Response(DEMO_QTSP_POLICY_TEXT, {
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'public, max-age=86400',
        },
      }),
  );
  const ocsp = async (request: Uint8Array) =>
    new Response((await answerOcsp(deps.db, deps.config, request)) as Uint8Array<ArrayBuffer>, {
      headers: { 'Content-Type': 'application/ocsp-response', 'Cache-Control': 'no-store' },
    });
  app.post(rel(PKI_PATHS.ocsp), async (c) =>
    ocsp(
      await readLimited(
        c.req.raw,
        MAX_OCSP_REQUEST,
        () => new AppError('PAYLOAD_TOO_LARGE', 413, 'An OCSP request is at most 16 KiB.'),
      ),
    ),
  );
  app.get(`${rel(PKI_PATHS.ocsp)}/:request{.+}`, async (c) => {
    const raw = c.req.param('request');
    if (raw.length > MAX_OCSP_REQUEST) {
      throw new AppError('PAYLOAD_TOO_LARGE', 413, 'An OCSP request is at most 16 KiB.');
    }
    let encoded: string;
    try {
      encoded = decodeURIComponent(raw);
    } catch {
      encoded = ''; // not even a URL: answered as a malformed request
    }
    return ocsp(new Uint8Array(Buffer.from(encoded, 'base64')));
  });
  return app;
}
