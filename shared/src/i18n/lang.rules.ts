/**
 * Languages (spec section 1 and 5). Interface languages are full locale tags; links and queries
 * use the short codes en, de, fr, it. Italian exists for direct-sign only.
 */

/** Interface languages; the first is the default and the fallback for missing texts. */
export const LANGS = ['en-gb', 'de-ch', 'fr-ch', 'it'] as const;
export type TLang = (typeof LANGS)[number];

/** Default and fallback interface language. */
export const DEFAULT_LANG: TLang = 'en-gb';

/** Languages selectable outside direct-sign (Italian is direct-sign only). */
export const ACCOUNT_LANGS = ['en-gb', 'de-ch', 'fr-ch'] as const satisfies readonly TLang[];

/** Every language code a link or a mail can carry (`?lang=de`), direct-sign's `it` included. */
export const LANG_CODES = ['en', 'de', 'fr', 'it'] as const;
export type TLangCode = (typeof LANG_CODES)[number];

const CODE_TO_LANG: Record<TLangCode, TLang> = { en: 'en-gb', de: 'de-ch', fr: 'fr-ch', it: 'it' };
const LANG_TO_CODE: Record<TLang, TLangCode> = {
  'en-gb': 'en',
  'de-ch': 'de',
  'fr-ch': 'fr',
  it: 'it',
};

/** True for one of {@link LANGS}. */
export function isLang(value: unknown): value is TLang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** True for one of {@link LANG_CODES}. */
export function isLangCode(value: unknown): value is TLangCode {
  return typeof value === 'string' && (LANG_CODES as readonly string[]).includes(value);
}

/** Where a language value comes from: `it` counts only in direct-sign. */
export type TLangContext = { directSign?: boolean };

/**
 * Reads a link/query language code (`en`, `de`, `fr`, `it`, any case, surrounding spaces
 * ignored) and returns the interface language, or `undefined` when the code is unknown.
 * `it` is ignored (→ `undefined`) unless `directSign` is set.
 */
export function langFromCode(
  code: string | null | undefined,
  context: TLangContext = {},
): TLang | undefined {
  if (code == null) return undefined;
  const normalised = code.trim().toLowerCase();
  if (!isLangCode(normalised)) return undefined;
  if (normalised === 'it' && !context.directSign) return undefined;
  return CODE_TO_LANG[normalised];
}

/** The link/query code of an interface language: en-gb → en, de-ch → de, fr-ch → fr, it → it. */
export function codeFromLang(lang: TLang): TLangCode {
  return LANG_TO_CODE[lang];
}

/**
 * Accepts either a full language (`de-ch`) or a code (`de`), any case, and returns the interface
 * language; `it` only in direct-sign. For stored preferences and `Accept-Language`-like input.
 */
export function toLang(
  value: string | null | undefined,
  context: TLangContext = {},
): TLang | undefined {
  if (value == null) return undefined;
  const normalised = value.trim().toLowerCase();
  if (isLang(normalised)) {
    if (normalised === 'it' && !context.directSign) return undefined;
    return normalised;
  }
  return langFromCode(normalised, context);
}
