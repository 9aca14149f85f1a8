import { z } from 'zod';
import { ZBusinessBillingSchema } from '../billing/billing.schema.ts';
import { isDomain } from '../validation/validation.rules.ts';
import {
  ZEmailSchema,
  ZOptionalEmailSchema,
  ZOptionalPhoneSchema,
  ZPhoneSchema,
} from '../validation/validation.schema.ts';
import {
  ACCOUNT_EVENT_TYPES,
  BUSINESS_NAME_MAX_LENGTH,
  BUSINESS_ROLES,
  COST_CENTRE_MAX_LENGTH,
  DOMAIN_STATUSES,
  INVITATION_SOURCES,
  INVITATION_STATUSES,
  INVITE_MAX_ADDRESSES,
  MEMBER_SORT_FIELDS,
  RETENTION_DAYS,
} from './business.constants.ts';

export * from './business.constants.ts';

/** A business's support contact (spec section 3, `settings.supportContact`); '' when unset. */
export const ZSupportContactSchema = z.object({ email: z.string(), phone: z.string() });
export type TSupportContact = z.infer<typeof ZSupportContactSchema>;

const ZEnabledSchema = z.object({ enabled: z.boolean() });
const ZAttachmentSettingSchema = z.object({ enabled: z.boolean(), customisable: z.boolean() });

/** The company logo as mails and signing pages show it (`url` below `/api`, cache-busted). */
export const ZCompanyLogoSchema = z.object({
  height: z.int(),
  width: z.int(),
  url: z.string(),
});
export type TCompanyLogo = z.infer<typeof ZCompanyLogoSchema>;

/**
 * The whole settings object of spec section 3. Stored values are merged over
 * `DEFAULT_BUSINESS_SETTINGS` (`resolveBusinessSettings`), so every field is always present.
 * `signatureRequests.retention.terminalState`: the days a request is kept after it reached a
 * terminal state (signed, declined, withdrawn, expired).
 */
export const ZBusinessSettingsSchema = z.object({
  signerGroups: z.object({ maxGroups: z.int(), maxParticipants: z.int() }),
  supportContact: ZSupportContactSchema,
  signatureRequests: z.object({
    retention: z.object({ enabled: z.boolean(), terminalState: z.int() }),
    part11: ZEnabledSchema,
  }),
  affiliate: ZEnabledSchema,
  mabSettings: z.object({ directSign: ZEnabledSchema }),
  userPilot: ZEnabledSchema,
  companyBranding: z.object({ logo: ZCompanyLogoSchema.nullable() }),
  mailService: z.object({
    attachments: z.object({
      signedDocument: ZAttachmentSettingSchema,
      signatureProtocol: ZAttachmentSettingSchema,
    }),
  }),
});
export type TBusinessSettings = z.infer<typeof ZBusinessSettingsSchema>;

/** `GET/PUT /v1/businesses/{id}/settings`: the answer holds the settings. */
export const ZBusinessSettingsResponseSchema = z.object({ settings: ZBusinessSettingsSchema });
export type TBusinessSettingsResponse = z.infer<typeof ZBusinessSettingsResponseSchema>;

const ZEnabledInputSchema = z.strictObject({ enabled: z.boolean() });

/**
 * `PUT /v1/businesses/{id}/settings` (admin): the parts an admin may change (EDITABLE_SETTINGS),
 * each optional; what the plan decides (signer-group limits, affiliate, `customisable`) is not
 * accepted. The logo is uploaded with its own call; `companyBranding.logo: null` removes it.
 */
export const ZUpdateBusinessSettingsSchema = z.strictObject({
  supportContact: z
    .strictObject({
      email: ZOptionalEmailSchema.optional(),
      phone: ZOptionalPhoneSchema.optional(),
    })
    .optional(),
  signatureRequests: z
    .strictObject({
      retention: z
        .strictObject({
          enabled: z.boolean().optional(),
          terminalState: z.int().min(RETENTION_DAYS.min).max(RETENTION_DAYS.max).optional(),
        })
        .optional(),
      part11: ZEnabledInputSchema.optional(),
    })
    .optional(),
  mabSettings: z.strictObject({ directSign: ZEnabledInputSchema.optional() }).optional(),
  userPilot: ZEnabledInputSchema.optional(),
  companyBranding: z.strictObject({ logo: z.null() }).optional(),
  mailService: z
    .strictObject({
      attachments: z
        .strictObject({
          signedDocument: ZEnabledInputSchema.optional(),
          signatureProtocol: ZEnabledInputSchema.optional(),
        })
        .optional(),
    })
    .optional(),
});
export type TUpdateBusinessSettings = z.infer<typeof ZUpdateBusinessSettingsSchema>;

/** AES for business (spec section 3, `aes4biz`). */
export const ZAes4bizSchema = z.object({
  enabled: z.boolean(),
  representativeName: z.string(),
  representativeEmail: z.string(),
  commercialRegister: z.string(),
  domains: z.array(z.string()),
});
export type TAes4biz = z.infer<typeof ZAes4bizSchema>;

/** A seal of the business as its members see it: what `sealAccountName` names, and its name. */
export const ZBusinessSealSchema = z.object({ accountName: z.string(), displayName: z.string() });
export type TBusinessSeal = z.infer<typeof ZBusinessSealSchema>;

/**
 * A business. `seals`: the seals the reader may seal with (a member of the seal), which the
 * request page offers when signing. `members` holds every member's user id, admins and invitees included; `admins` the
 * admins' ids; `invitedMembers` the members who have not answered their invitation yet.
 * `deletionDueAt`: when a scheduled deletion happens (null when none is). `locked`: payment is
 * blocked or the trial expired (spec section 6: members see the locked-member dialog), by
 * shared's `isBusinessLocked`; `billing`, `pricePlan` and `seats` come from billing.
 */
export const ZBusinessSchema = ZBusinessBillingSchema.extend({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  admins: z.array(z.string()),
  members: z.array(z.string()),
  invitedMembers: z.array(z.string()),
  domains: z.array(z.string()),
  seals: z.array(ZBusinessSealSchema),
  settings: ZBusinessSettingsSchema,
  aes4biz: ZAes4bizSchema,
  locked: z.boolean(),
  deletionDueAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  gtcAcceptedAt: z.iso.datetime().nullable(),
  dpaAcceptedAt: z.iso.datetime().nullable(),
});
export type TBusiness = z.infer<typeof ZBusinessSchema>;

/** `GET /v2/businesses/user`: the caller's business, `null` when they belong to none. */
export const ZUserBusinessSchema = ZBusinessSchema.nullable();
export type TUserBusiness = z.infer<typeof ZUserBusinessSchema>;

const ZBusinessNameSchema = z.string().trim().min(1).max(BUSINESS_NAME_MAX_LENGTH);

/** `POST /v2/businesses`: the caller becomes its first admin. */
export const ZCreateBusinessSchema = z.strictObject({
  name: ZBusinessNameSchema,
  email: ZEmailSchema,
  phone: ZPhoneSchema.optional(),
});
export type TCreateBusiness = z.infer<typeof ZCreateBusinessSchema>;

/**
 * `PUT /v1/businesses/{id}` (admin): name, e-mail, phone and the support contact. Fields left
 * out stay as they are; an empty phone or support value clears it.
 */
export const ZUpdateBusinessSchema = z.strictObject({
  name: ZBusinessNameSchema.optional(),
  email: ZEmailSchema.optional(),
  phone: ZOptionalPhoneSchema.nullable().optional(),
  supportContact: z
    .strictObject({
      email: ZOptionalEmailSchema.optional(),
      phone: ZOptionalPhoneSchema.optional(),
    })
    .optional(),
});
export type TUpdateBusiness = z.infer<typeof ZUpdateBusinessSchema>;

/** A domain name as entered: trimmed, lowercased, a trailing dot dropped; spec section 5. */
export const ZDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/\.$/, ''))
  .refine(isDomain, { error: 'Invalid format.', params: { rule: 'format' } });
export type TDomain = z.infer<typeof ZDomainSchema>;

/**
 * `PUT /v2/businesses/{id}/base` (admin): AES for business. Its domains must be verified domains
 * of the business (409 otherwise); a representative is required to enable it.
 */
export const ZUpdateBusinessBaseSchema = z.strictObject({
  aes4biz: z.strictObject({
    enabled: z.boolean(),
    representativeName: z.string().trim().max(BUSINESS_NAME_MAX_LENGTH),
    representativeEmail: ZOptionalEmailSchema,
    commercialRegister: z.string().trim().max(100),
    domains: z.array(ZDomainSchema).max(20),
  }),
});
export type TUpdateBusinessBase = z.infer<typeof ZUpdateBusinessBaseSchema>;

/** Path parameters of `/v1/businesses/{id}…`. */
export const ZBusinessIdParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });
export type TBusinessIdParams = z.infer<typeof ZBusinessIdParamsSchema>;

/** One admin of a business (`GET /v1/businesses/{id}/admins`). */
export const ZBusinessAdminSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** When they became an admin (joined the business as one, or were promoted). */
  since: z.iso.datetime(),
});
export type TBusinessAdmin = z.infer<typeof ZBusinessAdminSchema>;

/** `GET /v1/businesses/{id}/admins`: every admin, the longest-standing first. */
export const ZBusinessAdminListSchema = z.object({ items: z.array(ZBusinessAdminSchema) });
export type TBusinessAdminList = z.infer<typeof ZBusinessAdminListSchema>;

// Members and invitations

/** One member (`GET /v1/businesses/{id}/members`). `pending`: the invitation is not answered. */
export const ZBusinessMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(BUSINESS_ROLES),
  costCentre: z.string(),
  pending: z.boolean(),
  joinedAt: z.iso.datetime(),
});
export type TBusinessMember = z.infer<typeof ZBusinessMemberSchema>;

/** `GET /v1/businesses/{id}/members`: paged and sorted on the server. */
export const ZBusinessMemberListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(MEMBER_SORT_FIELDS).default('joinedAt'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TBusinessMemberListQuery = z.infer<typeof ZBusinessMemberListQuerySchema>;

export const ZBusinessMemberListSchema = z.object({
  items: z.array(ZBusinessMemberSchema),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});
export type TBusinessMemberList = z.infer<typeof ZBusinessMemberListSchema>;

/** `POST /v1/businesses/{id}/members` (admin): invite addresses by e-mail. */
export const ZInviteMembersSchema = z.strictObject({
  users: z.array(ZEmailSchema).min(1).max(INVITE_MAX_ADDRESSES),
});
export type TInviteMembers = z.infer<typeof ZInviteMembersSchema>;

/** One invitation (`GET /v2/businesses/{id}/invitations`). */
export const ZInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(INVITATION_STATUSES),
  source: z.enum(INVITATION_SOURCES),
  /** The invitee's account, once there is one (they are then a member who has not answered). */
  userId: z.string().nullable(),
  invitedBy: z.string().nullable(),
  invitedAt: z.iso.datetime(),
});
export type TInvitation = z.infer<typeof ZInvitationSchema>;

export const ZInvitationListSchema = z.object({ items: z.array(ZInvitationSchema) });
export type TInvitationList = z.infer<typeof ZInvitationListSchema>;

/** `user_ids` of `change-to-admins`, `change-to-members` and `remove-members`. */
export const ZUserIdsSchema = z.strictObject({
  user_ids: z.array(z.uuid()).min(1).max(100),
});
export type TUserIds = z.infer<typeof ZUserIdsSchema>;

/** `PUT /v1/businesses/{id}/members/{userId}` (admin): the member's cost centre ('' clears). */
export const ZUpdateMemberSchema = z.strictObject({
  costCentre: z.string().trim().max(COST_CENTRE_MAX_LENGTH),
});
export type TUpdateMember = z.infer<typeof ZUpdateMemberSchema>;

export const ZMemberParamsSchema = z.strictObject({
  id: z.string().min(1).max(100),
  userId: z.uuid(),
});
export type TMemberParams = z.infer<typeof ZMemberParamsSchema>;

export const ZInvitationParamsSchema = z.strictObject({
  id: z.string().min(1).max(100),
  inviteId: z.uuid(),
});
export type TInvitationParams = z.infer<typeof ZInvitationParamsSchema>;

// Domains

/** A domain of the business and the TXT record that proves it. */
export const ZBusinessDomainSchema = z.object({
  domain: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  /** Where the TXT record goes and what it says. */
  record: z.object({ name: z.string(), value: z.string() }),
  addedAt: z.iso.datetime(),
  checkedAt: z.iso.datetime().nullable(),
  verifiedAt: z.iso.datetime().nullable(),
});
export type TBusinessDomain = z.infer<typeof ZBusinessDomainSchema>;

export const ZBusinessDomainListSchema = z.object({ items: z.array(ZBusinessDomainSchema) });
export type TBusinessDomainList = z.infer<typeof ZBusinessDomainListSchema>;

/** `POST /v1/businesses/{id}/domains` (admin): add a domain, or check a pending one again. */
export const ZAddDomainSchema = z.strictObject({ domain: ZDomainSchema });
export type TAddDomain = z.infer<typeof ZAddDomainSchema>;

export const ZDomainParamsSchema = z.strictObject({
  id: z.string().min(1).max(100),
  domain: z.string().min(1).max(253),
});
export type TDomainParams = z.infer<typeof ZDomainParamsSchema>;

// What others see, and extras

/** `GET /v2/[direct/]businesses/{id}/public-information`: what a signer may see of a business. */
export const ZBusinessPublicInformationSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: ZCompanyLogoSchema.nullable(),
  supportContact: ZSupportContactSchema,
  /** Part 11 mode: signers give their name and the reason for signing. */
  part11: z.boolean(),
});
export type TBusinessPublicInformation = z.infer<typeof ZBusinessPublicInformationSchema>;

/** One extra of the business beyond its plan's basics (`GET /v2/businesses/{id}/customextras`). */
export const ZCustomExtraSchema = z.object({
  key: z.string(),
  enabled: z.boolean(),
  /** A limit that comes with it (signer groups), when there is one. */
  limit: z.int().nullable(),
});
export type TCustomExtra = z.infer<typeof ZCustomExtraSchema>;
export const ZCustomExtrasSchema = z.object({ items: z.array(ZCustomExtraSchema) });
export type TCustomExtras = z.infer<typeof ZCustomExtrasSchema>;

/** `{ status: 'ok' }` of business calls that change something without a record to answer. */
export const ZBusinessOkSchema = z.object({ status: z.literal('ok') });
export type TBusinessOk = z.infer<typeof ZBusinessOkSchema>;

// The accounts activity

/** One entry of the business's account log. */
export const ZAccountEventSchema = z.object({
  id: z.string(),
  type: z.enum(ACCOUNT_EVENT_TYPES),
  at: z.iso.datetime(),
  actorEmail: z.string().nullable(),
  subject: z.string().nullable(),
  /** What else the entry records: an API call's method, path and status, a callback's URL and outcome. */
  data: z.record(z.string(), z.unknown()),
});
export type TAccountEvent = z.infer<typeof ZAccountEventSchema>;
