import { randomInt } from 'node:crypto';
import {
  DIRECT_SIGN_ERRORS,
  directSigningPath,
  maskEmail,
  maskMobile,
  TAN,
  TAN_PATTERN,
  type TTanChannel,
} from '@signet/shared/direct-sign/direct-sign.constants';
import type { TTanResend } from '@signet/shared/direct-sign/direct-sign.schema';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { signerTans, type TSignerTanRow } from '../../db/schema/signer-tans.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import { enqueueMail, enqueueSms } from '../../mail/outbox.ts';
import { keyedMac, sameSecret } from '../../security/derived-keys.ts';
import { hitRateLimit, keyPart, type RateLimit, rateLimited } from '../../security/rate-limit.ts';
import type { RequestContext } from '../signature-requests/context.ts';
import {
  assertAction,
  type DirectSignerRef,
  type LoadedRequest,
  type LoadedSigner,
  loadRequestForActor,
} from '../signature-requests/load-for-actor.ts';
import { linkSigningQuality } from '../signing/link-trust.ts';
import { platformLegislation } from '../signing/trust-step.ts';
import { directUserId } from './link.ts';

/** A direct signer's use case: the request context with the direct signer as the caller. */
export type DirectContext = RequestContext<DirectSignerRef>;

/** Resends per signer and per IP (codes go to one person; a flood is abuse of their inbox). */
export const TAN_RESEND_LIMITS = {
  perSigner: { max: 5, windowMs: 15 * 60_000 },
  perIp: { max: 30, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimit>;

const tanHash = (secret: string, signerId: string, tan: string) =>
  keyedMac(secret, 'nas-tan', `${signerId}:${tan}`);

function locked(until: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(
    DIRECT_SIGN_ERRORS.tanLocked,
    429,
    'Too many wrong codes. Please wait before you try again.',
    { retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

const tanError = (code: 'tanRequired' | 'tanExpired', message: string) =>
  new AppError(DIRECT_SIGN_ERRORS[code], 422, message);
const expired = () => tanError('tanExpired', 'The code has expired.');

function mySlot(loaded: LoadedRequest): LoadedSigner {
  const me = loaded.mySigner;
  if (!me) throw new Error('a direct signer without a slot');
  return me;
}

/** The name the sending business goes by, or null for a sender without a business. */
async function businessName(tx: DbOrTx, ownerId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: businesses.name })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, ownerId))
    .limit(1);
  return row?.name ?? null;
}

/**
 * `url` of a resend: only the signer's own link on our origin (any query kept, e.g. the exit
 * URLs), so the mail can lead back to the page; anything else is refused (400 INVALID_URL).
 */
function ownLink(ctx: DirectContext, me: LoadedSigner, url: string | undefined): string {
  const path = directSigningPath(
    ctx.principal.requestId,
    directUserId(ctx.config.secret, ctx.principal.requestId, {
      id: me.id,
      directNonce: me.directNonce as string,
    }),
  );
  const own = new URL(path, `${ctx.config.publicUrl}/`);
  if (url === undefined) return own.href;
  let given: URL;
  try {
    given = new URL(url);
  } catch {
    given = new URL('about:blank');
  }
  if (given.origin !== own.origin || given.pathname !== own.pathname) {
    throw new AppError('INVALID_URL', 400, 'url must be your own signing link');
  }
  return given.href;
}

/**
 * `POST /v1/direct/tan/resend`: a new six-digit code (random, valid five minutes) by e-mail or
 * SMS, in the signer's language. The previous code stops working. Only while the signer may
 * sign; refused while locked (429 TAN_LOCKED) and over the resend limits (429 RATE_LIMITED).
 */
export async function resendTan(
  ctx: DirectContext,
  input: TTanResend,
  now = new Date(),
): Promise<{ channel: TTanChannel; sentTo: string; expiresAt: string }> {
  return ctx.db.transaction(async (tx) => {
    const loaded = await loadRequestForActor(tx, ctx.principal.requestId, ctx.principal, {
      forUpdate: true,
    });
    assertAction(loaded, 'sign');
    const me = mySlot(loaded);
    // A slot its signer cannot sign yet (AES/QES before identifying) gets no code: 403 first.
    linkSigningQuality(me, platformLegislation(ctx.config.platform));
    const [current] = await tx.select().from(signerTans).where(eq(signerTans.signerId, me.id));
    if (current?.lockedUntil && current.lockedUntil > now) throw locked(current.lockedUntil, now);

    const channel: TTanChannel = input.channel ?? (me.mobile ? 'sms' : 'mail');
    if (channel === 'sms' && !me.mobile) {
      throw new AppError(DIRECT_SIGN_ERRORS.noMobile, 422, 'No mobile number is known for you.');
    }
    if (channel === 'sms' && ctx.config.smsProvider === 'none') {
      throw new AppError(DIRECT_SIGN_ERRORS.smsNotAvailable, 422, 'Codes cannot be sent by SMS.');
    }
    const link = ownLink(ctx, me, input.url);
    const ip = keyPart(ctx.meta.ip ?? 'unknown');
    for (const [key, limit] of [
      [`tan-resend:signer:${me.id}`, TAN_RESEND_LIMITS.perSigner],
      [`tan-resend:ip:${ip}`, TAN_RESEND_LIMITS.perIp],
    ] as const) {
      const hit = await hitRateLimit(tx, key, limit, now);
      if (!hit.allowed) {
        throw rateLimited(
          hit.retryAfterSeconds,
          'Too many codes were requested. Please try again later.',
        );
      }
    }

    const code = String(randomInt(0, 10 ** TAN.length)).padStart(TAN.length, '0');
    const expiresAt = new Date(now.getTime() + TAN.ttlMs);
    const sentTo = channel === 'sms' ? maskMobile(me.mobile as string) : maskEmail(me.email);
    const row = {
      codeHash: tanHash(ctx.config.secret, me.id, code),
      channel,
      sentTo,
      sentAt: now,
      expiresAt,
      attempts: 0,
      lockedUntil: null,
      verifiedAt: null,
    };
    await tx
      .insert(signerTans)
      .values({ signerId: me.id, ...row })
      .onConflictDoUpdate({ target: signerTans.signerId, set: row });

    const sender =
      (input.companyBranding ? await businessName(tx, loaded.owner.id) : null) ??
      (`${loaded.owner.firstName} ${loaded.owner.lastName}`.trim() || loaded.owner.email);
    const lang = loaded.actor.lang;
    const data = {
      code,
      minutes: TAN.ttlMs / 60_000,
      title: input.subject ?? loaded.request.title,
      senderName: sender,
      url: link,
    };
    if (channel === 'sms') {
      await enqueueSms(tx, { to: me.mobile as string, template: 'direct-tan', lang, data });
    } else {
      await enqueueMail(tx, { to: me.email, template: 'direct-tan', lang, data });
    }
    await recordEvent(tx, {
      requestId: loaded.request.id,
      type: 'tan_sent',
      actor: { id: me.id, email: me.email },
      meta: ctx.meta,
      at: now,
      data: { channel, sent_to: sentTo },
    });
    return { channel, sentTo, expiresAt: expiresAt.toISOString() };
  });
}

type TanVerdict =
  | { ok: true; row: TSignerTanRow; expiresAt: Date; firstTime: boolean }
  | { ok: false; error: AppError };

/**
 * Judges `tan` against the signer's current code inside `tx`, counting a wrong one (the fifth
 * locks: the code is dropped and nothing is accepted for {@link TAN.lockMs}). Returns the
 * verdict instead of throwing, so the count is committed before the caller refuses.
 */
async function judgeTan(
  tx: DbOrTx,
  ctx: DirectContext,
  me: LoadedSigner,
  tan: string,
  now: Date,
): Promise<TanVerdict> {
  const [row] = await tx
    .select()
    .from(signerTans)
    .where(eq(signerTans.signerId, me.id))
    .for('update');
  if (row?.lockedUntil && row.lockedUntil > now) {
    return { ok: false, error: locked(row.lockedUntil, now) };
  }
  if (!row?.codeHash) return { ok: false, error: tanError('tanRequired', 'Ask for a code first.') };
  if (row.expiresAt <= now) return { ok: false, error: expired() };
  // Compared as keyed hashes in constant time; a malformed entry is simply a wrong one.
  const given = TAN_PATTERN.test(tan) ? tan : '';
  if (sameSecret(tanHash(ctx.config.secret, me.id, given), row.codeHash)) {
    if (!row.verifiedAt) {
      await tx.update(signerTans).set({ verifiedAt: now }).where(eq(signerTans.signerId, me.id));
    }
    return { ok: true, row, expiresAt: row.expiresAt, firstTime: !row.verifiedAt };
  }
  const attempts = row.attempts + 1;
  if (attempts >= TAN.maxTries) {
    const until = new Date(now.getTime() + TAN.lockMs);
    await tx
      .update(signerTans)
      .set({ attempts, codeHash: null, verifiedAt: null, lockedUntil: until })
      .where(eq(signerTans.signerId, me.id));
    await recordEvent(tx, {
      requestId: ctx.principal.requestId,
      type: 'tan_locked',
      actor: { id: me.id, email: me.email },
      meta: ctx.meta,
      at: now,
      data: { attempts, until: until.toISOString() },
    });
    return { ok: false, error: locked(until, now) };
  }
  await tx.update(signerTans).set({ attempts }).where(eq(signerTans.signerId, me.id));
  return {
    ok: false,
    error: new AppError(DIRECT_SIGN_ERRORS.tanInvalid, 422, 'The code is not correct.', {
      attemptsLeft: TAN.maxTries - attempts,
    }),
  };
}

/**
 * `POST /v1/direct/tan/check`: a right code marks it checked (the signer may sign with it until
 * it expires); a wrong one counts (422 TAN_INVALID with attemptsLeft; the fifth: 429
 * TAN_LOCKED); 422 TAN_EXPIRED / TAN_REQUIRED.
 */
export async function checkTan(
  ctx: DirectContext,
  tan: string,
  now = new Date(),
): Promise<{ valid: true; expiresAt: string }> {
  const verdict = await ctx.db.transaction(async (tx) => {
    const loaded = await loadRequestForActor(tx, ctx.principal.requestId, ctx.principal);
    const me = mySlot(loaded);
    const judged = await judgeTan(tx, ctx, me, tan, now);
    if (judged.ok && judged.firstTime) {
      await recordEvent(tx, {
        requestId: loaded.request.id,
        type: 'tan_verified',
        actor: { id: me.id, email: me.email },
        meta: ctx.meta,
        at: now,
        data: { channel: judged.row.channel },
      });
    }
    return judged;
  });
  if (!verdict.ok) throw verdict.error;
  return { valid: true, expiresAt: verdict.expiresAt.toISOString() };
}

/**
 * The TAN a signature may go ahead with: `tan` when given (judged and counted like a check),
 * else a code checked before and not expired (422 TAN_REQUIRED / TAN_EXPIRED otherwise).
 * Returns the channel it came by, for the evidence.
 */
export async function tanForSigning(
  ctx: DirectContext,
  tan: string | undefined,
  now = new Date(),
): Promise<{ channel: TTanChannel }> {
  const verdict = await ctx.db.transaction(async (tx): Promise<TanVerdict> => {
    const loaded = await loadRequestForActor(tx, ctx.principal.requestId, ctx.principal);
    const me = mySlot(loaded);
    if (tan !== undefined) return judgeTan(tx, ctx, me, tan, now);
    const [row] = await tx.select().from(signerTans).where(eq(signerTans.signerId, me.id));
    if (row?.lockedUntil && row.lockedUntil > now) {
      return { ok: false, error: locked(row.lockedUntil, now) };
    }
    if (!row?.codeHash || !row.verifiedAt) {
      return { ok: false, error: tanError('tanRequired', 'Confirm the code first.') };
    }
    if (row.expiresAt <= now) return { ok: false, error: expired() };
    return { ok: true, row, expiresAt: row.expiresAt, firstTime: false };
  });
  if (!verdict.ok) throw verdict.error;
  return { channel: verdict.row.channel };
}

/** A signature used the code up. */
export async function useUpTan(db: DbOrTx, signerId: string): Promise<void> {
  await db.delete(signerTans).where(eq(signerTans.signerId, signerId));
}
