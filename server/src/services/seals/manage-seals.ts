import { X509Certificate } from 'node:crypto';
import { SEAL_ERRORS, SEALS_MAX } from '@signet/shared/seal/seal.constants';
import type { TSeal, TSealInput, TSealList } from '@signet/shared/seal/seal.schema';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { describeCertificate } from '../../crypto/revocation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { apiUsers } from '../../db/schema/api-users.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { issuedCertificates } from '../../db/schema/issued-certificates.ts';
import { sealApiUsers, sealMembers, seals, type TSealRow } from '../../db/schema/seals.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { changeBusiness, readBusiness } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';
import { issuerUrls, platformCa } from '../pki/platform-ca.ts';
import { trustProvider } from '../signing/trust-step.ts';
import { sealSealKey } from './seal-keys.ts';

type Ctx = Pick<ServiceContext, 'db' | 'principal' | 'config'>;

/** A seal's certificate lives three years (a new seal is a new key and certificate). */
const SEAL_VALIDITY_DAYS = 3 * 365;

const sealNotFound = () => new AppError('NOT_FOUND', 404, 'No such seal');

export async function sealDto(db: DbOrTx, row: TSealRow): Promise<TSeal> {
  const [members, grants] = await Promise.all([
    db
      .select({ id: users.id, email: users.email })
      .from(sealMembers)
      .innerJoin(users, eq(users.id, sealMembers.userId))
      .where(eq(sealMembers.sealId, row.id))
      .orderBy(asc(users.email)),
    db
      .select({ username: apiUsers.username })
      .from(sealApiUsers)
      .innerJoin(apiUsers, eq(apiUsers.id, sealApiUsers.apiUserId))
      .where(eq(sealApiUsers.sealId, row.id))
      .orderBy(asc(apiUsers.username)),
  ]);
  const certificate = describeCertificate(Buffer.from(row.certificate, 'base64'));
  return {
    accountName: row.accountName,
    displayName: row.displayName,
    amountApiKeys: grants.length,
    amountMembers: members.length,
    quality: row.quality,
    certificateSubject: certificateSubjectOf(row),
    certificateNotAfter: certificate.notAfter.toISOString(),
    hasImage: row.imageKey !== null,
    members,
    apiUsers: grants.map((g) => g.username),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the certificate names: the seal's display name and the business (as at issue). */
const certificateSubjectOf = (row: TSealRow) => {
  const cert = new X509Certificate(Buffer.from(row.certificate, 'base64'));
  return cert.subject.split('\n').reverse().join(', ');
};

export async function sealOf(
  db: DbOrTx,
  businessId: string,
  accountName: string,
): Promise<TSealRow> {
  const [row] = await db
    .select()
    .from(seals)
    .where(and(eq(seals.businessId, businessId), eq(seals.accountName, accountName)));
  if (!row) throw sealNotFound();
  return row;
}

/** `GET /v1/businesses/{id}/seals` (admin). */
export async function listSeals(ctx: Ctx, businessId: string): Promise<TSealList> {
  await readBusiness(ctx, businessId);
  const rows = await ctx.db
    .select({
      accountName: seals.accountName,
      displayName: seals.displayName,
      id: seals.id,
    })
    .from(seals)
    .where(eq(seals.businessId, businessId))
    .orderBy(asc(seals.accountName));
  const ids = rows.map((r) => r.id);
  const [memberCounts, grantCounts] = ids.length
    ? await Promise.all([
        ctx.db
          .select({ id: sealMembers.sealId, n: count() })
          .from(sealMembers)
          .where(inArray(sealMembers.sealId, ids))
          .groupBy(sealMembers.sealId),
        ctx.db
          .select({ id: sealApiUsers.sealId, n: count() })
          .from(sealApiUsers)
          .where(inArray(sealApiUsers.sealId, ids))
          .groupBy(sealApiUsers.sealId),
      ])
    : [[], []];
  const members = new Map(memberCounts.map((m) => [m.id, m.n]));
  const grants = new Map(grantCounts.map((g) => [g.id, g.n]));
  return rows.map((r) => ({
    accountName: r.accountName,
    displayName: r.displayName,
    amountApiKeys: grants.get(r.id) ?? 0,
    amountMembers: members.get(r.id) ?? 0,
  }));
}

/** `GET /v1/businesses/{id}/seals/{seal}` (admin). */
export async function getSeal(ctx: Ctx, businessId: string, accountName: string): Promise<TSeal> {
  await readBusiness(ctx, businessId);
  return sealDto(ctx.db, await sealOf(ctx.db, businessId, accountName));
}

/**
 * `PUT /v1/businesses/{id}/seals/{seal}` (admin). Decision: the spec has no call that creates a
 * seal, so PUT of a new account name creates it — an EC P-256 key and a certificate with the
 * display name as common name and the business as organisation: of the built-in CA (`seal.aes`),
 * or a qualified seal certificate of the trust service (`seal.qes`; its quality is fixed), the key
 * sealed under SIGNET_SECRET, the certificate registered for OCSP and CRL. An existing seal gets
 * its new display name (the certificate keeps the one it was issued with). `apiUsers` replaces
 * the API users it is granted to.
 */
export async function putSeal(
  ctx: Ctx,
  businessId: string,
  accountName: string,
  input: TSealInput,
): Promise<TSeal> {
  // The CA and the trust service are read outside the transaction (they may write on first use).
  const ca = await platformCa(ctx.db, ctx.config);
  const qualified = input.quality === 'seal.qes' ? await trustProvider(ctx) : null;
  return changeBusiness(ctx, businessId, 'admin', async ({ tx, business }) => {
    const [existing] = await tx
      .select()
      .from(seals)
      .where(and(eq(seals.businessId, business.id), eq(seals.accountName, accountName)));
    let row: TSealRow;
    if (existing && input.quality && input.quality !== existing.quality) {
      throw new AppError(
        SEAL_ERRORS.qualityFixed,
        409,
        'A seal keeps the quality it was created with; create another seal for another quality.',
      );
    }
    if (existing) {
      const [updated] = await tx
        .update(seals)
        .set({ displayName: input.displayName, updatedAt: new Date() })
        .where(eq(seals.id, existing.id))
        .returning();
      row = updated ?? existing;
    } else {
      const [n] = await tx
        .select({ n: count() })
        .from(seals)
        .where(eq(seals.businessId, business.id));
      if ((n?.n ?? 0) >= SEALS_MAX) {
        throw new AppError(
          SEAL_ERRORS.tooMany,
          409,
          `A business can have at most ${SEALS_MAX} seals`,
        );
      }
      const quality = input.quality ?? 'seal.aes';
      const subject = {
        commonName: input.displayName,
        organization: business.name,
        ...(ctx.config.platform === 'CH' ? { country: 'CH' } : {}),
      };
      // seal.aes: the built-in CA; seal.qes: a qualified seal certificate of the trust service.
      const issued = qualified
        ? await qualified.issueSeal({
            subject,
            legislation: ctx.config.platform === 'CH' ? 'ZERTES' : 'EIDAS',
            validityDays: SEAL_VALIDITY_DAYS,
          })
        : ca.issueKeyPair({
            subject,
            validityDays: SEAL_VALIDITY_DAYS,
            urls: issuerUrls(ctx.config.publicUrl),
          });
      const id = crypto.randomUUID();
      const [inserted] = await tx
        .insert(seals)
        .values({
          id,
          businessId: business.id,
          accountName,
          displayName: input.displayName,
          quality,
          certificate: Buffer.from(issued.certificate).toString('base64'),
          keySealed: sealSealKey(ctx.config.secret, id, issued.privateKey),
        })
        .returning();
      if (!inserted) throw new Error('insert returned no row');
      // Registered for the OCSP responder and CRL: the built-in CA's, and the Demo QTSP's (whose
      // responder is Signet's); a real trust service answers for its own certificates.
      if (!qualified || qualified.demo) {
        const d = describeCertificate(issued.certificate);
        await tx.insert(issuedCertificates).values({
          serial: d.serialHex,
          purpose: 'seal',
          subject: d.subject,
          notAfter: d.notAfter,
          certificate: inserted.certificate,
        });
      }
      row = inserted;
    }
    if (input.apiUsers) {
      const wanted = [...new Set(input.apiUsers)];
      const found = wanted.length
        ? await tx
            .select({ id: apiUsers.id, username: apiUsers.username })
            .from(apiUsers)
            .where(and(eq(apiUsers.businessId, business.id), inArray(apiUsers.username, wanted)))
        : [];
      if (found.length !== wanted.length) {
        throw new AppError(SEAL_ERRORS.notInBusiness, 400, 'An API user is not of this business');
      }
      await tx.delete(sealApiUsers).where(eq(sealApiUsers.sealId, row.id));
      if (found.length) {
        await tx
          .insert(sealApiUsers)
          .values(found.map((a) => ({ sealId: row.id, apiUserId: a.id })));
      }
    }
    return sealDto(tx, row);
  });
}

/** `POST` / `DELETE /v1/businesses/{id}/seals/{seal}/members` (admin): who may seal with it. */
export async function changeSealMembers(
  ctx: Ctx,
  businessId: string,
  accountName: string,
  userIds: readonly string[],
  change: 'add' | 'remove',
): Promise<TSeal> {
  return changeBusiness(ctx, businessId, 'admin', async ({ tx, business }) => {
    const row = await sealOf(tx, business.id, accountName);
    const wanted = [...new Set(userIds)];
    if (change === 'remove') {
      await tx
        .delete(sealMembers)
        .where(and(eq(sealMembers.sealId, row.id), inArray(sealMembers.userId, wanted)));
      return sealDto(tx, row);
    }
    const valid = wanted.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    const members = valid.length
      ? await tx
          .select({ id: businessMembers.userId })
          .from(businessMembers)
          .innerJoin(
            users,
            and(eq(users.id, businessMembers.userId), eq(users.acceptedBusinessInvite, true)),
          )
          .where(
            and(
              eq(businessMembers.businessId, business.id),
              inArray(businessMembers.userId, valid),
            ),
          )
      : [];
    if (members.length !== wanted.length) {
      throw new AppError(
        SEAL_ERRORS.notInBusiness,
        400,
        'Only members of the business can use its seals',
      );
    }
    await tx
      .insert(sealMembers)
      .values(members.map((m) => ({ sealId: row.id, userId: m.id })))
      .onConflictDoNothing();
    return sealDto(tx, row);
  });
}
