import {
  IDENT_COVERAGE,
  IDENT_METHODS_BY_LEGISLATION,
} from '@signet/shared/identification/identification.constants';
import type { TIdentMethod } from '@signet/shared/identification/identification.schema';
import type { TRequiredLevel } from '@signet/shared/signing/signing-quality.rules';
import { signingQuality } from '@signet/shared/signing/signing-quality.rules';
import { AppError } from '../../errors.ts';
import { type ActorRef, loadRequestForActor } from '../signature-requests/load-for-actor.ts';
import { requireUser } from '../users/find-user.ts';
import { signatureQualitiesOf } from '../users/user-dto.ts';
import type { IdentContext } from './context.ts';

/**
 * `GET /v3/signature-requests/{id}/signatures/{sig}/ident-method`: what the request asks of a
 * signer (quality and legislation) and how the signer can prove it (spec section 9's methods
 * for the legislation, by whether their documents are covered). Participants of the request
 * may ask; a signer learns whether they already qualify.
 */
export async function identMethod(
  ctx: IdentContext<ActorRef>,
  id: string,
  sig: string,
): Promise<TIdentMethod> {
  const loaded = await loadRequestForActor(ctx.db, id, ctx.principal);
  const signer = loaded.signers.find((s) => s.id === sig);
  if (!signer) throw new AppError('NOT_FOUND', 404, 'There is no such signer in this request.');
  const platform = ctx.config.platform === 'CH' ? 'ZERTES' : 'EIDAS';
  const legislation = signer.legislation ?? platform;
  const quality = (signer.signatureLevel as TRequiredLevel | null) ?? 'SES';
  const key = legislation === 'ZERTES' ? 'zertes' : 'eidas';
  const mine = loaded.mySigner?.id === signer.id;
  const user = mine ? await requireUser(ctx.db, ctx.principal.userId) : null;
  const nationality = user?.identity?.verified.nationality;
  const coverage = nationality
    ? (IDENT_COVERAGE[key] as readonly string[]).includes(nationality)
    : true;
  const satisfied = user
    ? signingQuality(
        signatureQualitiesOf(user),
        { quality, legislation },
        { quality: null, legislation: null },
        platform,
      ).ok
    : false;
  return {
    quality,
    legislation,
    coverage,
    methods: [...IDENT_METHODS_BY_LEGISLATION[key][coverage ? 'coverage' : 'otherwise']],
    satisfied,
  };
}
