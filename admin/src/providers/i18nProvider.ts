import deAdmin from '@signet/locales/de-ch/admin.json';
import deErrors from '@signet/locales/de-ch/errors.json';
import enAdmin from '@signet/locales/en-gb/admin.json';
import enErrors from '@signet/locales/en-gb/errors.json';
import frAdmin from '@signet/locales/fr-ch/admin.json';
import frErrors from '@signet/locales/fr-ch/errors.json';
import itAdmin from '@signet/locales/it/admin.json';
import itErrors from '@signet/locales/it/errors.json';
import {
  ACCOUNT_LANGS,
  codeFromLang,
  DEFAULT_LANG,
  isLang,
  LANGS,
  type TLang,
  toLang,
} from '@signet/shared/i18n/lang.rules';
import { type TUserLang, USER_LANGS } from '@signet/shared/user/user.schema';
import { convertRaTranslationsToI18next, type useI18nextProvider } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import type { I18nProvider } from 'react-admin';

type Dict = Record<string, string>;

/** Languages the console offers; Italian is a direct-sign language only (spec section 5). */
export const CONSOLE_LANGS = ACCOUNT_LANGS;

/** The site's language cookie (site/src/lib/lang.ts), written by its switcher. */
export const LANG_COOKIE = 'signet_lang';

/** Native names for react-admin's language menu. */
const LANG_NAMES: Record<(typeof CONSOLE_LANGS)[number], string> = {
  'en-gb': 'English',
  'de-ch': 'Deutsch',
  'fr-ch': 'Français',
};

function flatten(tree: object, prefix = '', out: Dict = {}): Dict {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flatten(value, name, out);
    else if (typeof value === 'string') out[name] = value;
  }
  return out;
}

// react-admin's own English messages (%{x} → {x}, the locales' placeholder style) are the last
// fallback for ra.* keys a screen uses before admin.json carries them.
const raEnglish = flatten(
  convertRaTranslationsToI18next(englishMessages, { prefix: '{', suffix: '}' }),
);

/** Namespaces: `translation` is admin.json (react-admin's default), `errors` the API error texts. */
const resources: Record<TLang, { translation: Dict; errors: Dict }> = {
  'en-gb': { translation: { ...raEnglish, ...(enAdmin as Dict) }, errors: enErrors as Dict },
  'de-ch': { translation: deAdmin as Dict, errors: deErrors as Dict },
  'fr-ch': { translation: frAdmin as Dict, errors: frErrors as Dict },
  it: { translation: itAdmin as Dict, errors: itErrors as Dict },
};

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The console's language: the account's (once known), else `?lang=`, else the site's language
 * cookie, else the browser, else en-gb. Italian is not offered here.
 */
export function consoleLang(userLang?: string | null): TLang {
  const candidates = [
    userLang,
    new URLSearchParams(window.location.search).get('lang'),
    readCookie(LANG_COOKIE),
    ...navigator.languages.map((tag) => tag.split('-')[0]),
  ];
  for (const candidate of candidates) {
    const lang = toLang(candidate);
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}

/** Remembers the language the way the site does, so site and console agree. */
export function rememberLang(lang: TLang): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: same cookie the site's switcher writes
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Strict${secure}`;
  document.documentElement.lang = lang;
}

type ProviderSettings = NonNullable<Parameters<typeof useI18nextProvider>[0]>;

/** The languages react-admin's locale menu offers. */
export const availableLocales = CONSOLE_LANGS.map((locale) => ({
  locale,
  name: LANG_NAMES[locale],
}));

/**
 * i18next options over locales/<lang>/admin.json: flat dotted keys, `{name}` placeholders.
 * ra-i18n-i18next brings its own i18next instance (it pins i18next 23 with react-i18next 14).
 */
export function i18nOptions(lang: TLang = DEFAULT_LANG): NonNullable<ProviderSettings['options']> {
  return {
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    lowerCaseLng: true,
    ns: ['translation', 'errors'],
    defaultNS: 'translation',
    load: 'currentOnly',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    resources,
  };
}

/**
 * Wraps the provider so a language picked in the console sticks: the site's language cookie
 * and, when it differs from the account's, the account language (PUT /v1/user).
 */
export function withLangMemory(
  provider: I18nProvider,
  accountLang: () => Promise<string | null>,
  saveAccountLang: (lang: TUserLang) => Promise<unknown>,
): I18nProvider {
  return {
    ...provider,
    async changeLocale(locale, options) {
      await provider.changeLocale(locale, options);
      if (!isLang(locale)) return;
      rememberLang(locale);
      const code = codeFromLang(locale);
      if (!isUserLang(code)) return;
      const current = await accountLang().catch(() => null);
      if (current !== null && current !== code) await saveAccountLang(code).catch(() => undefined);
    },
  };
}

function isUserLang(code: string): code is TUserLang {
  return (USER_LANGS as readonly string[]).includes(code);
}
