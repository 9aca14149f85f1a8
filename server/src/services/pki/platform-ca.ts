import { PKI_PATHS } from '@signet/shared/pki/pki.constants';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
// The CA module (pkijs, asn1js) loads on first use, off the server's start-up path.
import type { CertificateAuthority, CreateCaOptions, SerializedCa } from '../../crypto/ca.ts';
import type { Db } from '../../db/client.ts';
import { issuedCertificates } from '../../db/schema/issued-certificates.ts';
import { signingKeys } from '../../db/schema/signing-keys.ts';

/** Row name of the built-in CA in `signing_keys`. */
export const CA_KEY_NAME = 'builtin-ca';

export type CaConfig = Pick<Config, 'secret' | 'publicUrl'>;

const pem = (der: string) =>
  `-----BEGIN CERTIFICATE-----\n${der.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;

const pemOf = (ca: SerializedCa) =>
  [ca.platform, ca.root, ca.tsa, ca.ocsp, ca.qtsp, ca.qtspOcsp]
    .flatMap((pair) => (pair ? [pem(pair.certificate)] : []))
    .join('');

const loaded = new WeakMap<Db, Map<string, Promise<CertificateAuthority>>>();

/** The URLs the CA writes into the certificates it issues (from PUBLIC_URL, at issue time). */
export function issuerUrls(publicUrl: string): NonNullable<CreateCaOptions['urls']> {
  return {
    caIssuers: `${publicUrl}${PKI_PATHS.root}`,
    crl: `${publicUrl}${PKI_PATHS.crl}`,
    ocsp: `${publicUrl}${PKI_PATHS.ocsp}`,
  };
}

/** The URLs in the Demo QTSP's per-signer certificates (one OCSP responder serves both issuers). */
export function demoQtspUrls(publicUrl: string): NonNullable<CreateCaOptions['urls']> {
  return {
    caIssuers: `${publicUrl}${PKI_PATHS.demoQtspCa}`,
    crl: `${publicUrl}${PKI_PATHS.demoQtspCrl}`,
    ocsp: `${publicUrl}${PKI_PATHS.ocsp}`,
  };
}

/**
 * Creates the built-in CA (root, platform signing, TSA and OCSP responder certificates) unless
 * the database has one, and returns the stored one. A CA stored before the TSA and OCSP
 * responder existed gets them under its own root (so documents signed before stay valid).
 * Several servers starting at once on one database agree on a single CA: each inserts with ON
 * CONFLICT DO NOTHING (or updates only the row it read) and then everybody reads the row that
 * won. The row keeps the certificates as PEM and the whole {@link SerializedCa} as JSON in
 * `encryptedKey` (its private keys sealed with SIGNET_SECRET). Every certificate is registered
 * in `issued_certificates`, which the OCSP responder and the CRL answer from.
 */
export async function bootstrapCa(db: Db, config: CaConfig): Promise<CertificateAuthority> {
  const { createCa, extendCa, loadCa } = await import('../../crypto/ca.ts');
  const options = { urls: issuerUrls(config.publicUrl) };
  const read = async () =>
    (await db.select().from(signingKeys).where(eq(signingKeys.name, CA_KEY_NAME)).limit(1))[0];
  let row = await read();
  if (!row) {
    const created = createCa(config.secret, options);
    await db
      .insert(signingKeys)
      .values({
        name: CA_KEY_NAME,
        certificatePem: pemOf(created),
        encryptedKey: JSON.stringify(created),
      })
      .onConflictDoNothing();
    row = await read();
    if (!row) throw new Error('The built-in CA could not be stored');
  }
  let serialized = JSON.parse(row.encryptedKey) as SerializedCa;
  const extended = extendCa(serialized, config.secret, options);
  if (extended) {
    await db
      .update(signingKeys)
      .set({ encryptedKey: JSON.stringify(extended), certificatePem: pemOf(extended) })
      .where(
        and(eq(signingKeys.name, CA_KEY_NAME), eq(signingKeys.encryptedKey, row.encryptedKey)),
      );
    row = await read();
    if (!row) throw new Error('The built-in CA disappeared');
    serialized = JSON.parse(row.encryptedKey) as SerializedCa;
  }
  const ca = loadCa(serialized, config.secret);
  await registerCertificates(db, ca);
  return ca;
}

/** Records the CA's own certificates (idempotent). */
async function registerCertificates(db: Db, ca: CertificateAuthority): Promise<void> {
  const { describeCertificate } = await import('../../crypto/revocation.ts');
  const rows = (
    [
      ['root', ca.rootCertificate],
      ['platform', ca.platformCertificate],
      ['tsa', ca.tsaSigner.certificateChain[0]],
      ['ocsp', ca.ocspSigner.certificateChain[0]],
      ['demo-qtsp-ca', ca.demoQtsp.certificate],
      ['demo-qtsp-ocsp', ca.demoQtsp.ocspSigner.certificateChain[0]],
    ] as const
  ).flatMap(([purpose, der]) => {
    if (!der) return [];
    const d = describeCertificate(der);
    return [
      {
        serial: d.serialHex,
        purpose,
        subject: d.subject,
        notAfter: d.notAfter,
        certificate: Buffer.from(der).toString('base64'),
      },
    ];
  });
  await db.insert(issuedCertificates).values(rows).onConflictDoNothing();
}

/**
 * The platform's CA for this database, created on first use (or at start, see main.ts) and kept
 * in memory afterwards (decrypting it costs one scrypt, ~60 ms). Never call it inside a
 * transaction on the same database: it may query and insert.
 */
export function platformCa(db: Db, config: CaConfig): Promise<CertificateAuthority> {
  let bySecret = loaded.get(db);
  if (!bySecret) {
    bySecret = new Map();
    loaded.set(db, bySecret);
  }
  let ca = bySecret.get(config.secret);
  if (!ca) {
    ca = bootstrapCa(db, config);
    bySecret.set(config.secret, ca);
    ca.catch(() => bySecret?.delete(config.secret));
  }
  return ca;
}
