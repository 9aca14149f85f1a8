import { VISUAL_SIGNATURE_SIZE } from '@signet/shared/signature-request/signature-request.constants';
import type { TSignatureQuality } from '@signet/shared/user/user.schema';
import { PREVIEW_SCALE } from '@signet/shared/visual-signature/visual-signature.constants';
import type { ZPreviewBodySchema } from '@signet/shared/visual-signature/visual-signature.schema';
import type { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { stampContent } from '../signing/visual-signature.ts';
import { requireUser } from '../users/find-user.ts';
import { ownVisualSignature } from './find-visual-signature.ts';
import { noVisualSignature } from './read-visual-signatures.ts';
import { inputColumns } from './save-visual-signature.ts';
import { defaultVisualSignature, type StampSource, stampSettingsOf } from './stamp-settings.ts';

type Ctx = Pick<ServiceContext, 'db' | 'blobs' | 'principal' | 'config'>;

/** Which document a preview's QR code names: none exists yet, so an example one. */
const EXAMPLE_DOCUMENT = '00000000-0000-4000-8000-000000000000';

type PreviewSource = StampSource & {
  language: string;
  quality: TSignatureQuality | null;
  legislation: 'EIDAS' | 'ZERTES' | null;
};

/** The stamp as the person will see it on a page, now, as a PNG at twice its size. */
async function render(ctx: Ctx, source: PreviewSource): Promise<Uint8Array> {
  const user = await requireUser(ctx.db, ctx.principal.userId);
  const quality: TSignatureQuality = source.quality ?? user.defaultQuality ?? 'SES';
  const content = stampContent(
    source.language,
    {
      name: source.name,
      email: user.email,
      at: new Date(),
      quality,
      legislation: quality === 'SES' ? null : (source.legislation ?? user.defaultLegislation),
    },
    await stampSettingsOf(ctx.blobs, source, false),
    ctx.config.publicUrl,
  )(EXAMPLE_DOCUMENT);
  const { renderStampPng } = await import('../../pdf/stamp/preview.ts');
  return renderStampPng(
    VISUAL_SIGNATURE_SIZE.width,
    VISUAL_SIGNATURE_SIZE.height,
    content,
    PREVIEW_SCALE,
  );
}

/** `GET /v1/user/preview-visual-signature?id=`: a stored one (default: the default one), as PNG. */
export async function previewVisualSignature(ctx: Ctx, id?: string): Promise<Uint8Array> {
  const row = id
    ? await ownVisualSignature(ctx.db, ctx.principal.userId, id)
    : await defaultVisualSignature(ctx.db, ctx.principal.userId);
  if (!row) throw noVisualSignature();
  return render(ctx, row);
}

/**
 * `POST /v1/user/preview-visual-signature`: an unsaved stamp (the edit overlay's live preview),
 * with the stored image of visual signature `imageOf` when given.
 */
export async function previewUnsavedVisualSignature(
  ctx: Ctx,
  input: z.output<typeof ZPreviewBodySchema>,
): Promise<Uint8Array> {
  const imageOf = input.imageOf
    ? await ownVisualSignature(ctx.db, ctx.principal.userId, input.imageOf)
    : null;
  return render(ctx, {
    ...inputColumns(input),
    imageKey: imageOf?.imageKey ?? null,
    pdfImageKey: null,
    imageWidth: imageOf?.imageWidth ?? null,
    imageHeight: imageOf?.imageHeight ?? null,
  });
}
