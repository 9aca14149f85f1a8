import { emptySignatureQualities } from '@signet/shared/user/user.rules';
import type { TSignatureQualities, TUser } from '@signet/shared/user/user.schema';
import type { TUserRow } from '../../db/schema/users.ts';

/** Who issues simple electronic signatures: the platform itself. */
export const SES_PROVIDER = 'signet';
/** Who issues the per-signer certificates of AES and QES: the Demo QTSP (test system). */
export const TRUST_PROVIDER = 'demo-qtsp';

/**
 * What a user can sign with, from what they proved (spec sections 3 and 4); nothing without a
 * verified e-mail:
 * - `ses.any`: the verified e-mail;
 * - `aesMinimal.eidas|zertes`: a verified mobile number;
 * - `aes.any`: a successful identification;
 * - `qes.eidas|zertes`: a successful identification with a qualified provider for that
 *   legislation — quality DEMO, because the certificates come from the Demo QTSP.
 */
export function signatureQualitiesOf(
  user: Pick<TUserRow, 'emailVerified' | 'mobileVerifiedAt' | 'identity'>,
): TSignatureQualities {
  const q = emptySignatureQualities();
  if (!user.emailVerified) return q;
  q.ses.any = { quality: 'SES', legislation: null, provider: SES_PROVIDER };
  if (user.mobileVerifiedAt) {
    q.aesMinimal.eidas = { quality: 'AES_MINIMAL', legislation: 'EIDAS', provider: TRUST_PROVIDER };
    q.aesMinimal.zertes = {
      quality: 'AES_MINIMAL',
      legislation: 'ZERTES',
      provider: TRUST_PROVIDER,
    };
  }
  const identity = user.identity;
  if (identity?.aes) q.aes.any = { quality: 'AES', legislation: null, provider: TRUST_PROVIDER };
  if (identity?.qes.includes('EIDAS'))
    q.qes.eidas = { quality: 'DEMO', legislation: 'EIDAS', provider: TRUST_PROVIDER };
  if (identity?.qes.includes('ZERTES'))
    q.qes.zertes = { quality: 'DEMO', legislation: 'ZERTES', provider: TRUST_PROVIDER };
  return q;
}

/** The API view of a user row (spec section 3). */
export function toUserDto(user: TUserRow): TUser {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    hasSso: false,
    signatureQualities: signatureQualitiesOf(user),
    isQualitiesUncertain: false,
    groupInfo: { groupVersions: {}, groups: [] },
    attributes: {
      lang: user.lang,
      mobile: user.mobile,
      mobileVerified: user.mobileVerifiedAt !== null,
      acceptedTou: user.acceptedTou,
      signerIdentityEmail: user.signerIdentityEmail,
      acceptedGtc: user.acceptedGtcAt !== null,
      acceptedBusinessInvite: user.acceptedBusinessInvite,
      businessDeleted: user.businessDeleted,
      removedFromBusiness: user.removedFromBusiness,
      weakPassword: user.weakPassword,
      emailNotificationLevel: user.emailNotificationLevel,
      defaultLegislation: user.defaultLegislation,
      defaultQuality: user.defaultQuality,
      freeAccountType: user.freeAccountType,
      immutableEidFields: user.immutableEidFields,
      p11SigningName: user.p11SigningName,
      p11SigningReason: user.p11SigningReason,
      celloUcc: user.celloUcc,
      frontendVersion: user.frontendVersion,
    },
    visualSignaturePermissions: {
      claim: { canUpdate: true, defaultValue: true },
      date: { canUpdate: true, defaultValue: true },
      std: { canUpdate: true, defaultValue: true },
    },
  };
}
