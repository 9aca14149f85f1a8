import { nextRemindAt } from '@signet/shared/signature-request/signature-request.rules';
import type {
  TDocument,
  TSignatureRequest,
} from '@signet/shared/signature-request/signature-request.schema';
import type { Config } from '../../config.ts';
import type { TDocumentRow } from '../../db/schema/documents.ts';
import type { TSignatureRequestRow } from '../../db/schema/signature-requests.ts';
import { directSigningUrl } from '../direct-sign/link.ts';
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

/** What a DTO needs to show direct signers' links: the public URL and the link secret. */
export type LinkConfig = Pick<Config, 'publicUrl' | 'secret'>;

/**
 * A signer row as the API shows it (`sid` is the row id). The mobile number and the signing
 * link are the owner's to see (`forOwner`); the link exists while the request is not closed.
 */
export function toSignerDto(
  s: LoadedSigner,
  request: Pick<TSignatureRequestRow, 'id' | 'status' | 'exitUrls'>,
  forOwner: boolean,
  config: LinkConfig,
  accountName?: string,
): TSignatureRequest['signatures'][number] {
  const linkLive = request.status === 'DRAFT' || request.status === 'OPEN';
  const given = `${s.firstName ?? ''} ${s.lastName ?? ''}`.trim();
  return {
    sid: s.id,
    account_email: s.accountEmail,
    signer_identity_data: {
      email_address: s.email,
      first_name: s.firstName,
      last_name: s.lastName,
      mobile_number: forOwner ? s.mobile : null,
      language: s.lang,
    },
    direct: s.directNonce !== null,
    signing_url:
      forOwner && linkLive && s.directNonce !== null
        ? directSigningUrl(
            config,
            request.id,
            { id: s.id, directNonce: s.directNonce, lang: s.lang },
            request.exitUrls,
          )
        : null,
    name: s.signingName?.trim() || accountName || given || null,
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

const remindFacts = (s: LoadedSigner) => ({
  status: s.status,
  direct: s.directNonce !== null,
  invitedAt: s.invitedAt,
  lastRemindedAt: s.lastRemindedAt,
});

/** How a request that did not complete ended: who ended it, when and why. */
function closedDto(loaded: LoadedRequest): TSignatureRequest['closed'] {
  const { request: r, owner, signers } = loaded;
  const ownerName = `${owner.firstName} ${owner.lastName}`.trim() || null;
  if (r.status === 'DECLINED') {
    const by = signers.find((s) => s.declinedAt !== null);
    return {
      status: 'DECLINED',
      at: iso(by?.declinedAt ?? r.closedAt ?? r.updatedAt) as string,
      by: by
        ? {
            email: by.email,
            name:
              loaded.accountNames.get(by.email) ??
              (`${by.firstName ?? ''} ${by.lastName ?? ''}`.trim() || null),
          }
        : null,
      message: by?.declineMessage ?? null,
    };
  }
  if (r.status === 'WITHDRAWN') {
    return {
      status: 'WITHDRAWN',
      at: iso(r.closedAt ?? r.updatedAt) as string,
      by: { email: owner.email, name: ownerName },
      message: r.withdrawMessage || null,
    };
  }
  if (r.status === 'EXPIRED') {
    return {
      status: 'EXPIRED',
      at: iso(r.closedAt ?? r.expiresAt ?? r.updatedAt) as string,
      by: null,
      message: null,
    };
  }
  return null;
}

/** The response of every call that returns a request. */
export function toRequestDto(
  loaded: LoadedRequest,
  config: LinkConfig,
  now = new Date(),
): TSignatureRequest {
  const { request: r, owner } = loaded;
  const forOwner = loaded.roles.includes('owner');
  const remindAt =
    forOwner && r.status === 'OPEN' ? nextRemindAt(loaded.signers.map(remindFacts), now) : null;
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
    business_id: r.businessId ?? null,
    documents: loaded.documents.map(toDocumentDto),
    signatures: loaded.signers.map((s) =>
      toSignerDto(s, r, forOwner, config, loaded.accountNames.get(s.email)),
    ),
    observers: loaded.observers.map((o) => ({ id: o.id, email: o.email })),
    my_roles: loaded.roles,
    direct_sign: r.directSign,
    exit_urls: r.exitUrls ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    initiated_at: iso(r.initiatedAt),
    completed_at: iso(r.completedAt),
    expires_at:
      r.status === 'DRAFT' || r.status === 'OPEN' || r.status === 'EXPIRED'
        ? iso(r.expiresAt)
        : null,
    reminder_interval_days: r.reminderIntervalDays,
    remind_available_at: iso(remindAt),
    closed: closedDto(loaded),
  };
}
