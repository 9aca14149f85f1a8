import * as ENDPOINTS from '@signet/shared/api/endpoints';
import { buildPath } from '@signet/shared/api/route';
import type { TVisualSignature } from '@signet/shared/visual-signature/visual-signature.schema';
import type { TVisualSignatureRow } from '../../db/schema/visual-signatures.ts';

/** The API view of a visual signature (spec section 3). */
export function toVisualSignatureDto(row: TVisualSignatureRow): TVisualSignature {
  const hasImage = row.imageKey !== null;
  return {
    id: row.id,
    alias: row.alias,
    name: row.name,
    optionalLine: row.company,
    language: row.language as TVisualSignature['language'],
    location: row.location,
    quality: row.quality,
    legislation: row.legislation,
    provider: row.provider,
    hasCustomImage: hasImage,
    displayDate: row.displayDate,
    displayClaim: row.displayClaim,
    displayStandards: row.displayStandards,
    displayQr: row.displayQr,
    placeholder: !hasImage,
    image: hasImage
      ? `/api${buildPath(ENDPOINTS.getSignatureImage.path, { id: row.id })}?v=${row.updatedAt.getTime()}`
      : null,
    default: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
