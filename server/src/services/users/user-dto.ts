import { emptySignatureQualities } from '@signet/shared/user/user.rules';
import type { TSignatureQualities, TUser } from '@signet/shared/user/user.schema';
import type { TUserRow } from '../../db/schema/users.ts';

/** Who issues simple electronic signatures: the platform itself. */
export const SES_PROVIDER = 'signet';

/**
 * What a user can sign with at this stage: SES once the e-mail is verified (the spec's
 * highest-quality rule needs a verified e-mail for anything). AES/QES come with identification.
 */
export function signatureQualitiesOf(user: Pick<TUserRow, 'emailVerified'>): TSignatureQualities {
  const q = emptySignatureQualities();
  if (user.emailVerified) q.ses.any = { quality: 'SES', legislation: null, provider: SES_PROVIDER };
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
