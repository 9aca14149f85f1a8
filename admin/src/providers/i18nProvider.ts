import {
  ACCOUNT_LANGS,
  codeFromLang,
  DEFAULT_LANG,
  isLang,
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE_S,
  LANG_NAMES,
  resolveLang,
  type TLang,
} from '@signet/shared/i18n/lang.rules';
import { readCookie, writeCookie } from '@signet/shared/session/cookies';
import { isUserLang, type TUserLang } from '@signet/shared/user/user.constants';
import type { I18nProvider } from 'react-admin';

type Dict = Record<string, string>;

/**
 * One language's texts: admin.json (react-admin's `ra.*` texts included, in every language) and
 * the API's error texts as `errors.<CODE>` (what a refusal's notification names). Loaded when
 * the language is first used, so the console ships only the languages it shows.
 */
const LOADERS: Record<TLang, () => Promise<[{ default: Dict }, { default: Dict }]>> = {
  'en-gb': () =>
    Promise.all([
      import('@signet/locales/en-gb/admin.json'),
      import('@signet/locales/en-gb/errors.json'),
    ]),
  'de-ch': () =>
    Promise.all([
      import('@signet/locales/de-ch/admin.json'),
      import('@signet/locales/de-ch/errors.json'),
    ]),
  'fr-ch': () =>
    Promise.all([
      import('@signet/locales/fr-ch/admin.json'),
      import('@signet/locales/fr-ch/errors.json'),
    ]),
  it: () =>
    Promise.all([
      import('@signet/locales/it/admin.json'),
      import('@signet/locales/it/errors.json'),
    ]),
};

async function texts(lang: TLang): Promise<Dict> {
  const [admin, errors] = await LOADERS[lang]();
  const prefixed = Object.entries(errors.default).map(([code, text]) => [`errors.${code}`, text]);
  return { ...admin.default, ...Object.fromEntries(prefixed) };
}

/**
 * The console's language: the account's (once known), else `?lang=`, else the site's language
 * cookie, else the browser, else en-gb (shared's rule, as on the site). Italian is not offered.
 */
export function consoleLang(userLang?: string | null): TLang {
  return resolveLang({
    userLang,
    query: new URLSearchParams(window.location.search).get('lang'),
    chosen: readCookie(LANG_COOKIE),
    browser: navigator.languages,
  });
}

/** The languages react-admin's locale menu offers (Italian is direct-sign only). */
export const availableLocales = ACCOUNT_LANGS.map((locale) => ({
  locale,
  name: LANG_NAMES[locale],
}));

/** Fills `{name}` placeholders; unknown ones stay visible. */
function format(text: string, vars: Record<string, unknown>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    vars[name] === undefined ? whole : String(vars[name]),
  );
}

/**
 * The i18n provider over locales/<lang>/admin.json (flat dotted keys, `{name}` placeholders,
 * en-gb as the fallback). The fallback and the language shown are loaded before the console
 * starts, others when picked. (A dozen lines instead of ra-i18n-i18next: the texts need no
 * plural rules or namespaces, and i18next would be a tenth of the console's first load.)
 *
 * A language picked in the console sticks: the site's language cookie and, when it differs from
 * the account's, the account language (`saveAccountLang`: PUT /v1/user).
 */
export async function createI18nProvider(
  initial: TLang,
  accountLang: () => Promise<string | null>,
  saveAccountLang: (lang: TUserLang) => Promise<unknown>,
): Promise<I18nProvider> {
  const dicts = new Map<TLang, Dict>();
  const ensure = async (lang: TLang) => {
    if (!dicts.has(lang)) dicts.set(lang, await texts(lang));
  };
  await Promise.all([ensure(DEFAULT_LANG), ensure(initial)]);
  let current = initial;
  return {
    translate(key, options = {}) {
      const text = dicts.get(current)?.[key] ?? dicts.get(DEFAULT_LANG)?.[key];
      const fallback = typeof options._ === 'string' ? options._ : key;
      return format(text ?? fallback, options);
    },
    async changeLocale(locale) {
      if (!isLang(locale)) return;
      await ensure(locale);
      current = locale;
      writeCookie(LANG_COOKIE, locale, LANG_COOKIE_MAX_AGE_S);
      document.documentElement.lang = locale;
      const code = codeFromLang(locale);
      if (!isUserLang(code)) return;
      const account = await accountLang().catch(() => null);
      if (account !== null && account !== code) await saveAccountLang(code).catch(() => undefined);
    },
    getLocale: () => current,
    getLocales: () => availableLocales,
  };
}
