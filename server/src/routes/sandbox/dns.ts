import { DOMAIN_TXT } from '@signet/shared/business/business.constants';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { sandboxDnsRecords } from '../../db/schema/sandbox-dns-records.ts';
import type { AppDeps, AppEnv } from '../../http/types.ts';
import { escapeHtml } from '../../mail/templates/index.ts';

const NAME = /^[a-z0-9_]([a-z0-9_-]{0,62}\.)+[a-z]{2,63}$/;

/**
 * The sandbox DNS zone (mounted at `/sandbox/dns` while DNS_VERIFIER=sandbox, never in
 * production): where a tester publishes the TXT record a domain's verification asks for, as
 * they would at their DNS host. `GET` lists the zone with a form; `POST` (form or JSON
 * `{ name, value }`) adds a record; `POST /delete` (form `id`) removes one.
 */
export function sandboxDnsRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/', async (c) => {
    const rows = await deps.db
      .select()
      .from(sandboxDnsRecords)
      .orderBy(desc(sandboxDnsRecords.createdAt))
      .limit(200);
    const list = rows
      .map(
        (
          row,
        ) => `<tr><td><code>${escapeHtml(row.name)}</code></td><td><code>${escapeHtml(row.value)}</code></td>
<td><form method="post" action="/sandbox/dns/delete"><input type="hidden" name="id" value="${row.id}"><button>Delete</button></form></td></tr>`,
      )
      .join('\n');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Sandbox DNS – Test System</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;max-width:60rem}label{display:block;margin:.5rem 0}
input{width:100%;box-sizing:border-box;padding:.4rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;word-break:break-all}
.test{border:2px solid #b86e00;padding:.5rem;margin-bottom:1rem}</style></head>
<body><p class="test">Test System — this zone answers the sandbox domain verifier only.</p>
<h1>Sandbox DNS zone</h1>
<form method="post" action="/sandbox/dns">
<label>Name <input name="name" placeholder="${DOMAIN_TXT.label}.example.ch" required></label>
<label>TXT value <input name="value" placeholder="${DOMAIN_TXT.valuePrefix}…" required></label>
<button>Publish TXT record</button></form>
<h2>Records</h2><table><thead><tr><th>Name</th><th>Value</th><th></th></tr></thead><tbody>${list}</tbody></table>
</body></html>`);
  });
  r.post('/', async (c) => {
    const json = (c.req.header('content-type') ?? '').includes('json');
    const input = json
      ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>)
      : Object.fromEntries(await c.req.formData().catch(() => new FormData()));
    const name = String(input.name ?? '')
      .trim()
      .toLowerCase()
      .replace(/\.$/, '');
    const value = String(input.value ?? '').trim();
    if (!NAME.test(name) || !value || value.length > 255) {
      return c.json(
        { code: 'VALIDATION_FAILED', message: 'name must be a DNS name, value 1–255 characters' },
        400,
      );
    }
    await deps.db.insert(sandboxDnsRecords).values({ name, value });
    return json ? c.json({ status: 'ok' }, 201) : c.redirect('/sandbox/dns', 303);
  });
  r.post('/delete', async (c) => {
    const id = String((await c.req.formData().catch(() => new FormData())).get('id') ?? '');
    if (/^[0-9a-f-]{36}$/i.test(id))
      await deps.db.delete(sandboxDnsRecords).where(eq(sandboxDnsRecords.id, id));
    return c.redirect('/sandbox/dns', 303);
  });
  return r;
}
