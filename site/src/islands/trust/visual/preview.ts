import type { TPreviewBody } from '@signet/shared/visual-signature/visual-signature.schema';
import { api, fetchFile } from '../../../lib/api.ts';

/** An object URL of a stored visual signature's preview PNG (the caller revokes it). */
export async function storedPreviewUrl(id: string): Promise<string | null> {
  const res = await fetchFile(api.previewVisualSignature, { query: { id } });
  return res.ok ? URL.createObjectURL(await res.blob()) : null;
}

/** An object URL of an unsaved stamp's preview PNG (the edit overlay's live preview). */
export async function unsavedPreviewUrl(body: TPreviewBody): Promise<string | null> {
  const res = await fetchFile(api.previewUnsavedVisualSignature, { body });
  return res.ok ? URL.createObjectURL(await res.blob()) : null;
}
