import { z } from 'zod';
import { LEGISLATIONS, SIGNATURE_QUALITIES } from '../user/user.schema.ts';
import {
  IDENT_PAYMENT_STATUSES,
  IDENT_PROVIDER_METHODS,
  IDENT_PROVIDERS,
  IDENT_STATUSES,
} from './identification.constants.ts';
import { APPOINTMENT_STATES } from './identification.rules.ts';

/** `{provider}/{method}` of the identification calls. */
export const ZIdentPathSchema = z.object({
  provider: z.enum(IDENT_PROVIDERS),
  method: z.enum(IDENT_PROVIDER_METHODS),
});
export type TIdentPath = z.infer<typeof ZIdentPathSchema>;

const ZName = z.string().trim().min(1).max(100);

/**
 * The e-ID data a person supplies before identifying ("supply e-ID data" dialog): names as on
 * the identity document, birth date, nationality (ISO 3166 alpha-2). The identification
 * verifies them; they become the certificate's subject.
 */
export const ZEidDataSchema = z.strictObject({
  givenName: ZName,
  surname: ZName,
  birthDate: z.iso.date(),
  nationality: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Invalid format.' }),
});
export type TEidData = z.infer<typeof ZEidDataSchema>;

/** `POST /v1/[direct/]user/identification/{provider}/{method}` */
export const ZStartIdentificationSchema = z.strictObject({
  /** The request the identification is for (its signer may then sign with the new quality). */
  signatureRequestId: z.string().min(1).max(64).optional(),
  /** Which legislation the identification is for; defaults to the user's, else the platform's. */
  legislation: z.enum(LEGISLATIONS).optional(),
  eidData: ZEidDataSchema.optional(),
});
export type TStartIdentification = z.infer<typeof ZStartIdentificationSchema>;

/**
 * `POST /v1/direct/user/accept`: the terms of use of identification providers, as a direct
 * signer accepts them (the `tou_{provider}` part of `POST /v1/user/accept`).
 */
export const ZAcceptTouSchema = z
  .strictObject({ tou_srs: z.literal(true).optional(), tou_intrum: z.literal(true).optional() })
  .refine((v) => v.tou_srs || v.tou_intrum, { error: 'Please choose at least one value.' });
export type TAcceptTou = z.infer<typeof ZAcceptTouSchema>;

/** `DELETE …/identification/{provider}/{method}?email=`: the account's address confirms it. */
export const ZCancelIdentificationQuerySchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(3).max(254),
});
export type TCancelIdentificationQuery = z.infer<typeof ZCancelIdentificationQuerySchema>;

/** Ident info (spec section 3): the appointment's status and where to identify. */
export const ZIdentInfoSchema = z.object({
  id: z.string(),
  provider: z.enum(IDENT_PROVIDERS),
  method: z.enum(IDENT_PROVIDER_METHODS),
  legislation: z.enum(LEGISLATIONS),
  /** Whether a success activates QES (a qualified provider) or AES. */
  qualified: z.boolean(),
  status: z.enum(IDENT_STATUSES),
  /** The provider's appointment status, as the interface maps it (spec section 4). */
  appointmentStatus: z.string(),
  state: z.enum(APPOINTMENT_STATES).nullable(),
  /** Where the person identifies (the provider's page); null once it is over. */
  identUrl: z.string().nullable(),
  signatureRequestId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type TIdentInfo = z.infer<typeof ZIdentInfoSchema>;

/** `GET /v1/[direct/]user/identification/payment/{id}` */
export const ZIdentPaymentSchema = z.object({
  id: z.string(),
  status: z.enum(IDENT_PAYMENT_STATUSES),
  /** Minor units (cents). */
  amount: z.int(),
  currency: z.string(),
  payer: z.enum(['user', 'business', 'sandbox']),
});
export type TIdentPayment = z.infer<typeof ZIdentPaymentSchema>;

export const ZIdentIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type TIdentIdParams = z.infer<typeof ZIdentIdParamsSchema>;

/** `GET /v3/signature-requests/{id}/signatures/{sig}/ident-method` */
export const ZIdentMethodSchema = z.object({
  /** What the request asks of this signer. */
  quality: z.enum(SIGNATURE_QUALITIES),
  legislation: z.enum(LEGISLATIONS),
  /** Whether the signer's documents are covered (else the "otherwise" methods). */
  coverage: z.boolean(),
  /** Spec section 9's methods for the legislation and coverage, in order. */
  methods: z.array(z.string()),
  /** Whether the signer already has what the request asks for. */
  satisfied: z.boolean(),
});
export type TIdentMethod = z.infer<typeof ZIdentMethodSchema>;
