import { defineMiddleware } from 'astro:middleware';
import { DEFAULT_LANG, LANG_COOKIE, langFromQuery, resolveLang } from './lib/lang.ts';
import { type Mode, serverMode } from './lib/mode.ts';
import { TAB_COOKIE } from './lib/storage.ts';

const YEAR = 365 * 24 * 3600;
const MODES: readonly Mode[] = ['production', 'development', 'test'];

/**
 * Resolves the request's language and mode into `Astro.locals`. Language: the user's attribute
 * (mirrored into the language cookie by the client while a session exists), else the `lang`
 * query (which is remembered for later pages), else an earlier switcher choice, else
 * Accept-Language. Italian only under /direct-sign.
 */
export const onRequest = defineMiddleware((context, next) => {
  const passedMode = (context.locals as { mode?: unknown }).mode;
  context.locals.mode = MODES.includes(passedMode as Mode) ? (passedMode as Mode) : serverMode();
  if (context.isPrerendered) {
    context.locals.lang = DEFAULT_LANG;
    return next();
  }
  const allowIt = context.url.pathname.startsWith('/direct-sign');
  const cookieLang = context.cookies.get(LANG_COOKIE)?.value ?? null;
  const signedIn = context.cookies.has(TAB_COOKIE);
  const query = context.url.searchParams.get('lang');
  const lang = resolveLang({
    userLang: signedIn ? cookieLang : null,
    query,
    chosen: cookieLang,
    browser: context.request.headers.get('accept-language'),
    allowIt,
  });
  if (!signedIn && langFromQuery(query, allowIt) && cookieLang !== lang) {
    context.cookies.set(LANG_COOKIE, lang, { path: '/', sameSite: 'strict', maxAge: YEAR });
  }
  context.locals.lang = lang;
  return next();
});
