import { messages, translate } from '@signet/locales';
import { directIdentificationPath } from '@signet/shared/direct-sign/direct-sign.constants';
import { langFromCode } from '@signet/shared/i18n/lang.rules';
import { ZEidDataSchema } from '@signet/shared/identification/identification.schema';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { identifications } from '../../db/schema/identifications.ts';
import { signers } from '../../db/schema/signers.ts';
import { users } from '../../db/schema/users.ts';
import type { AppDeps, AppEnv } from '../../http/types.ts';
import { escapeHtml } from '../../mail/templates/index.ts';
import type { IdentUpdate } from '../../providers/identification/identification-provider.ts';
import { SANDBOX_DELAYS, scheduleSandboxWebhook } from '../../providers/identification/sandbox.ts';
import { directUserId } from '../../services/direct-sign/link.ts';

const REF = /^sbx_[A-Za-z0-9_-]{16}$/;
const REASONS = ['document', 'face', 'aborted'] as const;

const page = (lang: string, title: string, body: string, refresh: boolean) =>
  `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
${refresh ? '<meta http-equiv="refresh" content="1">' : ''}<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
.test{border:2px solid #e50040;color:#e50040;padding:.5rem .75rem;border-radius:6px;font-weight:600}
label{display:block;margin:.6rem 0 .2rem}input,select{width:100%;box-sizing:border-box;padding:.45rem;font:inherit}
button{margin:.9rem .5rem 0 0;padding:.6rem 1rem;font:inherit;border-radius:6px;border:1px solid #006fe6;background:#006fe6;color:#fff}
button.fail{background:#fff;color:#e50040;border-color:#e50040}</style></head><body>${body}</body></html>`;

/**
 * The identification sandbox's own page (mounted at `/sandbox/identification` outside
 * production): what a person would see at the provider. `GET /{ref}` shows the booking in its
 * state; `POST /{ref}/start` has the agent join (a webhook "inprogress" after a short wait);
 * `POST /{ref}/result` passes (with the data the agent confirmed) or fails it (a webhook after
 * the review). While a webhook is on its way the page refreshes itself.
 */
export function identSandboxRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const load = async (ref: string) => {
    if (!REF.test(ref)) return null;
    const [row] = await deps.db
      .select({
        ident: identifications,
        lang: sql<string>`coalesce(${users.lang}, ${signers.lang}, 'en')`,
        first: sql<string>`coalesce(${users.firstName}, ${signers.firstName}, '')`,
        last: sql<string>`coalesce(${users.lastName}, ${signers.lastName}, '')`,
        signer: { id: signers.id, requestId: signers.requestId, nonce: signers.directNonce },
      })
      .from(identifications)
      .leftJoin(users, eq(users.id, identifications.userId))
      .leftJoin(signers, eq(signers.id, identifications.signerId))
      .where(eq(identifications.providerRef, ref))
      .limit(1);
    return row ?? null;
  };
  const texts = (lang: string) => {
    const l = langFromCode(lang) ?? 'en-gb';
    return (key: string, vars?: Record<string, string>) =>
      escapeHtml(translate(messages, l, 'trust', `identSandbox.${key}`, vars));
  };

  r.get('/:ref', async (c) => {
    const found = await load(c.req.param('ref') ?? '');
    const t = texts(found?.lang ?? 'en');
    const lang = found?.lang ?? 'en';
    if (!found)
      return c.html(page(lang, t('title'), `<main><h1>${t('gone')}</h1></main>`, false), 404);
    const { ident } = found;
    const waiting = c.req.query('waiting') === ident.status;
    const head = `<main><p class="test" role="note">${t('testSystem')}</p><h1>${t('title')}</h1>
<p>${t('provider', { provider: ident.provider, method: ident.method })}</p>`;
    // Back where the person came from: the profile, or a direct signer's identification page.
    const { signer } = found;
    const backTo =
      signer?.id && signer.nonce
        ? directIdentificationPath(
            signer.requestId,
            directUserId(deps.config.secret, signer.requestId, {
              id: signer.id,
              directNonce: signer.nonce,
            }),
          )
        : '/profile/signature-standards';
    const back = `<p><a href="${escapeHtml(backTo)}">${t('back')}</a></p>`;
    let body: string;
    if (waiting) {
      body = `<p role="status">${t('waiting')}</p>`;
    } else if (ident.status === 'initialized') {
      body = `<p>${t('initialized')}</p><form method="post" action="${escapeHtml(ident.providerRef)}/start"><button type="submit">${t('start')}</button></form>`;
    } else if (ident.status === 'inprogress') {
      const e = ident.eidData;
      const field = (name: string, label: string, value: string, type = 'text') =>
        `<label for="${name}">${t(label)}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" required>`;
      body = `<p>${t('inprogress')}</p><form method="post" action="${escapeHtml(ident.providerRef)}/result">
${field('givenName', 'givenName', e?.givenName ?? found.first)}
${field('surname', 'surname', e?.surname ?? found.last)}
${field('birthDate', 'birthDate', e?.birthDate ?? '1990-01-01', 'date')}
${field('nationality', 'nationality', e?.nationality ?? 'CH')}
<button type="submit" name="decision" value="pass">${t('pass')}</button>
<label for="reason">${t('reason')}</label><select id="reason" name="reason">${REASONS.map((k) => `<option value="${k}">${t(`reason.${k}`)}</option>`).join('')}</select>
<button type="submit" class="fail" name="decision" value="fail">${t('fail')}</button></form>`;
    } else if (ident.status === 'success') {
      body = `<p role="status">${t('success')}</p>${back}`;
    } else if (ident.status === 'failure') {
      const reason = REASONS.find((k) => k === ident.failureReason) ?? 'aborted';
      body = `<p role="status">${t('failure', { reason: t(`reason.${reason}`) })}</p>${back}`;
    } else {
      body = `<p role="status">${t('cancelled')}</p>${back}`;
    }
    return c.html(page(lang, t('title'), `${head}${body}</main>`, waiting));
  });

  r.post('/:ref/start', async (c) => {
    const found = await load(c.req.param('ref') ?? '');
    if (!found) return c.notFound();
    if (found.ident.status === 'initialized') {
      await scheduleSandboxWebhook(
        deps.db,
        { providerRef: found.ident.providerRef, status: 'inprogress' },
        SANDBOX_DELAYS.agentJoinsMs,
      );
    }
    return c.redirect(`../${found.ident.providerRef}?waiting=${found.ident.status}`, 303);
  });

  r.post('/:ref/result', async (c) => {
    const found = await load(c.req.param('ref') ?? '');
    if (!found) return c.notFound();
    const form = await c.req.parseBody();
    const ref = found.ident.providerRef;
    let update: IdentUpdate | null = null;
    if (form.decision === 'pass') {
      const data = ZEidDataSchema.safeParse({
        givenName: form.givenName,
        surname: form.surname,
        birthDate: form.birthDate,
        nationality: form.nationality,
      });
      update = data.success
        ? { providerRef: ref, status: 'success', verified: data.data }
        : { providerRef: ref, status: 'failure', reason: 'document' };
    } else if (form.decision === 'fail') {
      const reason = REASONS.find((k) => k === form.reason) ?? 'aborted';
      update = { providerRef: ref, status: 'failure', reason };
    }
    if (update && found.ident.status === 'inprogress') {
      await scheduleSandboxWebhook(deps.db, update, SANDBOX_DELAYS.reviewMs);
    }
    return c.redirect(`../${ref}?waiting=${found.ident.status}`, 303);
  });
  return r;
}
