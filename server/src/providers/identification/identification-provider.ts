import type {
  TIdentProvider,
  TIdentProviderMethod,
} from '@signet/shared/identification/identification.constants';
import type { TEidData } from '@signet/shared/identification/identification.schema';

/**
 * An identification service (video identification, robo-ident, automated document checks). A
 * booking gives the person a URL at the provider; the provider reports progress and the result
 * later, by webhook (`IdentUpdate`), which `applyIdentUpdate` records.
 */
export type IdentificationProvider = {
  /** `sandbox`, or the real service's name. */
  readonly name: string;
  /** Books an identification; the provider's reference and the person's URL. */
  book(input: {
    identificationId: string;
    provider: TIdentProvider;
    method: TIdentProviderMethod;
    lang: string;
  }): Promise<{ providerRef: string; identUrl: string }>;
  /** Tells the provider the person gave up (no result will be reported). */
  cancel(providerRef: string): Promise<void>;
};

/** What a provider's webhook reports about one identification. */
export type IdentUpdate =
  | { providerRef: string; status: 'inprogress' }
  | { providerRef: string; status: 'success'; verified: TEidData }
  | { providerRef: string; status: 'failure'; reason: string };
