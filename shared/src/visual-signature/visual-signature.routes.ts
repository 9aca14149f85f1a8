import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import { ZBinarySchema } from '../document/document.schema.ts';
import {
  ZPreviewBodySchema,
  ZPreviewQuerySchema,
  ZVisualSignatureIdParamsSchema,
  ZVisualSignatureInputSchema,
  ZVisualSignatureListSchema,
  ZVisualSignatureOkSchema,
  ZVisualSignatureSchema,
} from './visual-signature.schema.ts';

const tags = ['visual-signatures'] as const;
const OWN = 'Only the owner sees a visual signature; anyone else gets 404 NOT_FOUND.';

/** The visual-signature calls of spec section 7. */
export const visualSignatureRoutes = {
  listVisualSignatures: defineRoute({
    ...ENDPOINTS.listVisualSignatures,
    summary: 'The caller’s visual signatures and the default one',
    tags,
    response: ZVisualSignatureListSchema,
  }),
  createVisualSignature: defineRoute({
    ...ENDPOINTS.createVisualSignature,
    summary: 'Create a visual signature (the first one becomes the default)',
    description:
      'Fields a business locked (`visualSignaturePermissions`: claim, date, std with canUpdate false) take their default value. 409 TOO_MANY_VISUAL_SIGNATURES past 20.',
    tags,
    body: ZVisualSignatureInputSchema,
    response: ZVisualSignatureSchema,
    status: 201,
  }),
  getDefaultVisualSignature: defineRoute({
    ...ENDPOINTS.getDefaultVisualSignature,
    summary: 'The default visual signature (404 NO_VISUAL_SIGNATURE when there is none)',
    tags,
    response: ZVisualSignatureSchema,
  }),
  getVisualSignature: defineRoute({
    ...ENDPOINTS.getVisualSignature,
    summary: 'One visual signature',
    description: OWN,
    tags,
    params: ZVisualSignatureIdParamsSchema,
    response: ZVisualSignatureSchema,
  }),
  updateVisualSignature: defineRoute({
    ...ENDPOINTS.updateVisualSignature,
    summary: 'Change a visual signature',
    description: OWN,
    tags,
    params: ZVisualSignatureIdParamsSchema,
    body: ZVisualSignatureInputSchema,
    response: ZVisualSignatureSchema,
  }),
  deleteVisualSignature: defineRoute({
    ...ENDPOINTS.deleteVisualSignature,
    summary: 'Delete a visual signature (with its image); another one becomes the default',
    description: OWN,
    tags,
    params: ZVisualSignatureIdParamsSchema,
    response: ZVisualSignatureOkSchema,
  }),
  previewVisualSignature: defineRoute({
    ...ENDPOINTS.previewVisualSignature,
    summary:
      'A PNG of a stored visual signature (`id`, default: the default one) as it will be stamped',
    tags,
    query: ZPreviewQuerySchema,
    response: ZBinarySchema,
  }),
  previewUnsavedVisualSignature: defineRoute({
    ...ENDPOINTS.previewUnsavedVisualSignature,
    summary: 'A PNG of an unsaved visual signature (the edit overlay’s live preview)',
    tags,
    body: ZPreviewBodySchema,
    response: ZBinarySchema,
  }),
  uploadSignatureImage: defineRoute({
    ...ENDPOINTS.uploadSignatureImage,
    summary:
      'Set the image of visual signature {id}: PNG or JPEG (drawn or uploaded) as the body or the multipart field `file`',
    description:
      'Checked by content, at most 5 MiB and 16 megapixels, decoded and re-encoded as PNG off the main thread (nothing but pixels is kept). 415 UNSUPPORTED_IMAGE for anything else (an SVG, a script, a PDF), 413 IMAGE_TOO_LARGE, 422 IMAGE_UNREADABLE / IMAGE_TOO_MANY_PIXELS.',
    tags,
    params: ZVisualSignatureIdParamsSchema,
    response: ZVisualSignatureSchema,
  }),
  getSignatureImage: defineRoute({
    ...ENDPOINTS.getSignatureImage,
    summary: 'The image of visual signature {id} (PNG)',
    description: OWN,
    tags,
    params: ZVisualSignatureIdParamsSchema,
    response: ZBinarySchema,
  }),
  deleteSignatureImage: defineRoute({
    ...ENDPOINTS.deleteSignatureImage,
    summary: 'Remove the image of visual signature {id} (the stamp shows the name again)',
    tags,
    params: ZVisualSignatureIdParamsSchema,
    response: ZVisualSignatureSchema,
  }),
};
