import { createHash, randomBytes } from 'node:crypto';
import {
  DIRECT_SIGN_ERRORS,
  MAB_REDIRECT_PATH,
  type TMabSigningStatus,
} from '@signet/shared/direct-sign/direct-sign.constants';
import type { TMabSigningResult } from '@signet/shared/direct-sign/direct-sign.schema';
import type { TLangCode } from '@signet/shared/i18n/lang.rules';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mabSessions } from '../../db/schema/mab-sessions.ts';
import { signers } from '../../db/schema/signers.ts';
import { AppError, isAppError } from '../../errors.ts';
import type { EventMeta } from '../../evidence/record-event.ts';
import type { Logger } from '../../log.ts';
import type { MabProvider } from '../../providers/mab/mab-provider.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { directUserId } from '../direct-sign/link.ts';
import type { DirectContext } from '../direct-sign/tan.ts';
import {
  assertAction,
  loadRequestForActor,
  requestNotFound,
} from '../signature-requests/load-for-actor.ts';
import type { SigningContext } from '../signing/context.ts';
import { assertLinkCanSign } from '../signing/link-trust.ts';
import { signRequest } from '../signing/sign-request.ts';
import { platformLegislation, SES_TRUST } from '../signing/trust-step.ts';

/** How long the app has for the approval. */
export const MAB_TTL_SECONDS = 10 * 60;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

function unavailable(): AppError {
  return new AppError(
    DIRECT_SIGN_ERRORS.mabNotAvailable,
    503,
    'Signing in the mobile app is not available.',
  );
}

/**
 * `POST /v3/mab/create-par/{id}/signatures/{sig}`: the direct signer starts signing in the
 * mobile app. `{id}`/`{sig}` must be their own request and signature (404 otherwise) and it must
 * be their turn; pushes the authorisation request to the provider and remembers the attempt
 * under a fresh single-use `state`. Answers where the browser goes next.
 */
export async function createMabPar(
  ctx: DirectContext & { mab: MabProvider | null },
  params: { id: string; sig: string },
  input: { language: TLangCode; redirect_query_params: string },
): Promise<{ redirectUrl: string; expiresAt: string }> {
  if (params.id !== ctx.principal.requestId || params.sig !== ctx.principal.signerId) {
    throw requestNotFound();
  }
  const loaded = await loadRequestForActor(ctx.db, params.id, ctx.principal);
  assertAction(loaded, 'sign');
  if (!ctx.mab) throw unavailable();
  const me = loaded.mySigner;
  if (!me) throw requestNotFound();
  // The app signs with the platform's certificate only: a slot asking AES/QES is refused now.
  assertLinkCanSign(me, SES_TRUST, platformLegislation(ctx.config.platform));
  const state = randomBytes(32).toString('base64url');
  const hashes = loaded.documents.map((d) => (d.signedSha256 ?? d.sha256).slice(0, 16));
  const pushed = await ctx.mab.pushAuthorisationRequest({
    state,
    redirectUri: new URL(MAB_REDIRECT_PATH, `${ctx.config.publicUrl}/`).href,
    signerName: (me.signingName ?? loaded.actor.name).trim() || me.email,
    bindingMessage: `${loaded.request.title} (SHA-256 ${hashes.join(', ')}…)`,
    language: input.language,
    expiresInSeconds: MAB_TTL_SECONDS,
  });
  await ctx.db.insert(mabSessions).values({
    stateHash: hashState(state),
    requestId: loaded.request.id,
    signerId: me.id,
    language: input.language,
    redirectQueryParams: input.redirect_query_params,
    providerRequestUri: pushed.requestUri,
    expiresAt: pushed.expiresAt,
  });
  return { redirectUrl: pushed.authorizeUrl, expiresAt: pushed.expiresAt.toISOString() };
}

export type MabRedirectContext = {
  db: Db;
  blobs: BlobStore;
  pdf: SigningContext['pdf'];
  config: SigningContext['config'];
  meta: EventMeta;
  mab: MabProvider | null;
  log?: Pick<Logger, 'error' | 'warn'>;
};

/**
 * `POST /v3/mab/redirect-sign/{id}`: finishes an attempt with what the app redirected back with.
 * `{id}` is the `state` (single use: a second call is 404). A `code` is redeemed with the
 * provider and the signature applied through the one signing use case as the direct signer;
 * `error=access_denied` is DECLINED, a late answer EXPIRED, anything else ERROR. Answers the
 * MAB signing result with the signer's link id so the page can go on as them.
 */
export async function mabRedirectSign(
  ctx: MabRedirectContext,
  state: string,
  params: Record<string, string>,
  now = new Date(),
): Promise<TMabSigningResult> {
  const [session] = await ctx.db
    .update(mabSessions)
    .set({ finishedAt: now })
    .where(and(eq(mabSessions.stateHash, hashState(state)), isNull(mabSessions.finishedAt)))
    .returning();
  if (!session) throw new AppError('NOT_FOUND', 404, 'No such signing attempt');
  const [slot] = await ctx.db
    .select({ id: signers.id, directNonce: signers.directNonce })
    .from(signers)
    .where(and(eq(signers.id, session.signerId), eq(signers.requestId, session.requestId)));
  if (!slot?.directNonce) throw new AppError('NOT_FOUND', 404, 'No such signing attempt');

  let status: TMabSigningStatus = 'ERROR';
  if (session.expiresAt <= now) {
    status = 'EXPIRED';
  } else if (params.error) {
    status = params.error === 'access_denied' ? 'DECLINED' : 'ERROR';
  } else if (params.code && ctx.mab) {
    const redeemed = await ctx.mab.redeem({
      requestUri: session.providerRequestUri,
      state,
      code: params.code,
    });
    if (redeemed.approved) {
      try {
        await signRequest(
          {
            db: ctx.db,
            blobs: ctx.blobs,
            pdf: ctx.pdf,
            config: ctx.config,
            principal: { kind: 'nas', requestId: session.requestId, signerId: session.signerId },
            meta: ctx.meta,
            ...(ctx.log ? { log: ctx.log } : {}),
            evidence: { direct: true, authentication: `mab:${ctx.mab.name}` },
          },
          { signatureRequestId: session.requestId, language: session.language as TLangCode },
        );
        status = 'SUCCESS';
      } catch (e) {
        if (!isAppError(e) || e.status >= 500) ctx.log?.error({ err: e }, 'MAB signing failed');
        status = 'ERROR';
      }
    } else {
      ctx.log?.warn?.({ reason: redeemed.reason }, 'MAB code not redeemed');
    }
  }
  await ctx.db
    .update(mabSessions)
    .set({ signingStatus: status })
    .where(eq(mabSessions.stateHash, session.stateHash));
  return {
    signatureRequestId: session.requestId,
    userId: directUserId(ctx.config.secret, session.requestId, {
      id: slot.id,
      directNonce: slot.directNonce,
    }),
    signingStatus: status,
    redirectQueryParams: session.redirectQueryParams,
  };
}
