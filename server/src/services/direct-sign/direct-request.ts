import { maskMobile } from '@signet/shared/direct-sign/direct-sign.constants';
import type {
  TDirectSignatureRequest,
  TDirectUser,
} from '@signet/shared/direct-sign/direct-sign.schema';
import type { TLangCode } from '@signet/shared/i18n/lang.rules';
import { IDENT_PROVIDERS, touKey } from '@signet/shared/identification/identification.constants';
import type { TAcceptTou } from '@signet/shared/identification/identification.schema';
import { VISUAL_SIGNATURE_SIZE } from '@signet/shared/signature-request/signature-request.schema';
import type { TSignatureQualities } from '@signet/shared/user/user.schema';
import { and, eq } from 'drizzle-orm';
import { signers } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import { getPublicInformation } from '../businesses/business-profile.ts';
import { viewSignatureRequest } from '../signature-requests/get-signature-request.ts';
import {
  type LoadedRequest,
  type LoadedSigner,
  loadRequestForActor,
} from '../signature-requests/load-for-actor.ts';
import { toRequestDto } from '../signature-requests/request-dto.ts';
import {
  directSignerQualities,
  linkRequiredStandard,
  linkSigningQuality,
} from '../signing/link-trust.ts';
import { platformLegislation } from '../signing/trust-step.ts';
import { visualSignatureLines } from '../signing/visual-signature.ts';
import { documentToken } from './link.ts';
import type { DirectContext } from './tan.ts';

function mySlot(loaded: LoadedRequest): LoadedSigner {
  if (!loaded.mySigner) throw new Error('a direct signer without a slot');
  return loaded.mySigner;
}

/** The signer's language as a link code: their own, else the sender's account language. */
function langOf(loaded: LoadedRequest): TLangCode {
  const lang = loaded.actor.lang;
  return lang === 'de' || lang === 'fr' || lang === 'it' ? lang : 'en';
}

/**
 * `GET /v3/direct/signature-requests/{id}`: the request as its direct signer sees it (a signer's
 * view: no other signer's link or number), who they are, the sending business and a fresh
 * document token for the page images and downloads. The first read in an hour is "viewed".
 */
export async function getDirectSignatureRequest(
  ctx: DirectContext,
  id: string,
): Promise<TDirectSignatureRequest> {
  const loaded = await viewSignatureRequest(ctx, id);
  const me = mySlot(loaded);
  const token = documentToken(ctx.config.secret, loaded.request.id, me.id);
  return {
    ...toRequestDto(loaded, ctx.config),
    me: {
      sid: me.id,
      email: me.email,
      first_name: me.firstName,
      last_name: me.lastName,
      mobile: me.mobile ? maskMobile(me.mobile) : null,
      language: me.lang,
      status_code: me.status,
      signature_level: me.signatureLevel,
      required_standard: linkRequiredStandard(me, platformLegislation(ctx.config.platform)),
    },
    business_id: loaded.request.businessId ?? null,
    signing_methods: ctx.config.mabProvider === 'none' ? ['tan'] : ['tan', 'mab'],
    document_token: token.token,
    document_token_expires_at: token.expiresAt.toISOString(),
  };
}

function toDirectUser(loaded: LoadedRequest): TDirectUser {
  const me = mySlot(loaded);
  return {
    id: me.id,
    email: me.email,
    firstName: me.firstName ?? '',
    lastName: me.lastName ?? '',
    attributes: {
      lang: langOf(loaded),
      mobile: me.mobile ? maskMobile(me.mobile) : null,
      acceptedTou: me.acceptedTou,
    },
  };
}

/** `GET /v1/direct/user` */
export async function getDirectUser(ctx: DirectContext): Promise<TDirectUser> {
  return toDirectUser(await loadRequestForActor(ctx.db, ctx.principal.requestId, ctx.principal));
}

/**
 * `PUT /v1/direct/user`: the signer's name and language (Italian included). The address and
 * the mobile number stay as the sender gave them: codes go there.
 */
export async function updateDirectUser(
  ctx: DirectContext,
  input: {
    firstName?: string | undefined;
    lastName?: string | undefined;
    attributes?: { lang?: TLangCode | undefined } | undefined;
  },
): Promise<TDirectUser> {
  const set: Partial<{ firstName: string; lastName: string; lang: TLangCode }> = {};
  if (input.firstName !== undefined) set.firstName = input.firstName;
  if (input.lastName !== undefined) set.lastName = input.lastName;
  if (input.attributes?.lang !== undefined) set.lang = input.attributes.lang;
  return ctx.db.transaction(async (tx) => {
    const before = await loadRequestForActor(tx, ctx.principal.requestId, ctx.principal, {
      forUpdate: true,
    });
    if (Object.keys(set).length > 0) {
      await tx
        .update(signers)
        .set(set)
        .where(and(eq(signers.id, mySlot(before).id), eq(signers.requestId, before.request.id)));
    }
    return toDirectUser(await loadRequestForActor(tx, ctx.principal.requestId, ctx.principal));
  });
}

/**
 * `POST /v1/direct/user/accept`: the direct signer accepts identification providers' terms of
 * use (`tou_{provider}`), kept with their slot.
 */
export async function acceptDirectTerms(
  ctx: DirectContext,
  input: TAcceptTou,
): Promise<TDirectUser> {
  return ctx.db.transaction(async (tx) => {
    const before = await loadRequestForActor(tx, ctx.principal.requestId, ctx.principal, {
      forUpdate: true,
    });
    const me = mySlot(before);
    const tou = IDENT_PROVIDERS.filter((p) => input[touKey(p)] && !me.acceptedTou.includes(p));
    if (tou.length > 0) {
      await tx
        .update(signers)
        .set({ acceptedTou: [...me.acceptedTou, ...tou] })
        .where(and(eq(signers.id, me.id), eq(signers.requestId, before.request.id)));
    }
    return toDirectUser(await loadRequestForActor(tx, ctx.principal.requestId, ctx.principal));
  });
}

/**
 * `GET /v3/direct/user/signature-qualities-detail`: what the direct signer proved for their slot.
 * SES always (the address is the one the sender vouched for); AES, and QES under its
 * legislation, once they identified through the link (the identity is the slot's).
 */
export async function directSignatureQualities(ctx: DirectContext): Promise<TSignatureQualities> {
  const loaded = await loadRequestForActor(ctx.db, ctx.principal.requestId, ctx.principal);
  return directSignerQualities(mySlot(loaded));
}

/** `GET /v1/direct/visual-signature`: the appearance text in the signer's language, as of now. */
export async function getDirectVisualSignature(ctx: DirectContext, now = new Date()) {
  const loaded = await loadRequestForActor(ctx.db, ctx.principal.requestId, ctx.principal);
  const me = mySlot(loaded);
  const language = langOf(loaded);
  const name = (me.signingName ?? loaded.actor.name).trim() || me.email;
  // What the slot will be signed with; one not yet signable shows SES until the signer identifies.
  const platform = platformLegislation(ctx.config.platform);
  const signs = linkRequiredStandard(me, platform)
    ? { quality: 'SES' as const, legislation: null }
    : linkSigningQuality(me, platform);
  return {
    name,
    language,
    quality: signs.quality,
    lines: visualSignatureLines(language, {
      name,
      email: me.email,
      at: now,
      quality: signs.quality,
      legislation: signs.legislation,
    }),
    width: VISUAL_SIGNATURE_SIZE.width,
    height: VISUAL_SIGNATURE_SIZE.height,
  };
}

/**
 * `GET /v2/direct/businesses/{id}/public-information`: what a signer may see of the business
 * that sent the signer's request (name, logo, support contact, Part 11); any other business
 * is 404.
 */
export async function getDirectBusinessPublicInformation(ctx: DirectContext, businessId: string) {
  const loaded = await loadRequestForActor(ctx.db, ctx.principal.requestId, ctx.principal);
  // The business the request was sent for (set at its creation; see signature_requests).
  const own = loaded.request.businessId;
  if (!own || own !== businessId) throw new AppError('NOT_FOUND', 404, 'No such business');
  return getPublicInformation(ctx, own);
}
