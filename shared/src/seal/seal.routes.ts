import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import { ZBusinessIdParamsSchema } from '../business/business.schema.ts';
import { ZBinarySchema } from '../document/document.schema.ts';
import {
  SEALS_MAX,
  ZSealInputSchema,
  ZSealListSchema,
  ZSealMembersSchema,
  ZSealParamsSchema,
  ZSealSchema,
} from './seal.schema.ts';

const ADMIN = 'Admins of the business; members get 403 NOT_ALLOWED, everyone else 404.';
const tags = ['seals'] as const;

/** Seals of a business (spec section 7, Seals). */
export const sealRoutes = {
  listSeals: defineRoute({
    ...ENDPOINTS.listSeals,
    summary: 'The seals of the business (admin)',
    description: ADMIN,
    tags,
    params: ZBusinessIdParamsSchema,
    response: ZSealListSchema,
  }),
  getSeal: defineRoute({
    ...ENDPOINTS.getSeal,
    summary: 'One seal: its certificate, members and API users (admin)',
    description: ADMIN,
    tags,
    params: ZSealParamsSchema,
    response: ZSealSchema,
  }),
  putSeal: defineRoute({
    ...ENDPOINTS.putSeal,
    summary: 'Create or edit a seal (admin)',
    description: `${ADMIN} A new account name creates the seal: a key pair and a certificate naming the business, for quality — seal.aes (default): of the built-in CA; seal.qes: a qualified seal certificate of the trust service (the Demo QTSP outside production; 503 TRUST_SERVICE_UNAVAILABLE where there is none). The quality is fixed (another one later: 409 SEAL_QUALITY_FIXED). At most ${SEALS_MAX} (409 TOO_MANY_SEALS). apiUsers replaces the API users it is granted to.`,
    tags,
    params: ZSealParamsSchema,
    body: ZSealInputSchema,
    response: ZSealSchema,
  }),
  addSealMembers: defineRoute({
    ...ENDPOINTS.addSealMembers,
    summary: 'Let members of the business use the seal (admin)',
    description: `${ADMIN} A user id that is no member: 400 NOT_IN_BUSINESS.`,
    tags,
    params: ZSealParamsSchema,
    body: ZSealMembersSchema,
    response: ZSealSchema,
  }),
  removeSealMembers: defineRoute({
    ...ENDPOINTS.removeSealMembers,
    summary: 'Stop members from using the seal (admin)',
    description: ADMIN,
    tags,
    params: ZSealParamsSchema,
    body: ZSealMembersSchema,
    response: ZSealSchema,
  }),
  getSealImage: defineRoute({
    ...ENDPOINTS.getSealImage,
    summary: "The seal's image (PNG, as stored) (admin)",
    description: `${ADMIN} 404 NOT_FOUND when it has none.`,
    tags,
    params: ZSealParamsSchema,
    response: ZBinarySchema,
  }),
  uploadSealImage: defineRoute({
    ...ENDPOINTS.uploadSealImage,
    summary:
      "Set the seal's image: PNG, JPEG or SVG as the body or the multipart field `file` (admin)",
    description: `${ADMIN} Checked by content, at most 5 MiB and 16 megapixels, decoded (an SVG rasterised) and re-encoded as PNG off the main thread: nothing but pixels is kept. An SVG that refers to anything outside itself (a link, a file, an entity) or is not an SVG document: 415 UNSUPPORTED_IMAGE; 413 IMAGE_TOO_LARGE, 422 IMAGE_UNREADABLE / IMAGE_TOO_MANY_PIXELS. Shown in the seal's visual signature.`,
    tags,
    params: ZSealParamsSchema,
    response: ZSealSchema,
  }),
  deleteSealImage: defineRoute({
    ...ENDPOINTS.deleteSealImage,
    summary: "Remove the seal's image (admin)",
    description: ADMIN,
    tags,
    params: ZSealParamsSchema,
    response: ZSealSchema,
  }),
};
