import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CertificateAuthority } from '../../crypto/ca.ts';
// revocation.ts (pkijs) is loaded with the CA, off the start-up path.
import type { CertStatus } from '../../crypto/revocation.ts';
import type { Signer } from '../../crypto/signer.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { issuedCertificates } from '../../db/schema/issued-certificates.ts';
import type { ValidationData } from '../../pdf/ltv.ts';
import { type CaConfig, platformCa } from './platform-ca.ts';

/** How long an OCSP response says it is good for; the CRL is re-made after a tenth of its life. */
const OCSP_VALID_MS = 24 * 3600_000;
const CRL_VALID_MS = 7 * 24 * 3600_000;
const CRL_REFRESH_MS = 10 * 60_000;

/**
 * The two issuers of the built-in PKI: the root (platform, TSA, OCSP responder, the Demo QTSP's
 * CA) and the Demo QTSP (per-signer certificates and its own OCSP responder). Each answers OCSP
 * and publishes a CRL for what it issued, told apart by the registry's `purpose`.
 */
export const ISSUERS = ['root', 'demo-qtsp'] as const;
export type IssuerName = (typeof ISSUERS)[number];

/** Registry purposes of the certificates each issuer issued. */
const ISSUED_PURPOSES: Record<IssuerName, readonly string[]> = {
  root: ['root', 'platform', 'tsa', 'ocsp', 'demo-qtsp-ca'],
  'demo-qtsp': ['signer', 'demo-qtsp-ocsp'],
};

type IssuerKeys = { certificate: Uint8Array; ocspSigner: Signer; crlSigner: Signer };

function issuerKeys(ca: CertificateAuthority, issuer: IssuerName): IssuerKeys {
  return issuer === 'root'
    ? { certificate: ca.rootCertificate, ocspSigner: ca.ocspSigner, crlSigner: ca.rootSigner }
    : {
        certificate: ca.demoQtsp.certificate,
        ocspSigner: ca.demoQtsp.ocspSigner,
        crlSigner: ca.demoQtsp.caSigner,
      };
}

/**
 * The status of each serial: revoked, good (issued by us, not revoked) or unknown. With an
 * issuer, a serial that issuer did not issue is unknown.
 */
export async function certificateStatuses(
  db: DbOrTx,
  serials: readonly string[],
  issuer?: IssuerName,
): Promise<Map<string, CertStatus>> {
  const out = new Map<string, CertStatus>(serials.map((s) => [s, { status: 'unknown' }]));
  if (serials.length === 0) return out;
  const rows = await db
    .select({
      serial: issuedCertificates.serial,
      purpose: issuedCertificates.purpose,
      revokedAt: issuedCertificates.revokedAt,
      reason: issuedCertificates.revocationReason,
    })
    .from(issuedCertificates)
    .where(inArray(issuedCertificates.serial, [...serials]));
  for (const r of rows) {
    if (issuer && !ISSUED_PURPOSES[issuer].includes(r.purpose)) continue;
    out.set(
      r.serial,
      r.revokedAt
        ? {
            status: 'revoked',
            revokedAt: r.revokedAt,
            ...(r.reason !== null ? { reason: r.reason } : {}),
          }
        : { status: 'good' },
    );
  }
  return out;
}

/** Revokes a certificate the CA issued (RFC 5280 reason code, default 0 unspecified). */
export async function revokeCertificate(db: Db, serialHex: string, reason = 0): Promise<boolean> {
  const rows = await db
    .update(issuedCertificates)
    .set({ revokedAt: new Date(), revocationReason: reason })
    .where(
      sql`${issuedCertificates.serial} = ${serialHex.toLowerCase()} and ${issuedCertificates.revokedAt} is null`,
    )
    .returning({ serial: issuedCertificates.serial });
  crlCache.delete(db);
  return rows.length > 0;
}

/** Records a certificate the CA issued (so OCSP answers "good" and a revocation reaches the CRL). */
export async function registerCertificate(
  db: DbOrTx,
  purpose: string,
  certificate: Uint8Array,
): Promise<void> {
  const { describeCertificate } = await import('../../crypto/revocation.ts');
  const d = describeCertificate(certificate);
  await db
    .insert(issuedCertificates)
    .values({
      serial: d.serialHex,
      purpose,
      subject: d.subject,
      notAfter: d.notAfter,
      certificate: Buffer.from(certificate).toString('base64'),
    })
    .onConflictDoNothing();
}

/**
 * The answer of the OCSP responder at `/pki/ocsp` to a DER request: good / revoked / unknown
 * per asked certificate of our root or of the Demo QTSP, signed by that issuer's delegated
 * responder; malformedRequest (1) for what cannot be read, unauthorized (6) for certificates of
 * another issuer (or of both in one request).
 */
export async function answerOcsp(
  db: Db,
  config: CaConfig,
  request: Uint8Array,
): Promise<Uint8Array> {
  const ca = await platformCa(db, config);
  const { buildOcspResponse, ocspError, parseOcspRequest } = await import(
    '../../crypto/revocation.ts'
  );
  let parsed: ReturnType<typeof parseOcspRequest> | undefined;
  let issuer: IssuerName | undefined;
  try {
    for (const name of ISSUERS) {
      const attempt = parseOcspRequest(request, issuerKeys(ca, name).certificate);
      if (attempt.certIds.every((c) => c.forIssuer)) {
        parsed = attempt;
        issuer = name;
        break;
      }
    }
  } catch {
    return ocspError(1);
  }
  if (!parsed || !issuer) return ocspError(6);
  const statuses = await certificateStatuses(
    db,
    parsed.certIds.map((c) => c.serialHex),
    issuer,
  );
  return buildOcspResponse(
    issuerKeys(ca, issuer).ocspSigner,
    parsed.certIds.map((c) => ({
      certId: c.der,
      status: statuses.get(c.serialHex) ?? { status: 'unknown' },
    })),
    new Date(),
    { validForMs: OCSP_VALID_MS, ...(parsed.nonce ? { nonce: parsed.nonce } : {}) },
  );
}

type CachedCrl = { der: Uint8Array; at: number };
const crlCache = new WeakMap<Db, Map<IssuerName, Promise<CachedCrl>>>();

/**
 * An issuer's current CRL (the root's by default; re-made every 10 minutes and after a
 * revocation; valid 7 days).
 */
export async function currentCrl(
  db: Db,
  config: CaConfig,
  issuer: IssuerName = 'root',
): Promise<Uint8Array> {
  let byIssuer = crlCache.get(db);
  if (!byIssuer) {
    byIssuer = new Map();
    crlCache.set(db, byIssuer);
  }
  const cached = byIssuer.get(issuer);
  if (cached) {
    const crl = await cached.catch(() => null);
    if (crl && Date.now() - crl.at < CRL_REFRESH_MS) return crl.der;
  }
  const next = makeCrl(db, await platformCa(db, config), issuer);
  byIssuer.set(issuer, next);
  next.catch(() => byIssuer?.delete(issuer));
  return (await next).der;
}

/** Every issuer's current CRL, for a sealed document's DSS (which takes the ones it needs). */
export async function currentCrls(
  db: Db,
  config: CaConfig,
): Promise<Record<IssuerName, Uint8Array>> {
  const [root, qtsp] = await Promise.all(ISSUERS.map((issuer) => currentCrl(db, config, issuer)));
  return { root: root as Uint8Array, 'demo-qtsp': qtsp as Uint8Array };
}

async function makeCrl(db: Db, ca: CertificateAuthority, issuer: IssuerName): Promise<CachedCrl> {
  const { buildCrl } = await import('../../crypto/revocation.ts');
  const revoked = await db
    .select({
      serial: issuedCertificates.serial,
      revokedAt: issuedCertificates.revokedAt,
      reason: issuedCertificates.revocationReason,
    })
    .from(issuedCertificates)
    .where(
      and(
        isNotNull(issuedCertificates.revokedAt),
        inArray(issuedCertificates.purpose, [...ISSUED_PURPOSES[issuer]]),
      ),
    );
  const now = new Date();
  const der = await buildCrl(
    issuerKeys(ca, issuer).crlSigner,
    revoked.map((r) => ({
      serialHex: r.serial,
      revokedAt: r.revokedAt as Date,
      ...(r.reason !== null ? { reason: r.reason } : {}),
    })),
    {
      thisUpdate: now,
      nextUpdate: new Date(now.getTime() + CRL_VALID_MS),
      // Monotonic across instances: the time in milliseconds.
      number: BigInt(now.getTime()),
    },
  );
  return { der, at: now.getTime() };
}

/**
 * What a finished document's DSS gets (PAdES B-LT): the certificates its signatures carry plus
 * the root and the OCSP responder; a fresh OCSP response for every certificate our root or the
 * Demo QTSP issued (from that issuer's responder); the root's CRL. When a signature carries a
 * certificate of the Demo QTSP, also its CA, its responder and its CRL. Certificates of other
 * issuers get none (we cannot vouch for them).
 */
export async function validationData(
  db: DbOrTx,
  ca: CertificateAuthority,
  crls: Record<IssuerName, Uint8Array>,
  certificates: readonly Uint8Array[],
): Promise<ValidationData> {
  const { buildOcspResponse, certId, certificateSerial, issuedBy } = await import(
    '../../crypto/revocation.ts'
  );
  const root = Buffer.from(ca.rootCertificate);
  const asked = certificates
    .filter((c) => !root.equals(Buffer.from(c)))
    .flatMap((c) => {
      const issuer = ISSUERS.find((name) => issuedBy(c, issuerKeys(ca, name).certificate));
      return issuer ? [{ serial: certificateSerial(c), issuer }] : [];
    });
  const statuses = new Map<IssuerName, Map<string, CertStatus>>();
  for (const issuer of ISSUERS) {
    const serials = asked.filter((a) => a.issuer === issuer).map((a) => a.serial);
    if (serials.length > 0) statuses.set(issuer, await certificateStatuses(db, serials, issuer));
  }
  const now = new Date();
  const ocspResponses = await Promise.all(
    asked.map(({ serial, issuer }) => {
      const keys = issuerKeys(ca, issuer);
      return buildOcspResponse(
        keys.ocspSigner,
        [
          {
            certId: certId(serial, keys.certificate),
            status: statuses.get(issuer)?.get(serial) ?? { status: 'unknown' },
          },
        ],
        now,
        { validForMs: OCSP_VALID_MS },
      );
    }),
  );
  const qtsp = asked.some((a) => a.issuer === 'demo-qtsp');
  const all = new Map<string, Uint8Array>();
  for (const c of [
    ...certificates,
    ca.rootCertificate,
    ...ca.ocspSigner.certificateChain.slice(0, 1),
    ...(qtsp
      ? [ca.demoQtsp.certificate, ...ca.demoQtsp.ocspSigner.certificateChain.slice(0, 1)]
      : []),
  ]) {
    all.set(Buffer.from(c).toString('base64'), c);
  }
  return {
    certificates: [...all.values()],
    ocspResponses,
    crls: qtsp ? [crls.root, crls['demo-qtsp']] : [crls.root],
  };
}
