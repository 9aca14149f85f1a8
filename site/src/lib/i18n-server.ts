/** Server-only: every locale file, loaded once at build time. Never import from an island. */

import { DEFAULT_LANG, LANGS, type TLang } from '@signet/shared/i18n/lang.rules';
import { createT, type Dict, type NamespaceDicts, type TFunction } from './i18n.ts';

const files = import.meta.glob<Dict>('../../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

const all: Partial<Record<TLang, NamespaceDicts>> = {};
for (const [path, dict] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, ns] = match as unknown as [string, TLang, string];
  if (!(LANGS as readonly string[]).includes(lang)) continue;
  const dicts = all[lang] ?? {};
  dicts[ns] = dict;
  all[lang] = dicts;
}

// Each language's namespaces, with en-gb filling any key a translation lacks.
const merged: Partial<Record<TLang, NamespaceDicts>> = {};
for (const lang of LANGS) {
  const base = all[DEFAULT_LANG] ?? {};
  const own = all[lang] ?? {};
  const out: NamespaceDicts = {};
  for (const ns of new Set([...Object.keys(base), ...Object.keys(own)])) {
    out[ns] = { ...base[ns], ...own[ns] };
  }
  merged[lang] = out;
}
globalThis.__signetDicts = merged;

/** All namespaces of a language (with en-gb fallback). */
export function dictsFor(lang: TLang): NamespaceDicts {
  return merged[lang] ?? {};
}

/** The namespaces a page embeds for its islands. */
export function embedDicts(lang: TLang, namespaces: readonly string[]): NamespaceDicts {
  const dicts = dictsFor(lang);
  const out: NamespaceDicts = {};
  for (const ns of namespaces) if (dicts[ns]) out[ns] = dicts[ns];
  return out;
}

/** Translate on the server. */
export function serverT(lang: TLang, defaultNs = 'site'): TFunction {
  return createT(dictsFor(lang), defaultNs);
}

/** JSON safe to place inside a `<script type="application/json">`. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
