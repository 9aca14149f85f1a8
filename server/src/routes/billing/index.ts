import { routes } from '@signet/shared';
import { fileResponse } from '../../http/file-response.ts';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { WEBHOOK_SIGNATURE_HEADER } from '../../providers/payments/signature.ts';
import { updateBusinessBilling } from '../../services/billing/billing-address.ts';
import {
  cancelSubscription,
  revokeSubscriptionCancel,
} from '../../services/billing/cancel-subscription.ts';
import { portalSession } from '../../services/billing/customer-portal.ts';
import { getInvoicePdf, listInvoices } from '../../services/billing/invoices.ts';
import { createSetupIntent, receivePaymentWebhook } from '../../services/billing/payments.ts';
import {
  directUpgradePreview,
  seatsPreview,
  upgradePreview,
} from '../../services/billing/previews.ts';
import { listPricePlans } from '../../services/billing/price-plans.ts';
import { validatePromo } from '../../services/billing/promo-codes.ts';
import { getReferralCode, userCello } from '../../services/billing/referrals.ts';
import {
  cancelTrial,
  getSubscriptionUsage,
  updateSeats,
} from '../../services/billing/subscription.ts';
import { upgradeSubscription } from '../../services/billing/upgrade-subscription.ts';

/** Plans, trials, seats and payments (the provider's card page is a sandbox route). */
export const billingRoutes: RouteModule = (api, deps) => {
  const r = <R extends Parameters<typeof registerRoute>[2]>(
    route: R,
    handler: Parameters<typeof registerRoute<R>>[3],
  ) => registerRoute(api, deps, route, handler);

  r(routes.listPricePlans, ({ ctx }) => listPricePlans(ctx));
  r(routes.getSubscriptionUsage, ({ ctx, params }) => getSubscriptionUsage(ctx, params.id));
  r(routes.updateSubscriptionSeats, ({ ctx, params, body }) => updateSeats(ctx, params.id, body));
  r(routes.cancelTrial, ({ ctx, params }) => cancelTrial(ctx, params.id));
  r(routes.createSetupIntent, ({ ctx, params, body }) => createSetupIntent(ctx, params.id, body));
  r(routes.paymentWebhook, async ({ c }) =>
    receivePaymentWebhook(deps, await c.req.text(), c.req.header(WEBHOOK_SIGNATURE_HEADER)),
  );
  r(routes.upgradePreview, ({ ctx, params, body }) => upgradePreview(ctx, params.id, body));
  r(routes.upgradeSubscription, ({ ctx, params, body }) =>
    upgradeSubscription(ctx, params.id, body),
  );
  r(routes.directUpgradePreview, ({ ctx, body }) => directUpgradePreview(ctx, body));
  r(routes.seatsPreview, ({ ctx, params, body }) => seatsPreview(ctx, params.id, body));
  r(routes.validatePromo, ({ ctx, params, body }) => validatePromo(ctx, params.id, body));
  r(routes.referralCode, ({ ctx, params }) => getReferralCode(ctx, params.id));
  r(routes.userCello, ({ ctx }) => userCello(ctx));
  r(routes.cancelSubscription, ({ ctx, params }) => cancelSubscription(ctx, params.id));
  r(routes.revokeSubscriptionCancel, ({ ctx, params }) => revokeSubscriptionCancel(ctx, params.id));
  r(routes.listInvoices, ({ ctx, params }) => listInvoices(ctx, params.id));
  r(routes.getInvoicePdf, async ({ ctx, params }) => {
    const { bytes, fileName } = await getInvoicePdf(ctx, params.id, params.invoiceId);
    return fileResponse(bytes, 'application/pdf', fileName);
  });
  r(routes.stripePortalSession, ({ ctx, params }) => portalSession(ctx, params.id));
  r(routes.chargebeePortalSession, ({ ctx, params }) => portalSession(ctx, params.id));
  r(routes.updateBusinessBilling, ({ ctx, params, body }) =>
    updateBusinessBilling(ctx, params.id, body),
  );
};
