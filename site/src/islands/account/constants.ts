/**
 * Value lists the account forms offer. They mirror shared/src/user/user.schema.ts; importing
 * that module would put zod into the browser bundle, so the lists are restated here and
 * checked against the schema's types at compile time (a drift is a type error).
 */
import type {
  TEmailNotificationLevel,
  TLegislation,
  TSignatureQuality,
  TUserLang,
} from '@signet/shared/user/user.schema';

type Exactly<T extends string, L extends readonly T[]> = [T] extends [L[number]] ? L : never;

const userLangs = ['en', 'de', 'fr'] as const;
export const USER_LANGS: Exactly<TUserLang, typeof userLangs> = userLangs;

const levels = ['ALL', 'ESSENTIAL', 'NONE'] as const;
export const NOTIFICATION_LEVELS: Exactly<TEmailNotificationLevel, typeof levels> = levels;

const legislations = ['EIDAS', 'ZERTES'] as const;
export const LEGISLATIONS: Exactly<TLegislation, typeof legislations> = legislations;

/** Qualities a person can choose as default (seal, demo and Part 11 are not personal choices). */
export const DEFAULT_QUALITIES = [
  'SES',
  'AES',
  'QES',
] as const satisfies readonly TSignatureQuality[];

export type { TUserLang };
