import { IDENT_OFFERS } from '@signet/shared/identification/identification.constants';
import { sameVerifiedPerson } from '@signet/shared/identification/identification.rules';
import type {
  TIdentInfo,
  TIdentPath,
  TStartIdentification,
} from '@signet/shared/identification/identification.schema';
import { SIGNING_STEP_CODES } from '@signet/shared/signing/signing.constants';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { identifications } from '../../db/schema/identifications.ts';
import { AppError } from '../../errors.ts';
import { requestNotFound } from '../signature-requests/load-for-actor.ts';
import { type IdentContext, identProvider } from './context.ts';
import { identPerson } from './ident-person.ts';
import { toIdentInfo } from './identification-dto.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST /v1/[direct/]user/identification/{provider}/{method}`: books an identification with the
 * provider, after its terms of use were accepted (403 TERMS_NOT_ACCEPTED). One that is
 * initialized or in progress with the same provider and method is returned instead (the
 * ongoing-ident redirect: the client shows its status). Its legislation: the one asked for, else
 * the person's (an account's default; what a direct signer's slot asks), else the platform's.
 * E-ID data naming someone else than the person an earlier identification proved is refused
 * (409 SERIAL_NUMBER_MISMATCH): their certificates carry that identity. A direct signer
 * identifies for their link's request only (another `signatureRequestId` is 404).
 */
export async function startIdentification(
  ctx: IdentContext,
  path: TIdentPath,
  input: TStartIdentification,
): Promise<TIdentInfo> {
  const offer = IDENT_OFFERS[path.provider][path.method];
  const person = await identPerson(ctx.db, ctx.principal);
  if (!offer) {
    throw new AppError(
      'IDENT_METHOD_UNKNOWN',
      404,
      `${path.provider} does not offer ${path.method} identification.`,
    );
  }
  if (person.requestId && input.signatureRequestId !== undefined) {
    if (input.signatureRequestId !== person.requestId) throw requestNotFound();
  }
  if (!person.acceptedTou.includes(path.provider)) {
    throw new AppError(
      'TERMS_NOT_ACCEPTED',
      403,
      'Accept the terms of use of the identification provider first.',
      { accept: `tou_${path.provider}` },
    );
  }
  if (
    person.identity &&
    input.eidData &&
    !sameVerifiedPerson(person.identity.verified, input.eidData)
  ) {
    throw new AppError(
      SIGNING_STEP_CODES.serialNumberMismatch,
      409,
      'These identity details are not those of the person identified before.',
    );
  }
  const [open] = await ctx.db
    .select()
    .from(identifications)
    .where(
      and(
        person.owns,
        eq(identifications.provider, path.provider),
        eq(identifications.method, path.method),
        inArray(identifications.status, ['initialized', 'inprogress']),
      ),
    )
    .orderBy(desc(identifications.createdAt))
    .limit(1);
  if (open) return toIdentInfo(open);
  const provider = identProvider(ctx);
  const legislation =
    input.legislation ?? person.legislation ?? (ctx.config.platform === 'CH' ? 'ZERTES' : 'EIDAS');
  const id = crypto.randomUUID();
  const booked = await provider.book({
    identificationId: id,
    provider: path.provider,
    method: path.method,
    lang: person.lang,
  });
  const requestId =
    person.requestId ??
    (input.signatureRequestId && UUID.test(input.signatureRequestId)
      ? input.signatureRequestId
      : null);
  const [row] = await ctx.db
    .insert(identifications)
    .values({
      id,
      ...person.owner,
      provider: path.provider,
      method: path.method,
      legislation,
      qualified: offer.qualified,
      providerRef: booked.providerRef,
      identUrl: booked.identUrl,
      signatureRequestId: requestId,
      eidData: input.eidData ?? null,
      mobile: person.mobile,
    })
    .returning();
  if (!row) throw new Error('startIdentification: insert returned no row');
  return toIdentInfo(row);
}
