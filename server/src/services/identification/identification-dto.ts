import { appointmentState } from '@signet/shared/identification/identification.rules';
import type { TIdentInfo } from '@signet/shared/identification/identification.schema';
import type { TIdentificationRow } from '../../db/schema/identifications.ts';

const OPEN = new Set(['initialized', 'inprogress']);

/** The API view of an identification (spec section 3, ident info). */
export function toIdentInfo(row: TIdentificationRow): TIdentInfo {
  return {
    id: row.id,
    provider: row.provider,
    method: row.method,
    legislation: row.legislation,
    qualified: row.qualified,
    status: row.status,
    appointmentStatus: row.status,
    state: row.status === 'cancelled' ? null : appointmentState(row.status),
    identUrl: OPEN.has(row.status) ? row.identUrl : null,
    signatureRequestId: row.signatureRequestId,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
