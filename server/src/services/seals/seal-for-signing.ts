import { SEAL_ERRORS, type TSealQuality } from '@signet/shared/seal/seal.constants';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { CertificateAuthority } from '../../crypto/ca.ts';
import type { Signer } from '../../crypto/signer.ts';
import type { Db } from '../../db/client.ts';
import { apiUsers } from '../../db/schema/api-users.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { sealApiUsers, sealMembers, seals } from '../../db/schema/seals.ts';
import { AppError } from '../../errors.ts';
import type { StampImage } from '../../pdf/stamp/layout.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { UserPrincipal } from '../context.ts';
import { sealSigner } from './seal-keys.ts';

/** The seal a signature is made with, and what the evidence and the visual signature say of it. */
export type TSealForSigning = {
  signer: Signer;
  quality: TSealQuality;
  /** Its image for the stamp, or null. */
  image: StampImage | null;
  accountName: string;
  displayName: string;
  businessName: string;
};

/**
 * The seal `accountName` of the caller's business when the caller may use it: a member of the
 * seal, or an API user it is granted to. Anyone else — and a seal that does not exist — gets 403
 * SEAL_NOT_ALLOWED, and nothing is signed.
 */
export async function sealForSigning(
  db: Db,
  blobs: BlobStore,
  config: Pick<Config, 'secret'>,
  principal: UserPrincipal,
  accountName: string,
  ca: Pick<CertificateAuthority, 'rootCertificate' | 'demoQtsp'>,
): Promise<TSealForSigning> {
  const api = principal.apiUser;
  const [row] = api
    ? await db
        .select({ seal: seals, businessName: businesses.name })
        .from(seals)
        .innerJoin(businesses, eq(businesses.id, seals.businessId))
        .innerJoin(
          sealApiUsers,
          and(eq(sealApiUsers.sealId, seals.id), eq(sealApiUsers.apiUserId, api.id)),
        )
        .innerJoin(apiUsers, eq(apiUsers.id, sealApiUsers.apiUserId))
        .where(and(eq(seals.accountName, accountName), eq(seals.businessId, api.businessId)))
        .limit(1)
    : await db
        .select({ seal: seals, businessName: businesses.name })
        .from(seals)
        .innerJoin(businesses, eq(businesses.id, seals.businessId))
        .innerJoin(
          sealMembers,
          and(eq(sealMembers.sealId, seals.id), eq(sealMembers.userId, principal.userId)),
        )
        .innerJoin(
          businessMembers,
          and(
            eq(businessMembers.businessId, seals.businessId),
            eq(businessMembers.userId, principal.userId),
          ),
        )
        .where(eq(seals.accountName, accountName))
        .limit(1);
  if (!row) {
    throw new AppError(SEAL_ERRORS.notAllowed, 403, 'You may not seal with this seal.');
  }
  // A seal.aes certificate is the built-in CA's (under the root); a seal.qes one the trust
  // service's — the Demo QTSP, the only one there is (a real provider's chain would be stored
  // with the seal).
  const chain =
    row.seal.quality === 'seal.qes'
      ? [ca.demoQtsp.certificate, ca.rootCertificate]
      : [ca.rootCertificate];
  return {
    signer: sealSigner(config.secret, row.seal, chain),
    quality: row.seal.quality,
    image: await sealStampImage(blobs, row.seal),
    accountName: row.seal.accountName,
    displayName: row.seal.displayName,
    businessName: row.businessName,
  };
}

/** The seal's image for its stamp (the pixels ready for a PDF), or null without one. */
export async function sealStampImage(
  blobs: BlobStore,
  row: { pdfImageKey: string | null; imageWidth: number | null; imageHeight: number | null },
): Promise<StampImage | null> {
  if (!row.pdfImageKey || !row.imageWidth || !row.imageHeight) return null;
  const pdf = await blobs.get(row.pdfImageKey);
  if (!pdf) return null;
  return {
    bytes: new Uint8Array(0),
    format: 'png',
    width: row.imageWidth,
    height: row.imageHeight,
    pdf,
  };
}
