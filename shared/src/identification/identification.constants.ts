/**
 * Identification (spec sections 4, 7 and 9), zod-free so the browsers take it for free.
 *
 * Providers and their methods are the path segments of `/v1/[direct/]user/identification/
 * {provider}/{method}`. The sandbox behaves like the real services: `srs` (Swiss Registration
 * Services: video identification by an agent, or robo-ident) is a qualified provider, so its
 * success activates QES; `intrum` (automated document check) proves an identity for AES only.
 */
export const IDENT_PROVIDERS = ['srs', 'intrum'] as const;
export type TIdentProvider = (typeof IDENT_PROVIDERS)[number];

export const IDENT_PROVIDER_METHODS = ['video', 'robo', 'autoident'] as const;
export type TIdentProviderMethod = (typeof IDENT_PROVIDER_METHODS)[number];

/** Which provider/method pairs exist, and whether a success there activates QES. */
export const IDENT_OFFERS: Record<
  TIdentProvider,
  Partial<Record<TIdentProviderMethod, { qualified: boolean }>>
> = {
  srs: { video: { qualified: true }, robo: { qualified: true } },
  intrum: { autoident: { qualified: false } },
};

/** The methods of the interface (spec section 4) and where each is done. */
export const IDENT_METHOD_ROUTES = {
  eidas: {
    video: { provider: 'srs', method: 'video' },
    self: { provider: 'srs', method: 'robo' },
  },
  zertes: {
    video: { provider: 'srs', method: 'video' },
    auto: { provider: 'intrum', method: 'autoident' },
  },
} as const satisfies Record<
  string,
  Record<string, { provider: TIdentProvider; method: TIdentProviderMethod }>
>;

/**
 * An identification's life at the provider: initialized (booked) → inprogress (the call or the
 * check runs) → success | failure; cancelled when the user abandons it (DELETE). Only success
 * raises a quality.
 */
export const IDENT_STATUSES = [
  'initialized',
  'inprogress',
  'success',
  'failure',
  'cancelled',
] as const;
export type TIdentStatus = (typeof IDENT_STATUSES)[number];

/** Who pays an identification (`GET …/identification/payment/{id}`). */
export const IDENT_PAYMENT_STATUSES = ['PAID', 'OPEN', 'NOT_REQUIRED'] as const;
export type TIdentPaymentStatus = (typeof IDENT_PAYMENT_STATUSES)[number];

/** Terms of use a provider needs accepted first: `POST /v1/user/accept` with `tou_{provider}`. */
export const touKey = (provider: TIdentProvider) => `tou_${provider}` as const;

/**
 * Countries whose identity documents each legislation's methods cover (eIDAS: the EU and EEA;
 * ZertES: Switzerland and Liechtenstein plus the EU/EEA documents the Swiss providers accept).
 * Outside coverage the spec's "otherwise" methods apply (`IDENT_METHODS_BY_LEGISLATION`).
 */
export const EEA_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export const IDENT_COVERAGE = {
  eidas: EEA_COUNTRIES,
  zertes: ['CH', ...EEA_COUNTRIES],
} as const;

/**
 * Identification methods per legislation (spec section 9): `coverage` where the signer's
 * documents are covered, `otherwise` elsewhere.
 */
export const IDENT_METHODS_BY_LEGISLATION = {
  eidas: { coverage: ['video', 'self', 'id-austria'], otherwise: ['id-austria', 'external-sc'] },
  zertes: { coverage: ['video', 'loc', 'auto'], otherwise: ['loc', 'external-sc'] },
} as const;
