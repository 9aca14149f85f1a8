import type { Lang } from './lang.ts';

/**
 * URL of a prerendered status page (/sorry, /bye) in a language. These pages ship no JavaScript,
 * so the language travels in the fragment and CSS (`:target`) shows the matching text.
 */
export function statusPageUrl(path: '/sorry' | '/bye', lang: Lang): string {
  return `${path}#${lang}`;
}
