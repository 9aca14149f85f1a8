import { inArray, isNotNull, sql } from 'drizzle-orm';
import type { CertificateAuthority } from '../../crypto/ca.ts';
// revocation.ts (pkijs) is loaded with the CA, off the start-up path.
import type { CertStatus } from '../../crypto/revocation.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { issuedCertificates } from '../../db/schema/issued-certificates.ts';
import type { ValidationData } from '../../pdf/ltv.ts';
import { type CaConfig, platformCa } from './platform-ca.ts';

/** How long an OCSP response says it is good for; the CRL is re-made after a tenth of its life. */
const OCSP_VALID_MS = 24 * 3600_000;
const CRL_VALID_MS = 7 * 24 * 3600_000;
const CRL_REFRESH_MS = 10 * 60_000;

/** The status of each serial: revoked, good (issued by us, not revoked) or unknown. */
export async function certificateStatuses(
  db: DbOrTx,
  serials: readonly string[],
): Promise<Map<string, CertStatus>> {
  const out = new Map<string, CertStatus>(serials.map((s) => [s, { status: 'unknown' }]));
  if (serials.length === 0) return out;
  const rows = await db
    .select({
      serial: issuedCertificates.serial,
      revokedAt: issuedCertificates.revokedAt,
      reason: issuedCertificates.revocationReason,
    })
    .from(issuedCertificates)
    .where(inArray(issuedCertificates.serial, [...serials]));
  for (const r of rows) {
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

/**
 * The answer of the OCSP responder at `/pki/ocsp` to a DER request: good / revoked / unknown
 * per asked certificate of our root, signed by the delegated responder; malformedRequest (1)
 * for what cannot be read, unauthorized (6) for certificates of another issuer.
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
  let parsed: ReturnType<typeof parseOcspRequest>;
  try {
    parsed = parseOcspRequest(request, ca.rootCertificate);
  } catch {
    return ocspError(1);
  }
  if (!parsed.certIds.every((c) => c.forIssuer)) return ocspError(6);
  const statuses = await certificateStatuses(
    db,
    parsed.certIds.map((c) => c.serialHex),
  );
  return buildOcspResponse(
    ca.ocspSigner,
    parsed.certIds.map((c) => ({
      certId: c.der,
      status: statuses.get(c.serialHex) ?? { status: 'unknown' },
    })),
    new Date(),
    { validForMs: OCSP_VALID_MS, ...(parsed.nonce ? { nonce: parsed.nonce } : {}) },
  );
}

type CachedCrl = { der: Uint8Array; at: number };
const crlCache = new WeakMap<Db, Promise<CachedCrl>>();

/** The root's current CRL (re-made every 10 minutes and after a revocation; valid 7 days). */
export async function currentCrl(db: Db, config: CaConfig): Promise<Uint8Array> {
  const cached = crlCache.get(db);
  if (cached) {
    const crl = await cached.catch(() => null);
    if (crl && Date.now() - crl.at < CRL_REFRESH_MS) return crl.der;
  }
  const next = makeCrl(db, await platformCa(db, config));
  crlCache.set(db, next);
  next.catch(() => crlCache.delete(db));
  return (await next).der;
}

async function makeCrl(db: Db, ca: CertificateAuthority): Promise<CachedCrl> {
  const { buildCrl } = await import('../../crypto/revocation.ts');
  const revoked = await db
    .select({
      serial: issuedCertificates.serial,
      revokedAt: issuedCertificates.revokedAt,
      reason: issuedCertificates.revocationReason,
    })
    .from(issuedCertificates)
    .where(isNotNull(issuedCertificates.revokedAt));
  const now = new Date();
  const der = await buildCrl(
    ca.rootSigner,
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
 * the root and the OCSP responder, a fresh OCSP response for every certificate our root issued,
 * and the root's CRL. Certificates of other issuers get none (we cannot vouch for them).
 */
export async function validationData(
  db: DbOrTx,
  ca: CertificateAuthority,
  crl: Uint8Array,
  certificates: readonly Uint8Array[],
): Promise<ValidationData> {
  const { buildOcspResponse, certId, certificateSerial, issuedBy } = await import(
    '../../crypto/revocation.ts'
  );
  const root = Buffer.from(ca.rootCertificate);
  const ours = certificates.filter(
    (c) => !root.equals(Buffer.from(c)) && issuedBy(c, ca.rootCertificate),
  );
  const serials = ours.map(certificateSerial);
  const statuses = await certificateStatuses(db, serials);
  const now = new Date();
  const ocspResponses = await Promise.all(
    serials.map((serial) =>
      buildOcspResponse(
        ca.ocspSigner,
        [
          {
            certId: certId(serial, ca.rootCertificate),
            status: statuses.get(serial) ?? { status: 'unknown' },
          },
        ],
        now,
        { validForMs: OCSP_VALID_MS },
      ),
    ),
  );
  const all = new Map<string, Uint8Array>();
  for (const c of [
    ...certificates,
    ca.rootCertificate,
    ...ca.ocspSigner.certificateChain.slice(0, 1),
  ]) {
    all.set(Buffer.from(c).toString('base64'), c);
  }
  return { certificates: [...all.values()], ocspResponses, crls: [crl] };
}
