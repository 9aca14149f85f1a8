import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/types.ts';
import { escapeHtml, loadLocaleStrings, normalizeLang } from '../../mail/templates/index.ts';
import {
  MAB_SANDBOX_DECISIONS,
  type MabSandbox,
  type MabSandboxDecision,
} from '../../providers/mab/sandbox.ts';

/** The sandbox app page's texts (`mabSandbox.*` of the `direct` namespace), escaped. */
function texts(lang: string) {
  const l = normalizeLang(lang);
  const own = loadLocaleStrings(l, 'direct');
  const en = loadLocaleStrings('en-gb', 'direct');
  return (key: string, vars: Record<string, string> = {}) =>
    escapeHtml(
      (own[`mabSandbox.${key}`] ?? en[`mabSandbox.${key}`] ?? key).replace(
        /\{(\w+)\}/g,
        (m, name: string) => vars[name] ?? m,
      ),
    );
}

const page = (lang: string, title: string, body: string) =>
  `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title></head><body>${body}</body></html>`;

/**
 * The sandbox signing app (mounted at `/sandbox/mab` while MAB_PROVIDER=sandbox): what a
 * person would see in the provider's app. `GET /authorize?request_uri=` shows who signs what
 * with "Test System" on it; `POST /authorize` takes their decision (approve, decline, or a
 * simulated failure) and sends the browser back to our redirect page.
 */
export function mabSandboxRoutes(_deps: AppDeps, sandbox: MabSandbox): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/authorize', async (c) => {
    const requestUri = c.req.query('request_uri') ?? '';
    const pending = requestUri ? await sandbox.pending(requestUri) : null;
    const lang = pending?.language ?? 'en';
    const t = texts(lang);
    if (!pending) {
      return c.html(page(lang, t('title'), `<main><h1>${t('gone')}</h1></main>`), 404);
    }
    const buttons = MAB_SANDBOX_DECISIONS.map(
      (d) => `<button type="submit" name="decision" value="${d}">${t(`decision.${d}`)}</button>`,
    ).join(' ');
    return c.html(
      page(
        lang,
        t('title'),
        `<main><p><strong>${t('testSystem')}</strong></p><h1>${t('title')}</h1>
<p>${t('question', { name: pending.signerName })}</p><blockquote>${escapeHtml(pending.bindingMessage)}</blockquote>
<form method="post" action="authorize"><input type="hidden" name="request_uri" value="${escapeHtml(requestUri)}">
${buttons}</form></main>`,
      ),
    );
  });
  r.post('/authorize', async (c) => {
    const form = await c.req.parseBody();
    const requestUri = typeof form.request_uri === 'string' ? form.request_uri : '';
    const decision = form.decision;
    if (!MAB_SANDBOX_DECISIONS.includes(decision as MabSandboxDecision)) {
      return c.json({ code: 'VALIDATION_FAILED', message: 'decision is unknown' }, 400);
    }
    const next = await sandbox.decide(requestUri, decision as MabSandboxDecision);
    if (!next) {
      const t = texts('en');
      return c.html(page('en', t('title'), `<main><h1>${t('gone')}</h1></main>`), 404);
    }
    return c.redirect(next, 303);
  });
  return r;
}
