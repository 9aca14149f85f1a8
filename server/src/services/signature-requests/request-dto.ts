import type {
  TDocument,
  TSignatureRequest,
} from '@signet/shared/signature-request/signature-request.schema';
import type { TDocumentRow } from '../../db/schema/documents.ts';
import type { LoadedRequest, LoadedSigner } from './load-for-actor.ts';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A document row as the API shows it. */
export function toDocumentDto(d: TDocumentRow): TDocument {
  return {
    id: d.id,
    title: d.title,
    content_type: 'application/pdf',
    size: d.size,
    page_count: d.pageCount,
    sha256: d.sha256,
    signed_sha256: d.signedSha256,
    created_at: d.createdAt.toISOString(),
  };
}

/** A signer row as the API shows it (`sid` is the row id). */
export function toSignerDto(s: LoadedSigner): TSignatureRequest['signatures'][number] {
  return {
    sid: s.id,
    account_email: s.accountEmail,
    signer_identity_data: { email_address: s.email },
    status_code: s.status,
    order: s.order,
    signed_at: iso(s.signedAt),
    declined_at: iso(s.declinedAt),
    decline_message: s.declineMessage,
    last_reminded_at: iso(s.lastRemindedAt),
    delegated_from: s.delegatedFrom,
    document_signatures: s.documentSignatures,
  };
}

/** The response of every call that returns a request. */
export function toRequestDto(loaded: LoadedRequest): TSignatureRequest {
  const { request: r, owner } = loaded;
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    status_overall: r.status,
    owner: {
      id: owner.id,
      email: owner.email,
      name: `${owner.firstName} ${owner.lastName}`.trim(),
    },
    documents: loaded.documents.map(toDocumentDto),
    signatures: loaded.signers.map(toSignerDto),
    observers: loaded.observers.map((o) => ({ id: o.id, email: o.email })),
    my_roles: loaded.roles,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    initiated_at: iso(r.initiatedAt),
    completed_at: iso(r.completedAt),
  };
}
