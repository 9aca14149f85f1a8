import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import { SETUP_INTENT_PARAM } from '@signet/shared/plan/plan.constants';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { businesses } from '../../db/schema/businesses.ts';
import { fileResponse } from '../../http/file-response.ts';
import type { AppDeps, AppEnv } from '../../http/types.ts';
import { escapeHtml } from '../../mail/templates/index.ts';
import { formatMinor } from '../../pdf/invoice/invoice-pdf.ts';
import {
  confirmSandboxCard,
  sandboxSetupIntent,
  submitSandboxCard,
} from '../../providers/payments/sandbox.ts';
import { sandboxPortalBusiness } from '../../providers/payments/sandbox-portal.ts';
import { siteLink } from '../../services/auth/links.ts';
import { invoicePdfOf, invoicesOf } from '../../services/billing/invoices.ts';

const page = (
  title: string,
  body: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Test System</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:30rem;padding:0 1rem}
label{display:block;margin:.5rem 0}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{padding:.5rem 1rem;font-size:1rem;margin-top:.5rem}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.25rem .5rem .25rem 0;vertical-align:top}.test{border:2px solid #b86e00;padding:.5rem}
.error{color:#b00020}code{word-break:break-all}</style></head>
<body><p class="test">Test System — a sandbox payment provider: no card is charged, no card data reaches Signet.</p>
<h1>${escapeHtml(title)}</h1>${body}</body></html>`;

/**
 * The sandbox payment provider's hosted card page (mounted at PAYMENT_SANDBOX.path while
 * PAYMENT_PROVIDER=sandbox, never in production), standing in for Stripe's: the cardholder enters
 * a test card; 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000
 * 3184 asks for a confirmation first. Success returns to the console; every outcome is a webhook.
 */
export function paymentSandboxRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const form = (id: string, error?: string) =>
    `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${PAYMENT_SANDBOX.path}/setup/${escapeHtml(id)}">
<label>Card number <input name="number" inputmode="numeric" autocomplete="off" required></label>
<button>Save card</button></form>
<p>Test cards: <code>${PAYMENT_SANDBOX.cards.succeeds}</code> succeeds, <code>${PAYMENT_SANDBOX.cards.declined}</code> is declined, <code>${PAYMENT_SANDBOX.cards.confirm}</code> asks for a confirmation.</p>`;
  // Like Stripe's return_url: the intent's id comes back, so the page can confirm it.
  const returnTo = (intent: { id: string; returnUrl: string }) =>
    `${intent.returnUrl}?setup=succeeded&${SETUP_INTENT_PARAM}=${encodeURIComponent(intent.id)}`;
  const gone = () => page('Card', '<p>This card page has expired or does not exist.</p>');

  r.get('/setup/:id', async (c) => {
    const intent = await sandboxSetupIntent(deps.db, c.req.param('id'));
    if (!intent || intent.status === 'succeeded') return c.html(gone(), 404);
    const { plan: name = '', seats, cycle = '' } = intent.metadata;
    const plan = seats ? `${name}, ${seats} seat(s), ${cycle}` : `${name}, ${cycle}`;
    return c.html(page('Add a card', `<p>For ${escapeHtml(plan)}.</p>${form(intent.id)}`));
  });
  r.post('/setup/:id', async (c) => {
    const id = c.req.param('id');
    const number = String((await c.req.formData().catch(() => new FormData())).get('number') ?? '');
    const outcome = await submitSandboxCard(deps.db, id, number);
    const intent = await sandboxSetupIntent(deps.db, id);
    if (outcome === 'not_found' || !intent) return c.html(gone(), 404);
    if (outcome === 'succeeded') return c.redirect(returnTo(intent), 303);
    if (outcome === 'requires_action') {
      return c.html(
        page(
          'Confirm this card',
          `<p>Your bank asks you to confirm the card ending in ${escapeHtml(intent.cardLast4 ?? '')}.</p>
<form method="post" action="${PAYMENT_SANDBOX.path}/setup/${escapeHtml(id)}/confirm"><button>Confirm</button></form>`,
        ),
      );
    }
    const error = outcome === 'declined' ? 'Your card was declined.' : 'That is not a card number.';
    return c.html(page('Add a card', form(id, error)), 402);
  });
  r.post('/setup/:id/confirm', async (c) => {
    const id = c.req.param('id');
    const outcome = await confirmSandboxCard(deps.db, id);
    const intent = await sandboxSetupIntent(deps.db, id);
    if (outcome !== 'succeeded' || !intent) return c.html(gone(), 404);
    return c.redirect(returnTo(intent), 303);
  });

  // The customer portal (Stripe's billing portal stand-in): the business's invoices and its card.
  const portalBusiness = async (token: string) => {
    const id = sandboxPortalBusiness(deps.config, token);
    if (!id) return undefined;
    const [business] = await deps.db.select().from(businesses).where(eq(businesses.id, id));
    return business;
  };
  const portal = PAYMENT_SANDBOX.portalPath;
  r.get(`${portal}/:token`, async (c) => {
    const token = c.req.param('token');
    const business = await portalBusiness(token);
    if (!business) {
      return c.html(page('Billing', '<p>This portal link has expired or does not exist.</p>'), 404);
    }
    const { items, paymentMethod } = await invoicesOf(deps.db, business.id);
    const base = `${PAYMENT_SANDBOX.path}${portal}/${escapeHtml(token)}`;
    const rows = items
      .map(
        (i) =>
          `<tr><td>${escapeHtml(i.number)}</td><td>${i.createdAt.slice(0, 10)}</td><td>${escapeHtml(formatMinor(i.total, i.currency))}</td><td><a href="${base}/invoices/${escapeHtml(i.id)}">PDF</a></td></tr>`,
      )
      .join('');
    const card = paymentMethod
      ? `<p>Card ending in ${escapeHtml(paymentMethod.last4)}</p>`
      : '<p>No card saved.</p>';
    const table = items.length
      ? `<table><thead><tr><th>Invoice</th><th>Date</th><th>Total</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No invoices yet.</p>';
    return c.html(
      page(
        `Billing – ${business.name}`,
        `<h2>Payment method</h2>${card}<h2>Invoices</h2>${table}
<p><a href="${escapeHtml(siteLink(deps.config, '/business/billing/plan'))}">Back to Signet</a></p>`,
      ),
    );
  });
  r.get(`${portal}/:token/invoices/:invoice`, async (c) => {
    const business = await portalBusiness(c.req.param('token'));
    if (!business) return c.html(page('Billing', '<p>This portal link has expired.</p>'), 404);
    const invoiceId = c.req.param('invoice');
    if (!/^in_[0-9a-f]{24}$/.test(invoiceId))
      return c.html(page('Billing', '<p>No such invoice.</p>'), 404);
    try {
      const { bytes, fileName } = await invoicePdfOf(deps.db, business, invoiceId);
      return fileResponse(bytes, 'application/pdf', fileName);
    } catch {
      return c.html(page('Billing', '<p>No such invoice.</p>'), 404);
    }
  });
  return r;
}
