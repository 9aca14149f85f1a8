/**
 * What the signature-standards pages share: the qualities and the identifications of the signed-
 * in user, as the server answers them, and the spec's rules over them (highest quality,
 * appointment state, ongoing identification), all from shared.
 */
import { ApiError } from '@signet/shared/api/browser';
import {
  IDENT_METHOD_ROUTES,
  IDENT_OFFERS,
  type TIdentProvider,
  type TIdentProviderMethod,
} from '@signet/shared/identification/identification.constants';
import { hasOngoingIdent } from '@signet/shared/identification/identification.rules';
import type { TIdentInfo } from '@signet/shared/identification/identification.schema';
import { highestQuality, type THighestQuality } from '@signet/shared/user/user.rules';
import type { TUser } from '@signet/shared/user/user.schema';
import { api, call } from '../../lib/api.ts';

/** Every provider/method pair a person can book. */
export const IDENT_PAIRS = (Object.keys(IDENT_OFFERS) as TIdentProvider[]).flatMap((provider) =>
  (Object.keys(IDENT_OFFERS[provider]) as TIdentProviderMethod[]).map((method) => ({
    provider,
    method,
  })),
);

/** The latest identification of each pair (none: 404), newest first. */
export async function myIdentifications(): Promise<TIdentInfo[]> {
  const found = await Promise.all(
    IDENT_PAIRS.map((params) =>
      call(api.getIdentification, { params }).catch((e: unknown) => {
        if (ApiError.of(e).status === 404) return null;
        throw e;
      }),
    ),
  );
  return found
    .filter((i): i is TIdentInfo => i !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The user's highest quality (spec section 4). */
export const highestOf = (user: TUser): THighestQuality =>
  highestQuality({
    emailVerified: user.emailVerified,
    signatureQualities: user.signatureQualities,
  });

/**
 * The identification the status page should show: one under way, else the latest that ended,
 * when it counts as ongoing (spec: an appointment status is set and the highest quality is not
 * qes); null otherwise.
 */
export function ongoing(user: TUser, idents: readonly TIdentInfo[]): TIdentInfo | null {
  const latest = idents.find((i) => i.status !== 'cancelled');
  if (!latest) return null;
  return hasOngoingIdent(latest.appointmentStatus, highestOf(user)) ? latest : null;
}

/** The provider and method of an interface method (`eidas` + `video` → srs/video). */
export function identRoute(legislation: 'eidas' | 'zertes', method: string) {
  const routes = IDENT_METHOD_ROUTES[legislation] as Record<
    string,
    { provider: TIdentProvider; method: TIdentProviderMethod }
  >;
  return routes[method] ?? null;
}

/** Where the standards pages live (one place for their paths). */
export const STANDARDS_PATH = '/profile/signature-standards';
