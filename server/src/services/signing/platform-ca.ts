import { eq } from 'drizzle-orm';
// The CA module (pkijs, asn1js) loads on first use, off the server's start-up path.
import type { CertificateAuthority, SerializedCa } from '../../crypto/ca.ts';
import type { Db } from '../../db/client.ts';
import { signingKeys } from '../../db/schema/signing-keys.ts';

/** Row name of the built-in CA in `signing_keys`. */
export const CA_KEY_NAME = 'builtin-ca';

const pem = (der: string) =>
  `-----BEGIN CERTIFICATE-----\n${der.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;

const loaded = new WeakMap<Db, Map<string, Promise<CertificateAuthority>>>();

/**
 * Creates the built-in CA (root + platform signing certificate) unless the database has one,
 * and returns the stored one. Several servers starting at once on one database agree on a
 * single CA: each inserts with ON CONFLICT DO NOTHING and then everybody reads the row that
 * won. The row keeps both certificates as PEM (`certificatePem`, platform first) and the whole
 * {@link SerializedCa} as JSON in `encryptedKey` (its private keys sealed with SIGNET_SECRET).
 */
export async function bootstrapCa(db: Db, secret: string): Promise<CertificateAuthority> {
  const { createCa, loadCa } = await import('../../crypto/ca.ts');
  const read = async () =>
    (await db.select().from(signingKeys).where(eq(signingKeys.name, CA_KEY_NAME)).limit(1))[0];
  let row = await read();
  if (!row) {
    const created = createCa(secret);
    await db
      .insert(signingKeys)
      .values({
        name: CA_KEY_NAME,
        certificatePem: pem(created.platform.certificate) + pem(created.root.certificate),
        encryptedKey: JSON.stringify(created),
      })
      .onConflictDoNothing();
    row = await read();
    if (!row) throw new Error('The built-in CA could not be stored');
  }
  return loadCa(JSON.parse(row.encryptedKey) as SerializedCa, secret);
}

/**
 * The platform's CA for this database, created on first use (or at start, see main.ts) and kept
 * in memory afterwards (decrypting it costs one scrypt, ~60 ms). Never call it inside a
 * transaction on the same database: it may query and insert.
 */
export function platformCa(db: Db, secret: string): Promise<CertificateAuthority> {
  let bySecret = loaded.get(db);
  if (!bySecret) {
    bySecret = new Map();
    loaded.set(db, bySecret);
  }
  let ca = bySecret.get(secret);
  if (!ca) {
    ca = bootstrapCa(db, secret);
    bySecret.set(secret, ca);
    ca.catch(() => bySecret?.delete(secret));
  }
  return ca;
}
