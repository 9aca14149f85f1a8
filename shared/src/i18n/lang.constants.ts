/**
 * Languages (spec sections 1 and 5), zod-free. Interface languages are full locale tags; links
 * and queries use the short codes en, de, fr, it. Italian exists for direct-sign only.
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

/** Each language's name in itself, for language menus. */
export const LANG_NAMES: Record<TLang, string> = {
  'en-gb': 'English',
  'de-ch': 'Deutsch',
  'fr-ch': 'Français',
  it: 'Italiano',
};

/**
 * Cookie holding the interface language (a year, SameSite=Strict): the account's language
 * while signed in, else the language switcher's choice. The site's server and the console read it.
 */
export const LANG_COOKIE = 'signet_lang';
export const LANG_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
