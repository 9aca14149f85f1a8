/*
 * The same rules as shared/src/i18n/lang.rules.ts (lang.test.ts checks they agree), restated here
 * because that module imports zod schemas, which must stay out of the browser bundle.
 */

/** Interface languages; en-gb is the default and the fallback. */
export const LANGS = ['en-gb', 'de-ch', 'fr-ch', 'it'] as const;
/** Interface language (en-gb, de-ch, fr-ch, it). */
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en-gb';
/** Language codes used in links and the `lang` query. */
export const LINK_LANG_CODES = ['en', 'de', 'fr', 'it'] as const;
export type LinkLangCode = (typeof LINK_LANG_CODES)[number];

const CODE_TO_LANG: Record<LinkLangCode, Lang> = {
  en: 'en-gb',
  de: 'de-ch',
  fr: 'fr-ch',
  it: 'it',
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** Cookie holding the resolved interface language (written from the user's attribute or the switcher). */
export const LANG_COOKIE = 'signet_lang';

/** Native names for the language switcher. */
export const LANG_NAMES: Record<Lang, string> = {
  'en-gb': 'English',
  'de-ch': 'Deutsch',
  'fr-ch': 'Français',
  it: 'Italiano',
};

/** The link code of a language (`de-ch` → `de`). */
export function linkCode(lang: Lang): LinkLangCode {
  return lang === 'it' ? 'it' : (lang.slice(0, 2) as LinkLangCode);
}

/**
 * Maps a `lang` query value to a language. Accepts the link codes en|de|fr|it (and, leniently,
 * the full codes). Italian is only honoured where `allowIt` holds (direct-sign); elsewhere it is
 * ignored, as is anything unknown.
 */
export function langFromQuery(value: string | null | undefined, allowIt = false): Lang | null {
  if (value == null) return null;
  const v = value.trim().toLowerCase();
  const lang = isLang(v) ? v : (CODE_TO_LANG as Record<string, Lang | undefined>)[v];
  if (!lang || (lang === 'it' && !allowIt)) return null;
  return lang;
}

/**
 * Picks a language from an Accept-Language header or `navigator.languages`, by quality order.
 * `de`, `de-DE`, `de-CH` → de-ch; `fr*` → fr-ch; `en*` → en-gb; `it*` only with `allowIt`.
 */
export function langFromBrowser(
  accepted: string | readonly string[] | null | undefined,
  allowIt = false,
): Lang | null {
  if (!accepted) return null;
  const list =
    typeof accepted === 'string'
      ? accepted
          .split(',')
          .map((part, index) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
            const quality = q ? Number(q.slice(2)) : 1;
            return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
          })
          .filter((entry) => entry.tag && entry.quality > 0)
          .sort((a, b) => b.quality - a.quality || a.index - b.index)
          .map((entry) => entry.tag)
      : accepted;
  for (const tag of list) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    const lang = langFromQuery(primary, allowIt);
    if (lang) return lang;
  }
  return null;
}

export type LangInputs = {
  /** The signed-in user's `attributes.lang` (on the server: the language cookie while a session cookie exists). */
  userLang?: string | null;
  /** The `lang` query value. */
  query?: string | null;
  /** A language chosen earlier with the switcher (language cookie, no session). */
  chosen?: string | null;
  /** Accept-Language header or navigator.languages. */
  browser?: string | readonly string[] | null;
  /** Italian is selectable only in direct-sign. */
  allowIt?: boolean;
};

/** The interface language: the user's attribute, else the `lang` query, else an earlier choice, else the browser, else en-gb. */
export function resolveLang(input: LangInputs): Lang {
  const allowIt = input.allowIt ?? false;
  const fromUser = langFromQuery(input.userLang, allowIt);
  if (fromUser) return fromUser;
  return (
    langFromQuery(input.query, allowIt) ??
    langFromQuery(input.chosen, allowIt) ??
    langFromBrowser(input.browser, allowIt) ??
    DEFAULT_LANG
  );
}
