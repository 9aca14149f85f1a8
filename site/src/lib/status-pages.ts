import type { TLang } from '@signet/shared/i18n/lang.rules';

/**
 * URL of a prerendered status page (/sorry, /bye) in a language. These pages ship no JavaScript,
 * so the language travels in the fragment and CSS (`:target`) shows the matching text.
 */
export function statusPageUrl(path: '/sorry' | '/bye', lang: TLang): string {
  return `${path}#${lang}`;
}
