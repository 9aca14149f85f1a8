import { Hono } from 'hono';
import type { Config } from '../../config.ts';
import type { AppDeps, AppEnv } from '../../http/types.ts';
import { assertNoControlCharacters } from '../../http/validation.ts';
import { listMailbox, type MailboxEntry } from '../../mail/mailbox.ts';
import { escapeHtml } from '../../mail/templates/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Links in a mail's text part (what e2e tests follow). */
export function mailLinks(entry: Pick<MailboxEntry, 'text'>): string[] {
  return [...new Set(entry.text?.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

/**
 * Whether the development mailbox exists: only where mail goes nowhere else (no SMTP_URL) and
 * outside production. Even then it answers loopback clients only (see app.ts).
 */
export function mailboxEnabled(config: Pick<Config, 'mode' | 'smtpUrl'>): boolean {
  return config.mode !== 'production' && !config.smtpUrl;
}

/**
 * The development mailbox (mounted at /dev when {@link mailboxEnabled}, loopback clients only):
 * `GET /dev/mailbox` HTML list, `GET /dev/mailbox/{id}` one mail as sent,
 * `GET /dev/mailbox.json?to=` JSON list (with the links of each mail).
 */
export function mailboxRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('*', async (c, next) => {
    assertNoControlCharacters(c.req.query(), 'query');
    await next();
  });
  r.get('/mailbox.json', async (c) => {
    const to = c.req.query('to');
    const entries = await listMailbox(deps.db, to ? { to } : {});
    return c.json(entries.map((e) => ({ ...e, links: mailLinks(e) })));
  });
  r.get('/mailbox', async (c) => {
    const to = c.req.query('to');
    const entries = await listMailbox(deps.db, to ? { to } : {});
    const rows = entries
      .map(
        (e) => `<tr><td>${escapeHtml(e.createdAt)}</td><td>${escapeHtml(e.to)}</td>
<td><a href="/dev/mailbox/${e.id}">${escapeHtml(e.subject ?? `(${e.template}, not rendered yet)`)}</a>${e.attachments.map((a) => `<br>📎 ${escapeHtml(a.filename)} (${a.size} bytes)`).join('')}</td>
<td>${escapeHtml(e.lang)}</td><td>${escapeHtml(e.status)}${e.lastError ? ` – ${escapeHtml(e.lastError)}` : ''}</td></tr>`,
      )
      .join('\n');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mailbox – Signet</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem 1rem;max-width:75rem}.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;overflow-wrap:anywhere}</style></head>
<body><h1>Development mailbox</h1>
<p>Every mail this server sends is kept here because no SMTP server is configured (<code>SMTP_URL</code>) and the server does not run in production mode. It contains sign-in and password-reset links, so it answers only to requests from this machine (loopback); everyone else gets 404.</p>
<form><label>Recipient <input name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>
<p>${entries.length} mail(s). JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a></p>
<div class="scroll"><table><thead><tr><th>Created</th><th>To</th><th>Subject</th><th>Language</th><th>Status</th></tr></thead>
<tbody>${rows}</tbody></table></div></body></html>`);
  });
  r.get('/mailbox/:id', async (c) => {
    const id = c.req.param('id');
    const [entry] = UUID.test(id) ? await listMailbox(deps.db, { id }) : [];
    if (!entry) return c.json({ code: 'NOT_FOUND', message: 'No such mail' }, 404);
    if (!entry.html) {
      return c.html(
        `<!doctype html><p>Mail ${escapeHtml(entry.template)} to ${escapeHtml(entry.to)} is ${escapeHtml(entry.status)} and not rendered yet.</p>`,
      );
    }
    return c.html(entry.html);
  });
  return r;
}
