import { DEFAULT_LANG, isLang, type TLang } from '@signet/shared/i18n/lang.rules';

/** One namespace of one language: flat dotted keys → text with `{name}` placeholders. */
export type Dict = Record<string, string>;
/** Namespaces of one language. */
export type NamespaceDicts = Record<string, Dict>;
export type TFunction = (key: string, vars?: Record<string, string | number>) => string;

/** Id of the `<script type="application/json">` the layouts embed with the page language's dictionaries. */
export const I18N_ELEMENT_ID = 'signet-i18n';

type Embedded = { lang: TLang; dicts: NamespaceDicts };

declare global {
  // Filled on the server by i18n-server.ts (all languages, static data, request-independent).
  var __signetDicts: Partial<Record<TLang, NamespaceDicts>> | undefined;
}

/** Replaces `{name}` placeholders; unknown placeholders stay visible. */
export function format(template: string, vars?: Record<string, string | number>): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  );
}

/** A translate function over the given namespaces; `ns:key` picks another namespace than `defaultNs`. */
export function createT(dicts: NamespaceDicts, defaultNs = 'site'): TFunction {
  return (key, vars) => {
    const colon = key.indexOf(':');
    const ns = colon > 0 ? key.slice(0, colon) : defaultNs;
    const name = colon > 0 ? key.slice(colon + 1) : key;
    const text = dicts[ns]?.[name];
    return format(text ?? name, vars);
  };
}

let embedded: Embedded | null | undefined;

/** The dictionaries the layout embedded in this page (browser only). */
export function readEmbedded(): Embedded | null {
  if (embedded !== undefined) return embedded;
  const el = typeof document === 'undefined' ? null : document.getElementById(I18N_ELEMENT_ID);
  embedded = el?.textContent ? (JSON.parse(el.textContent) as Embedded) : null;
  return embedded;
}

/** The page language: on the client from the embedded dictionaries or `<html lang>`. */
export function pageLang(): TLang {
  const fromEmbed = readEmbedded()?.lang;
  if (fromEmbed) return fromEmbed;
  const htmlLang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLang(htmlLang) ? htmlLang : DEFAULT_LANG;
}

/**
 * A translate function usable in islands, both during server rendering and in the browser.
 * Pass the page's language (islands get it as a prop from `Astro.locals.lang`). In the browser
 * the layout's embedded dictionaries are used (namespaces listed in the layout's `namespaces`).
 */
export function getT(lang: TLang, defaultNs = 'site'): TFunction {
  if (typeof document !== 'undefined') {
    return createT(readEmbedded()?.dicts ?? {}, defaultNs);
  }
  return createT(globalThis.__signetDicts?.[lang] ?? {}, defaultNs);
}
