import { BILLING_PLAN_PAGE, PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import { SETUP_INTENT_PARAM } from '@signet/shared/plan/plan.constants';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { businesses } from '../../db/schema/businesses.ts';
import { users } from '../../db/schema/users.ts';
import { fileResponse } from '../../http/file-response.ts';
import type { AppDeps, AppEnv } from '../../http/types.ts';
import { escapeHtml } from '../../mail/templates/index.ts';
import { formatMinor } from '../../pdf/invoice/invoice-pdf.ts';
import {
  confirmSandboxCard,
  sandboxCardKind,
  sandboxSetupIntent,
  submitSandboxCard,
} from '../../providers/payments/sandbox.ts';
import { type TCardUpdate, updateSandboxCard } from '../../providers/payments/sandbox-dunning.ts';
import { sandboxPortalOwner } from '../../providers/payments/sandbox-portal.ts';
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
.error{color:#b00020}.ok{color:#1b5e20}code.card{white-space:nowrap;word-break:normal}code{word-break:break-all}</style></head>
<body><p class="test">Test System — a sandbox payment provider: no card is charged, no card data reaches Signet.</p>
<h1>${escapeHtml(title)}</h1>${body}</body></html>`;

/**
 * The sandbox payment provider's hosted card page (mounted at PAYMENT_SANDBOX.path while
 * PAYMENT_PROVIDER=sandbox, never in production), standing in for Stripe's: the cardholder enters
 * a test card; 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000
 * 3184 asks for a confirmation first, 4000 0000 0000 0341 is saved but its renewals fail. Success
 * returns to the console; every outcome is a webhook.
 */
export function paymentSandboxRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const form = (id: string, error?: string) =>
    `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${PAYMENT_SANDBOX.path}/setup/${escapeHtml(id)}">
<label>Card number <input name="number" inputmode="numeric" autocomplete="off" required></label>
<button>Save card</button></form>
<p>Test cards: <code>${PAYMENT_SANDBOX.cards.succeeds}</code> succeeds, <code>${PAYMENT_SANDBOX.cards.declined}</code> is declined, <code>${PAYMENT_SANDBOX.cards.confirm}</code> asks for a confirmation, <code>${PAYMENT_SANDBOX.cards.chargesFail}</code> is saved but its later charges (the renewals) fail.</p>`;
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

  // The customer portal (Stripe's billing portal stand-in): the customer's card — replaced here;
  // a new card pays an open invoice at once — and its invoices. The customer is a business, or a
  // user billed for the individual plan.
  const portalCustomer = async (token: string) => {
    const owner = sandboxPortalOwner(deps.config, token);
    if (!owner) return undefined;
    if ('businessId' in owner) {
      const [business] = await deps.db
        .select()
        .from(businesses)
        .where(eq(businesses.id, owner.businessId));
      return business
        ? { owner, billTo: business, back: siteLink(deps.config, BILLING_PLAN_PAGE) }
        : undefined;
    }
    const [user] = await deps.db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, owner.userId));
    return user
      ? {
          owner,
          billTo: {
            name: `${user.firstName} ${user.lastName}`.trim() || user.email,
            billingAddress: null,
          },
          back: siteLink(deps.config, '/upgrade'),
        }
      : undefined;
  };
  const portal = PAYMENT_SANDBOX.portalPath;
  const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
  const expired = () => page('Billing', '<p>This portal link has expired or does not exist.</p>');
  const cardMessages: Record<TCardUpdate | 'declined' | 'invalid' | 'confirm', string> = {
    saved: 'Your new card is saved.',
    paid: 'Your new card is saved and the open invoice is paid.',
    failed: 'Your new card is saved, but the open invoice could not be charged to it.',
    no_subscription: 'There is no subscription to pay with a card.',
    declined: 'Your card was declined.',
    invalid: 'That is not a card number.',
    confirm: 'This card asks for a confirmation the portal cannot give; use another card.',
  };
  const portalPage = async (
    c: Context<AppEnv>,
    token: string,
    message?: { text: string; error: boolean },
    status: 200 | 402 | 409 = 200,
  ) => {
    const customer = await portalCustomer(token);
    if (!customer) return c.html(expired(), 404);
    const { items, paymentMethod } = await invoicesOf(deps.db, customer.owner);
    const base = `${PAYMENT_SANDBOX.path}${portal}/${escapeHtml(token)}`;
    const rows = items
      .map(
        (i) =>
          `<tr><td>${escapeHtml(i.number)}</td><td>${i.createdAt.slice(0, 10)}</td><td>${escapeHtml(formatMinor(i.total, i.currency))}</td><td>${escapeHtml(i.status)}</td><td><a href="${base}/invoices/${escapeHtml(i.id)}">PDF</a></td></tr>`,
      )
      .join('');
    const card = paymentMethod
      ? `<p>Card ending in ${escapeHtml(paymentMethod.last4)}</p>`
      : '<p>No card saved.</p>';
    const note = message
      ? `<p class="${message.error ? 'error' : 'ok'}" role="${message.error ? 'alert' : 'status'}">${escapeHtml(message.text)}</p>`
      : '';
    const cardForm = paymentMethod
      ? `<form method="post" action="${base}${PAYMENT_SANDBOX.portalCardPath}">
<label>New card number <input name="number" inputmode="numeric" autocomplete="off" required></label>
<button>Update card</button></form>
<p>Test cards (written in groups, as on a card): <code class="card">${grouped(PAYMENT_SANDBOX.cards.succeeds)}</code> pays, <code class="card">${grouped(PAYMENT_SANDBOX.cards.chargesFail)}</code> is saved but its charges fail.</p>`
      : '';
    const table = items.length
      ? `<table><thead><tr><th>Invoice</th><th>Date</th><th>Total</th><th>Status</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No invoices yet.</p>';
    return c.html(
      page(
        `Billing – ${customer.billTo.name}`,
        `${note}<h2>Payment method</h2>${card}${cardForm}<h2>Invoices</h2>${table}
<p><a href="${escapeHtml(customer.back)}">Back to Signet</a></p>`,
      ),
      status,
    );
  };
  r.get(`${portal}/:token`, (c) => portalPage(c, c.req.param('token')));
  r.post(`${portal}/:token${PAYMENT_SANDBOX.portalCardPath}`, async (c) => {
    const token = c.req.param('token');
    const customer = await portalCustomer(token);
    if (!customer) return c.html(expired(), 404);
    const number = String((await c.req.formData().catch(() => new FormData())).get('number') ?? '');
    const kind = sandboxCardKind(number);
    if (kind !== 'succeeds' && kind !== 'chargesFail') {
      const text = cardMessages[kind];
      return portalPage(c, token, { text, error: true }, 402);
    }
    const outcome = await updateSandboxCard(
      deps.db,
      customer.owner,
      number.replace(/\D/g, '').slice(-4),
    );
    // As Stripe answers: a card error is 402, no subscription to pay is a conflict.
    const status = outcome === 'failed' ? 402 : outcome === 'no_subscription' ? 409 : 200;
    return portalPage(c, token, { text: cardMessages[outcome], error: status !== 200 }, status);
  });
  r.get(`${portal}/:token/invoices/:invoice`, async (c) => {
    const customer = await portalCustomer(c.req.param('token'));
    if (!customer) return c.html(page('Billing', '<p>This portal link has expired.</p>'), 404);
    const invoiceId = c.req.param('invoice');
    if (!/^in_[0-9a-f]{24}$/.test(invoiceId))
      return c.html(page('Billing', '<p>No such invoice.</p>'), 404);
    try {
      const { bytes, fileName } = await invoicePdfOf(
        deps.db,
        customer.owner,
        customer.billTo,
        invoiceId,
      );
      return fileResponse(bytes, 'application/pdf', fileName);
    } catch {
      return c.html(page('Billing', '<p>No such invoice.</p>'), 404);
    }
  });
  return r;
}
