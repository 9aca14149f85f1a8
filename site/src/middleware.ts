import { defineMiddleware } from 'astro:middleware';
import { isDirectSignPath } from '@signet/shared/direct-sign/direct-sign.constants';
import {
  DEFAULT_LANG,
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE_S,
  resolveLang,
  toLang,
} from '@signet/shared/i18n/lang.rules';
import { SESSION_COOKIE } from '@signet/shared/session/session.constants';
import { type Mode, serverMode } from './lib/mode.ts';

const MODES: readonly Mode[] = ['production', 'development', 'test'];

/**
 * Resolves the request's language and mode into `Astro.locals`. Language: the user's attribute
 * (mirrored into the language cookie by the client while a session exists), else the `lang`
 * query (which is remembered for later pages), else an earlier switcher choice, else
 * Accept-Language. Italian only on the direct-sign pages (`isDirectSignPath`).
 */
export const onRequest = defineMiddleware((context, next) => {
  const passedMode = (context.locals as { mode?: unknown }).mode;
  context.locals.mode = MODES.includes(passedMode as Mode) ? (passedMode as Mode) : serverMode();
  if (context.isPrerendered) {
    context.locals.lang = DEFAULT_LANG;
    return next();
  }
  const directSign = isDirectSignPath(context.url.pathname);
  const cookieLang = context.cookies.get(LANG_COOKIE)?.value ?? null;
  const signedIn = context.cookies.has(SESSION_COOKIE);
  const query = context.url.searchParams.get('lang');
  const lang = resolveLang({
    userLang: signedIn ? cookieLang : null,
    query,
    chosen: cookieLang,
    browser: context.request.headers.get('accept-language'),
    directSign,
  });
  if (!signedIn && toLang(query, { directSign }) && cookieLang !== lang) {
    context.cookies.set(LANG_COOKIE, lang, {
      path: '/',
      sameSite: 'strict',
      maxAge: LANG_COOKIE_MAX_AGE_S,
    });
  }
  context.locals.lang = lang;
  return next();
});
