import { API_USER_ERRORS } from '@signet/shared/api-user/api-user.constants';
import type { TCallbackUrls } from '@signet/shared/api-user/api-user.schema';
import { parseExitUrls } from '@signet/shared/exit-url/exit-url.rules';
import { duplicateParticipant } from '@signet/shared/signature-request/signature-request.rules';
import type {
  TCreateSignatureRequest,
  TSignatureRequest,
} from '@signet/shared/signature-request/signature-request.schema';
import { observers } from '../../db/schema/observers.ts';
import { requestDocuments } from '../../db/schema/request-documents.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { signers } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import { checkCallbackUrls } from '../api-users/callback-address.ts';
import { settingsForUser } from '../businesses/settings.ts';
import { assertDirectSignAllowed } from '../direct-sign/direct-sign-allowed.ts';
import type { RequestContext } from './context.ts';
import {
  checkDocumentSignatures,
  checkedExpiry,
  ownDocumentsToAttach,
  signerEmail,
  signerIdentityValues,
} from './inputs.ts';
import { loadActor, loadRequestForActor } from './load-for-actor.ts';
import { newClaimToken } from './mail.ts';
import { toRequestDto } from './request-dto.ts';
import { storeInlineDocuments } from './store-inline-documents.ts';

/**
 * The callback URLs of a new request: only an API user's request may carry them (403
 * CALLBACKS_FOR_API_USERS_ONLY otherwise), checked by `checkCallbackUrls`.
 */
function callbackUrlsOf(ctx: RequestContext, input: TCreateSignatureRequest): TCallbackUrls | null {
  const { callback_success_url, callback_error_url, callback_update_url } = input;
  const urls = { callback_success_url, callback_error_url, callback_update_url };
  const checked = checkCallbackUrls(ctx.config, urls);
  if (checked && !ctx.principal.apiUser) {
    throw new AppError(
      API_USER_ERRORS.callbackNotAllowed,
      403,
      'Only requests created by an API user can have callbacks',
    );
  }
  return checked;
}

/**
 * `POST /v3/signature-requests`: a DRAFT owned by the caller with its documents (uploaded before,
 * by `document_id`, or inline as base64), signers and observers. Records "created".
 *
 * Decisions: a signer without `order` gets order 0, so signers sign in parallel unless orders
 * say otherwise (equal orders sign in parallel, a higher order waits for every lower one). The
 * same address is named once: twice among the signers is refused with 400 DUPLICATE_SIGNER, an
 * observer named twice or also signing with 400 DUPLICATE_OBSERVER (shared's
 * `duplicateParticipant`, which the upload page applies too). Direct signers need `direct_sign`
 * (403 DIRECT_SIGN_NOT_ENABLED, decided by `directSignAllowed`); exit URLs are kept as the
 * shared rules parse them. An
 * expiry date must lie between an hour and a year ahead (400 EXPIRY_INVALID); without one the
 * request expires `REQUEST_EXPIRY.defaultDays` after it is sent.
 */
export async function createSignatureRequest(
  ctx: RequestContext,
  input: TCreateSignatureRequest,
): Promise<TSignatureRequest> {
  const emails = input.signatures.map(signerEmail);
  const observerEmails = input.observers;
  const dup = duplicateParticipant(emails, observerEmails);
  if (dup?.role === 'signer') {
    throw new AppError('DUPLICATE_SIGNER', 400, `${dup.email} is named twice as a signer`);
  }
  if (dup) {
    throw new AppError(
      'DUPLICATE_OBSERVER',
      400,
      `${dup.email} is named twice (an observer must not also sign)`,
    );
  }
  if (input.signatures.some((sig) => sig.direct)) {
    const business = await settingsForUser(ctx.db, ctx.principal.userId);
    assertDirectSignAllowed(
      {
        requestFlag: input.direct_sign,
        businessDirectSign: Boolean(business?.settings.mabSettings.directSign.enabled),
      },
      input.signatures,
    );
  }
  const expiresAt = input.expires_at ? checkedExpiry(input.expires_at, new Date()) : null;

  const callbackUrls = callbackUrlsOf(ctx, input);

  return ctx.db.transaction(async (tx) => {
    const actor = await loadActor(tx, ctx.principal);
    const ids: string[] = [];
    const inline: { title: string; content: string }[] = [];
    for (const d of input.documents) {
      if ('document_id' in d) ids.push(d.document_id);
      else inline.push(d);
    }
    const existing = await ownDocumentsToAttach(tx, actor.userId, ids);
    const uploaded = await storeInlineDocuments(tx, ctx, actor.userId, inline);
    const docs = [...existing, ...uploaded];
    const docIds = new Set(docs.map((d) => d.id));
    const pages = new Map(docs.map((d) => [d.id, d.pageCount]));
    for (const s of input.signatures) checkDocumentSignatures(s.document_signatures, docIds, pages);

    const [request] = await tx
      .insert(signatureRequests)
      .values({
        ownerId: actor.userId,
        title: input.title,
        message: input.message ?? null,
        directSign: input.direct_sign,
        exitUrls: input.exit_urls ? parseExitUrls(input.exit_urls) : null,
        expiresAt,
        reminderIntervalDays: input.reminder_interval_days ?? null,
        callbackUrls,
        // An API user's request is sent for its business (its account is no member of it).
        ...(ctx.principal.apiUser
          ? { businessId: ctx.principal.apiUser.businessId, apiUserId: ctx.principal.apiUser.id }
          : {}),
      })
      .returning();
    if (!request) throw new Error('insert returned no row');
    if (docs.length > 0) {
      await tx
        .insert(requestDocuments)
        .values(docs.map((d, position) => ({ requestId: request.id, documentId: d.id, position })));
    }
    if (input.signatures.length > 0) {
      await tx.insert(signers).values(
        input.signatures.map((s, i) => ({
          requestId: request.id,
          email: emails[i] as string,
          accountEmail: s.account_email ?? null,
          order: s.order ?? 0,
          documentSignatures: s.document_signatures,
          claimToken: newClaimToken(),
          ...signerIdentityValues(s),
        })),
      );
    }
    if (observerEmails.length > 0) {
      await tx
        .insert(observers)
        .values(observerEmails.map((email) => ({ requestId: request.id, email })));
    }
    await recordEvent(tx, {
      requestId: request.id,
      type: 'created',
      actor: { id: actor.userId, email: actor.email },
      meta: ctx.meta,
      documentSha256: docs.map((d) => d.signedSha256 ?? d.sha256),
      data: { title: request.title, signers: emails, observers: observerEmails },
    });
    return toRequestDto(await loadRequestForActor(tx, request.id, ctx.principal), ctx.config);
  });
}
