import { z } from 'zod';
import { LANG_CODES } from '../i18n/lang.rules.ts';
import { ZEmailSchema, ZMobileSchema } from '../validation/validation.schema.ts';
import {
  EMAIL_NOTIFICATION_LEVELS,
  FREE_ACCOUNT_TYPES,
  LEGISLATIONS,
  LINK_TOKEN_LENGTH,
  MOBILE_CONFIRMATION,
  NAME_MAX_LENGTH,
  PASSWORD_ERROR_CODES,
  PASSWORD_MAX_LENGTH,
  SIGNATURE_QUALITIES,
  USER_LANGS,
} from './user.constants.ts';

export { type TEmail, ZEmailSchema } from '../validation/validation.schema.ts';
export * from './user.constants.ts';

/** A password as typed: never trimmed. The policy itself is checked by the server. */
export const ZPasswordSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH);
export type TPassword = z.infer<typeof ZPasswordSchema>;

/** An opaque token from a link (confirmation, reset). */
export const ZLinkTokenSchema = z.string().min(LINK_TOKEN_LENGTH.min).max(LINK_TOKEN_LENGTH.max);
export type TLinkToken = z.infer<typeof ZLinkTokenSchema>;

const ZNameSchema = z.string().trim().min(1).max(NAME_MAX_LENGTH);

/** One available signature quality (spec section 3, signatureQualities). */
export const ZQualityDetailSchema = z.object({
  quality: z.enum(SIGNATURE_QUALITIES),
  legislation: z.enum(LEGISLATIONS).nullable(),
  provider: z.string(),
});
export type TQualityDetail = z.infer<typeof ZQualityDetailSchema>;

/**
 * What the user can sign with; null where a quality is not available. Also the response of
 * `GET /v3/user/signature-qualities-detail`.
 */
export const ZSignatureQualitiesSchema = z.object({
  ses: z.object({ any: ZQualityDetailSchema.nullable() }),
  aes: z.object({ any: ZQualityDetailSchema.nullable() }),
  aesMinimal: z.object({
    eidas: ZQualityDetailSchema.nullable(),
    zertes: ZQualityDetailSchema.nullable(),
  }),
  qes: z.object({
    eidas: ZQualityDetailSchema.nullable(),
    zertes: ZQualityDetailSchema.nullable(),
  }),
  seal: z.object({ aes: ZQualityDetailSchema.nullable(), qes: ZQualityDetailSchema.nullable() }),
});
export type TSignatureQualities = z.infer<typeof ZSignatureQualitiesSchema>;

/** The user's attributes (spec section 3). */
export const ZUserAttributesSchema = z.object({
  lang: z.enum(USER_LANGS),
  mobile: z.string().nullable(),
  /** The mobile number was confirmed with a code (AES minimal). */
  mobileVerified: z.boolean(),
  /** Identification providers whose terms of use were accepted (`tou_{provider}`). */
  acceptedTou: z.array(z.string()),
  signerIdentityEmail: z.string().nullable(),
  acceptedGtc: z.boolean(),
  /** false while an invitation to a business waits for the user's answer. */
  acceptedBusinessInvite: z.boolean(),
  businessDeleted: z.boolean(),
  removedFromBusiness: z.boolean(),
  /** The password no longer meets the policy: the client forces a change. */
  weakPassword: z.boolean(),
  emailNotificationLevel: z.enum(EMAIL_NOTIFICATION_LEVELS),
  defaultLegislation: z.enum(LEGISLATIONS).nullable(),
  defaultQuality: z.enum(SIGNATURE_QUALITIES).nullable(),
  freeAccountType: z.enum(FREE_ACCOUNT_TYPES),
  immutableEidFields: z.array(z.string()),
  p11SigningName: z.string().nullable(),
  p11SigningReason: z.string().nullable(),
  /** The referral code applied at signup. */
  celloUcc: z.string().nullable(),
  frontendVersion: z.string().nullable(),
});
export type TUserAttributes = z.infer<typeof ZUserAttributesSchema>;

const ZVisualPermissionSchema = z.object({ canUpdate: z.boolean(), defaultValue: z.boolean() });

/** A signed-in user as `GET /v1/user` returns it (spec section 3). */
export const ZUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  hasSso: z.boolean(),
  signatureQualities: ZSignatureQualitiesSchema,
  /** True when the qualities could not be determined (the client falls back to SES/ZERTES). */
  isQualitiesUncertain: z.boolean(),
  groupInfo: z.object({
    groupVersions: z.record(z.string(), z.number()),
    groups: z.array(z.string()),
  }),
  attributes: ZUserAttributesSchema,
  visualSignaturePermissions: z
    .object({
      claim: ZVisualPermissionSchema,
      date: ZVisualPermissionSchema,
      std: ZVisualPermissionSchema,
    })
    .optional(),
});
export type TUser = z.infer<typeof ZUserSchema>;

/** A new session: the bearer token and when it ends (24 h after it was made). */
export const ZSessionSchema = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
});
export type TSession = z.infer<typeof ZSessionSchema>;

/** A session with the signed-in user: answer of login and register. */
export const ZSessionWithUserSchema = ZSessionSchema.extend({ user: ZUserSchema });
export type TSessionWithUser = z.infer<typeof ZSessionWithUserSchema>;

/** `{ status: 'sent' }`: the same answer whether or not the address has an account. */
export const ZSentSchema = z.object({ status: z.literal('sent') });
export type TSent = z.infer<typeof ZSentSchema>;
/** `{ status: 'ok' }` */
export const ZOkSchema = z.object({ status: z.literal('ok') });
export type TOk = z.infer<typeof ZOkSchema>;

/** `POST /v1/request-confirmation` */
export const ZRequestConfirmationSchema = z.strictObject({
  email: ZEmailSchema,
  /** Where the signup started (e.g. `signup`, `business`); carried back in the link. */
  flow: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/i)
    .optional(),
  lang: z.enum(LANG_CODES).optional(),
  /** The user confirmed a second send to the same address. */
  confirm: z.boolean().optional(),
});
export type TRequestConfirmation = z.infer<typeof ZRequestConfirmationSchema>;

/** `POST /v1/valid-confirmation` */
export const ZValidConfirmationSchema = z.strictObject({
  token: ZLinkTokenSchema,
  language: z.enum(LANG_CODES).optional(),
});
export type TValidConfirmation = z.infer<typeof ZValidConfirmationSchema>;
export const ZValidConfirmationResultSchema = z.object({
  valid: z.boolean(),
  email: z.string().optional(),
  flow: z.string().optional(),
});
export type TValidConfirmationResult = z.infer<typeof ZValidConfirmationResultSchema>;

/** `POST /v1/check-password`: the token (from the signup link) names the address to compare. */
export const ZCheckPasswordSchema = z.strictObject({
  password: ZPasswordSchema,
  token: ZLinkTokenSchema.optional(),
});
export type TCheckPassword = z.infer<typeof ZCheckPasswordSchema>;
export const ZCheckPasswordResultSchema = z.object({
  valid: z.boolean(),
  errorCode: z.enum(PASSWORD_ERROR_CODES).optional(),
});
export type TCheckPasswordResult = z.infer<typeof ZCheckPasswordResultSchema>;

/** `POST /v1/register` (spec section 3, user registration payload). */
export const ZRegisterSchema = z.strictObject({
  firstName: ZNameSchema,
  lastName: ZNameSchema,
  password: ZPasswordSchema,
  token: ZLinkTokenSchema,
  gtc: z.literal(true, { error: 'The terms must be accepted.' }),
  lang: z.enum(USER_LANGS),
  mobile: ZMobileSchema.optional(),
  celloUCC: z.string().trim().min(1).max(100).optional(),
});
export type TRegister = z.infer<typeof ZRegisterSchema>;

/** `POST /v1/login` */
export const ZLoginSchema = z.strictObject({
  email: ZEmailSchema,
  password: ZPasswordSchema,
  first_login: z.boolean().optional(),
});
export type TLogin = z.infer<typeof ZLoginSchema>;

/** `PUT /v1/user` */
export const ZUpdateUserSchema = z.strictObject({
  firstName: ZNameSchema.optional(),
  lastName: ZNameSchema.optional(),
  attributes: z
    .strictObject({
      lang: z.enum(USER_LANGS).optional(),
      emailNotificationLevel: z.enum(EMAIL_NOTIFICATION_LEVELS).optional(),
      defaultLegislation: z.enum(LEGISLATIONS).nullable().optional(),
      defaultQuality: z.enum(SIGNATURE_QUALITIES).nullable().optional(),
      mobile: ZMobileSchema.nullable().optional(),
      /** The "business downgraded" dialog was read: the flags can only be cleared. */
      businessDeleted: z.literal(false).optional(),
      removedFromBusiness: z.literal(false).optional(),
    })
    .optional(),
});
export type TUpdateUser = z.infer<typeof ZUpdateUserSchema>;

/** `POST /v1/user/accept` (`tou_{provider}`: an identification provider's terms of use). */
export const ZAcceptSchema = z.strictObject({
  gtc: z.literal(true).optional(),
  business_invite: z.boolean().optional(),
  tou_srs: z.literal(true).optional(),
  tou_intrum: z.literal(true).optional(),
});
export type TAccept = z.infer<typeof ZAcceptSchema>;

/** `POST /v1/request-reset` */
export const ZRequestResetSchema = z.strictObject({
  email: ZEmailSchema,
  lang: z.enum(LANG_CODES).optional(),
});
export type TRequestReset = z.infer<typeof ZRequestResetSchema>;

/** `POST /v1/reset-password` */
export const ZResetPasswordSchema = z.strictObject({
  token: ZLinkTokenSchema,
  new: ZPasswordSchema,
});
export type TResetPassword = z.infer<typeof ZResetPasswordSchema>;

/** `POST /v1/change-password` */
export const ZChangePasswordSchema = z.strictObject({
  old: ZPasswordSchema,
  new: ZPasswordSchema,
});
export type TChangePassword = z.infer<typeof ZChangePasswordSchema>;

/** `POST /v1/user/delete` */
export const ZDeleteUserSchema = z.strictObject({ password: ZPasswordSchema });
export type TDeleteUser = z.infer<typeof ZDeleteUserSchema>;

/** `POST /v1/user/mobile/confirmation`: the number to confirm (a code is sent to it by SMS). */
export const ZMobileConfirmationStartSchema = z.strictObject({ mobile: ZMobileSchema });
export type TMobileConfirmationStart = z.infer<typeof ZMobileConfirmationStartSchema>;

/** Where the code went (masked) and until when it is valid. */
export const ZMobileConfirmationSchema = z.object({
  sentTo: z.string(),
  expiresAt: z.string(),
});
export type TMobileConfirmation = z.infer<typeof ZMobileConfirmationSchema>;

/** `POST /v1/user/mobile/confirmation/code`: the code from the SMS. */
export const ZMobileCodeSchema = z.strictObject({
  code: z.string().trim().regex(MOBILE_CONFIRMATION.codePattern),
});
export type TMobileCode = z.infer<typeof ZMobileCodeSchema>;
