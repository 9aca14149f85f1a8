import { z } from 'zod';
import { LEGISLATIONS, SIGNATURE_QUALITIES } from '../user/user.schema.ts';
import { STAMP_LANGS } from './visual-signature.constants.ts';

const ZLine = (max: number) => z.string().trim().max(max);

/**
 * What a visual signature shows (spec section 3): `POST /v1/user/visual-signatures` and
 * `PUT …/{id}` bodies, and the unsaved stamp of `POST …/preview-visual-signature`.
 */
export const ZVisualSignatureInputSchema = z.strictObject({
  alias: ZLine(60).min(1),
  name: ZLine(100).min(1),
  /** The company line. */
  optionalLine: ZLine(100).nullable().optional(),
  language: z.enum(STAMP_LANGS).default('en'),
  location: ZLine(60).nullable().optional(),
  quality: z.enum(SIGNATURE_QUALITIES).nullable().optional(),
  legislation: z.enum(LEGISLATIONS).nullable().optional(),
  provider: ZLine(40).nullable().optional(),
  displayDate: z.boolean().default(true),
  displayClaim: z.boolean().default(true),
  displayStandards: z.boolean().default(true),
  displayQr: z.boolean().default(false),
  /** Make it the default (the one the stamp uses). The first one always is. */
  default: z.boolean().optional(),
});
export type TVisualSignatureInput = z.input<typeof ZVisualSignatureInputSchema>;

/** One visual signature as the API answers it. */
export const ZVisualSignatureSchema = z.object({
  id: z.string(),
  alias: z.string(),
  name: z.string(),
  optionalLine: z.string().nullable(),
  language: z.enum(STAMP_LANGS),
  location: z.string().nullable(),
  quality: z.enum(SIGNATURE_QUALITIES).nullable(),
  legislation: z.enum(LEGISLATIONS).nullable(),
  provider: z.string().nullable(),
  hasCustomImage: z.boolean(),
  displayDate: z.boolean(),
  displayClaim: z.boolean(),
  displayStandards: z.boolean(),
  displayQr: z.boolean(),
  /** No image yet: the stamp shows the name in its place. */
  placeholder: z.boolean(),
  /** Where the image is (`GET /v1/images/signature/{id}`), or null. */
  image: z.string().nullable(),
  default: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TVisualSignature = z.infer<typeof ZVisualSignatureSchema>;

/** `GET /v1/user/visual-signatures` */
export const ZVisualSignatureListSchema = z.object({
  items: z.array(ZVisualSignatureSchema),
  defaultSignature: ZVisualSignatureSchema.nullable(),
});
export type TVisualSignatureList = z.infer<typeof ZVisualSignatureListSchema>;

export const ZVisualSignatureIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type TVisualSignatureIdParams = z.infer<typeof ZVisualSignatureIdParamsSchema>;

/** `GET …/preview-visual-signature?id=`: a stored one (default: the default one). */
export const ZPreviewQuerySchema = z.strictObject({ id: z.string().min(1).max(64).optional() });
export type TPreviewQuery = z.infer<typeof ZPreviewQuerySchema>;

/** `POST …/preview-visual-signature`: an unsaved stamp, with the stored image of `imageOf`. */
export const ZPreviewBodySchema = ZVisualSignatureInputSchema.extend({
  imageOf: z.string().min(1).max(64).nullable().optional(),
});
export type TPreviewBody = z.input<typeof ZPreviewBodySchema>;

export const ZVisualSignatureOkSchema = z.object({ status: z.literal('ok') });
export type TVisualSignatureOk = z.infer<typeof ZVisualSignatureOkSchema>;
