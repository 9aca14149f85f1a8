/**
 * Language rules (spec sections 1 and 5): link codes ↔ interface languages, and which language
 * a page is shown in.
 */
import { DEFAULT_LANG, LANG_CODES, LANGS, type TLang, type TLangCode } from './lang.constants.ts';

export * from './lang.constants.ts';

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

/**
 * Picks a language from an Accept-Language header or `navigator.languages`, in quality order:
 * `de`, `de-DE`, `de-CH` → de-ch; `fr*` → fr-ch; `en*` → en-gb; `it*` only in direct-sign.
 */
export function langFromBrowser(
  accepted: string | readonly string[] | null | undefined,
  context: TLangContext = {},
): TLang | undefined {
  if (!accepted) return undefined;
  const tags =
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
  for (const tag of tags) {
    const lang = langFromCode(tag.toLowerCase().split('-')[0], context);
    if (lang) return lang;
  }
  return undefined;
}

/** What the interface language is decided from, strongest first. */
export type TLangInputs = {
  /** The signed-in user's language (`attributes.lang`, or the language cookie while signed in). */
  userLang?: string | null;
  /** The `lang` query value. */
  query?: string | null;
  /** A language chosen earlier with a switcher (the language cookie, signed out). */
  chosen?: string | null;
  /** Accept-Language header or navigator.languages. */
  browser?: string | readonly string[] | null;
  /** Italian is selectable only in direct-sign. */
  directSign?: boolean;
};

/**
 * The interface language: the user's, else the `lang` query, else an earlier choice, else the
 * browser's, else en-gb. Italian only in direct-sign.
 */
export function resolveLang(input: TLangInputs): TLang {
  const context = { directSign: input.directSign ?? false };
  return (
    toLang(input.userLang, context) ??
    toLang(input.query, context) ??
    toLang(input.chosen, context) ??
    langFromBrowser(input.browser, context) ??
    DEFAULT_LANG
  );
}
