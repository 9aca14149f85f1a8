import { REQUEST_EXPIRY } from '@signet/shared/signature-request/signature-request.constants';
import { expiryProblem } from '@signet/shared/signature-request/signature-request.rules';
import type {
  TAddSignature,
  TDocumentSignature,
} from '@signet/shared/signature-request/signature-request.schema';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents, type TDocumentRow } from '../../db/schema/documents.ts';
import { requestDocuments } from '../../db/schema/request-documents.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { AppError } from '../../errors.ts';
import { newDirectNonce } from '../direct-sign/link.ts';

/**
 * An expiry date a sender chose, checked against `now` (shared's `expiryProblem`): at least an
 * hour and at most `REQUEST_EXPIRY.maxDays` days ahead, else 400 EXPIRY_INVALID.
 */
export function checkedExpiry(expiresAt: string, now: Date): Date {
  const problem = expiryProblem(expiresAt, now);
  if (problem) {
    throw new AppError(
      'EXPIRY_INVALID',
      400,
      problem === 'past'
        ? 'The expiry date must be at least an hour ahead'
        : `The expiry date must be within ${REQUEST_EXPIRY.maxDays} days`,
      { problem, maxDays: REQUEST_EXPIRY.maxDays },
    );
  }
  return new Date(expiresAt);
}

/** The address a signer signs as: account_email, else signer_identity_data.email_address. */
export function signerEmail(input: TAddSignature): string {
  const email = input.account_email ?? input.signer_identity_data?.email_address;
  if (!email) throw new AppError('VALIDATION_FAILED', 400, 'A signer needs an e-mail address');
  return email.toLowerCase();
}

/**
 * The columns of a new signer row that come from how the signer was named: the identity data
 * (names, mobile, language) and, for a direct signer, the nonce of their signing link.
 */
export function signerIdentityValues(input: TAddSignature) {
  const identity = input.signer_identity_data;
  return {
    firstName: identity?.first_name ?? null,
    lastName: identity?.last_name ?? null,
    mobile: identity?.mobile_number ?? null,
    lang: identity?.language ?? null,
    directNonce: input.direct ? newDirectNonce() : null,
  };
}

/** Every document_signatures entry must point at one of the request's documents. */
export function checkDocumentSignatures(
  signatures: readonly TDocumentSignature[],
  documentIds: ReadonlySet<string>,
  pageCounts: ReadonlyMap<string, number>,
): void {
  for (const s of signatures) {
    if (!documentIds.has(s.document_id)) {
      throw new AppError(
        'UNKNOWN_DOCUMENT',
        400,
        `document_signatures names ${s.document_id}, which is not a document of this request`,
      );
    }
    const pages = pageCounts.get(s.document_id) ?? 0;
    if (s.page > pages) {
      throw new AppError(
        'PAGE_OUT_OF_RANGE',
        400,
        `Page ${s.page} does not exist (the document has ${pages})`,
      );
    }
  }
}

/**
 * The caller's own documents with these ids, ready to attach: each must exist, belong to the
 * caller, not be deleted (404 DOCUMENT_NOT_FOUND otherwise) and not belong to another live
 * request (409 DOCUMENT_IN_USE: one document, one sequence of signatures).
 */
export async function ownDocumentsToAttach(
  tx: DbOrTx,
  ownerId: string,
  ids: readonly string[],
  exceptRequestId?: string,
): Promise<TDocumentRow[]> {
  if (ids.length === 0) return [];
  if (new Set(ids).size !== ids.length) {
    throw new AppError('DUPLICATE_DOCUMENT', 400, 'A document can be in a request only once');
  }
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const bad = ids.find((id) => !UUID.test(id));
  if (bad) throw new AppError('DOCUMENT_NOT_FOUND', 404, `No such document: ${bad}`);
  const rows = await tx
    .select()
    .from(documents)
    .where(
      and(
        inArray(documents.id, [...ids]),
        eq(documents.ownerId, ownerId),
        isNull(documents.deletedAt),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw new AppError('DOCUMENT_NOT_FOUND', 404, `No such document: ${missing}`);
  const used = await tx
    .select({ documentId: requestDocuments.documentId, requestId: requestDocuments.requestId })
    .from(requestDocuments)
    .innerJoin(signatureRequests, eq(signatureRequests.id, requestDocuments.requestId))
    .where(
      and(inArray(requestDocuments.documentId, [...ids]), isNull(signatureRequests.deletedAt)),
    );
  const clash = used.find((u) => u.requestId !== exceptRequestId);
  if (clash) {
    throw new AppError(
      'DOCUMENT_IN_USE',
      409,
      `Document ${clash.documentId} already belongs to a request`,
    );
  }
  return ids.map((id) => byId.get(id) as TDocumentRow);
}
