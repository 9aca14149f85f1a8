import {
  needsOwnCertificate,
  qualityRank,
  signingQuality,
  type TRequiredLevel,
} from '@signet/shared/signing/signing-quality.rules';
import type { TLegislation, TSignatureQuality } from '@signet/shared/user/user.schema';
import type { CertificateSubject } from '../../crypto/certificates.ts';
import type { Signer } from '../../crypto/signer.ts';
import type { TUserIdentity } from '../../db/schema/users.ts';
import { AppError, isAppError } from '../../errors.ts';
import { demoQtsp } from '../../providers/trust/demo-qtsp.ts';
import type { TrustProvider } from '../../providers/trust/trust-provider.ts';
import type { UserPrincipal } from '../context.ts';
import { platformCa } from '../pki/platform-ca.ts';
import { sealForSigning, type TSealForSigning } from '../seals/seal-for-signing.ts';
import { sessionEnded } from '../users/find-user.ts';
import { SES_PROVIDER, signatureQualitiesOf, TRUST_PROVIDER } from '../users/user-dto.ts';
import type { BatchRequests } from './claim-requests.ts';
import type { AccountSigningContext, SigningContext } from './context.ts';
import { parseDocumentsAhead } from './parse-ahead.ts';
import type { TSignPayload } from './sign-request.ts';
import {
  challengeView,
  confirmChallenge,
  findChallenge,
  openChallenge,
  requestsKey,
} from './tan.ts';

/** How one entry of a batch is signed: its quality, and the signer's own certificate if any. */
export type EntryTrust = {
  quality: TSignatureQuality;
  legislation: TLegislation | null;
  /** `signet` (platform certificate) or the trust service that issued `signer`. */
  provider: string;
  /** A certificate of the signer's own (AES, QES); absent: the platform signs (SES). */
  signer?: Signer;
  /** A business's seal signs (`sealAccountName`): its key, certificate and names. */
  seal?: TSealForSigning;
};

/** Per request id: how it is signed, or why it cannot be. */
export type BatchTrust = Map<string, EntryTrust | AppError>;

export const platformLegislation = (platform: 'EU' | 'CH'): TLegislation =>
  platform === 'CH' ? 'ZERTES' : 'EIDAS';

/**
 * The trust service of this instance: the Demo QTSP outside production; none in production
 * until a real provider is configured (AES and QES are then unavailable, 503).
 */
export async function trustProvider(
  ctx: Pick<SigningContext, 'db' | 'config'>,
): Promise<TrustProvider> {
  if (ctx.config.mode === 'production') {
    throw new AppError(
      'TRUST_SERVICE_UNAVAILABLE',
      503,
      'Signatures with a certificate of your own are not available on this instance.',
    );
  }
  return demoQtsp(ctx.db, await platformCa(ctx.db, ctx.config), ctx.config.publicUrl);
}

/**
 * The certificate subject of a person: the verified identity, else the names given. `id` is the
 * account's id or a direct signer's slot id: the Demo QTSP's own identifier of the person (its
 * serial number; not a national number) is made from it.
 */
export function subjectOf(person: {
  id: string;
  identity: TUserIdentity | null;
  firstName: string | null;
  lastName: string | null;
}): CertificateSubject {
  const v = person.identity?.verified;
  const givenName = v?.givenName ?? person.firstName ?? '';
  const surname = v?.surname ?? person.lastName ?? '';
  return {
    commonName: `${givenName} ${surname}`.trim(),
    givenName,
    surname,
    ...(v?.nationality ? { country: v.nationality } : {}),
    serialNumber: `DEMO-${person.id.slice(0, 8).toUpperCase()}`,
  };
}

/**
 * Decides, before anything is signed, how each entry of a `POST /v3/sign` batch is signed: the
 * quality the request asks of the caller (else their default, else SES, see
 * `signingQuality`). An entry whose requirement the caller has not proven gets 403
 * QUALITY_TOO_LOW (the "upgrade standards" dialog). When an entry needs a certificate of the
 * caller's own, the TAN step comes first: without a `tan` a challenge is opened and mailed and
 * the call answers 428 TAN_REQUIRED (nothing signed); with the right TAN the trust service
 * issues one certificate per quality and legislation. `confirmed`: the TAN was already checked
 * (the mobile confirmation). `read`: the batch's one read (claimAndLoadBatch) — the caller's
 * account row (their qualities; null: the account is gone, 401) and the requests, each asking
 * what the caller's own slot asks.
 */
export async function resolveTrust(
  ctx: AccountSigningContext,
  batch: readonly TSignPayload[],
  read: Pick<BatchRequests, 'requests' | 'account'>,
  options: { confirmed?: boolean } = {},
): Promise<BatchTrust> {
  const user = read.account;
  if (!user) throw sessionEnded();
  const qualities = signatureQualitiesOf(user);
  // What each request asks of the caller: their own slot's standard (a request the caller may
  // not see asks nothing; it is refused as 404 when signed).
  const requirement = new Map<string, { level: string | null; legislation: TLegislation | null }>();
  for (const [id, loaded] of read.requests) {
    const me = loaded instanceof AppError ? null : loaded.mySigner;
    if (me) requirement.set(id, { level: me.signatureLevel, legislation: me.legislation });
  }
  const sealsUsed = await sealsOf(ctx, batch);
  const out: BatchTrust = new Map();
  for (const entry of batch) {
    const req = requirement.get(entry.signatureRequestId);
    if (entry.sealAccountName) {
      // A business's seal signs with its own key and certificate: no certificate of the caller's
      // own and no TAN. Only a qualified seal (seal.qes) stands in for a QES the request asks.
      const seal = sealsUsed.get(entry.sealAccountName);
      if (!seal || seal instanceof AppError) {
        out.set(entry.signatureRequestId, seal ?? SES_TRUST);
      } else if (req?.level === 'QES' && seal.quality !== 'seal.qes') {
        out.set(
          entry.signatureRequestId,
          new AppError('QUALITY_TOO_LOW', 403, 'This request asks for a qualified signature.', {
            required: {
              quality: 'QES',
              legislation: req.legislation ?? platformLegislation(ctx.config.platform),
            },
          }),
        );
      } else {
        out.set(entry.signatureRequestId, sealTrust(ctx, seal));
      }
      continue;
    }
    const decided = signingQuality(
      qualities,
      {
        quality: (req?.level as TRequiredLevel | null | undefined) ?? null,
        legislation: req?.legislation ?? null,
      },
      { quality: user.defaultQuality, legislation: user.defaultLegislation },
      platformLegislation(ctx.config.platform),
    );
    if (!decided.ok) {
      out.set(
        entry.signatureRequestId,
        new AppError(
          'QUALITY_TOO_LOW',
          403,
          'This request asks for a signature standard you have not activated yet. Identify first.',
          { required: decided.required },
        ),
      );
      continue;
    }
    out.set(entry.signatureRequestId, {
      quality: decided.detail.quality,
      legislation:
        decided.detail.legislation ??
        (decided.detail.quality === 'SES' ? null : decided.legislation),
      provider: decided.detail.provider,
    });
  }
  const own = [...out.entries()].filter(
    (e): e is [string, EntryTrust] =>
      !(e[1] instanceof AppError) && !e[1].seal && needsOwnCertificate(e[1].quality),
  );
  if (own.length === 0) return out;

  const provider = await trustProvider(ctx);
  if (!options.confirmed) {
    // The TAN mail names the highest quality the batch is signed with.
    const highest = own
      .map(([, t]) => t)
      .reduce((a, b) => (qualityRank(b.quality) > qualityRank(a.quality) ? b : a));
    const tan = batch.find((e) => e.tan)?.tan;
    const key = requestsKey(own.map(([id]) => id));
    if (!tan) {
      const challenge = await openChallenge(ctx.db, ctx.config.secret, user, {
        provider: provider.name,
        quality: highest.quality,
        legislation: highest.legislation ?? platformLegislation(ctx.config.platform),
        requestIds: own.map(([id]) => id),
        batch: batch.map(({ tan: _tan, ...rest }) => rest),
      });
      // While the signer types the code: their documents parsed for the signature to come.
      parseDocumentsAhead(
        ctx,
        own.map(([id]) => id).filter((id) => requirement.has(id)),
      );
      throw new AppError('TAN_REQUIRED', 428, 'Confirm the signature with the code we sent you.', {
        challenge: challengeView(challenge),
      });
    }
    await confirmChallenge(
      ctx.db,
      ctx.config.secret,
      await findChallenge(ctx.db, user.id, { requests: key }),
      tan,
    );
  }
  // One certificate per quality and legislation of the batch.
  const issued = new Map<string, Signer>();
  for (const [id, t] of own) {
    const legislation = t.legislation ?? platformLegislation(ctx.config.platform);
    const k = `${t.quality}:${legislation}`;
    let signer = issued.get(k);
    if (!signer) {
      signer = (
        await provider.issue({
          subject: subjectOf(user),
          qualified: t.quality === 'QES' || t.quality === 'DEMO',
          legislation,
        })
      ).signer;
      issued.set(k, signer);
    }
    out.set(id, { ...t, legislation, provider: provider.name, signer });
  }
  return out;
}

/**
 * The seals a batch names, each read once (who may use it is checked there: 403
 * SEAL_NOT_ALLOWED is the result of every entry that names it). A batch of 50 invoices sealed
 * with one seal reads it, opens its key and measures its signature once.
 */
async function sealsOf(
  ctx: AccountSigningContext,
  batch: readonly TSignPayload[],
): Promise<Map<string, TSealForSigning | AppError>> {
  const names = [...new Set(batch.flatMap((e) => (e.sealAccountName ? [e.sealAccountName] : [])))];
  const out = new Map<string, TSealForSigning | AppError>();
  if (names.length === 0) return out;
  const ca = await platformCa(ctx.db, ctx.config);
  for (const name of names) {
    try {
      out.set(
        name,
        await sealForSigning(
          ctx.db,
          ctx.blobs,
          ctx.config,
          ctx.principal as UserPrincipal,
          name,
          ca,
        ),
      );
    } catch (e) {
      if (!isAppError(e)) throw e;
      out.set(name, e);
    }
  }
  return out;
}

/**
 * How a seal signs: `seal.aes` as an advanced seal of the built-in CA (recorded as SES of the
 * platform's standards, the evidence saying SEAL); `seal.qes` as a qualified seal of the trust
 * service — the Demo QTSP, so DEMO outside production, as a person's demo QES is.
 */
function sealTrust(ctx: AccountSigningContext, seal: TSealForSigning): EntryTrust {
  if (seal.quality === 'seal.aes') return { ...SES_TRUST, seal };
  return {
    quality: 'DEMO',
    legislation: platformLegislation(ctx.config.platform),
    provider: TRUST_PROVIDER,
    seal,
  };
}

/** SES with the platform certificate: how an entry is signed when nothing else applies. */
export const SES_TRUST: EntryTrust = { quality: 'SES', legislation: null, provider: SES_PROVIDER };
