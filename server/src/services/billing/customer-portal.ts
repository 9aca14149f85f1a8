import { BILLING_ERRORS, BILLING_PLAN_PAGE } from '@signet/shared/billing/billing.constants';
import type { TPortalSession } from '@signet/shared/billing/billing.schema';
import { PLAN_ERRORS } from '@signet/shared/plan/plan.constants';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { paymentProviderOf, type TPortalRequest } from '../../providers/payments/provider.ts';
import { siteLink } from '../auth/links.ts';
import { readBusiness } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';

/**
 * A session of the configured provider's customer portal for `owner`, returning to `returnPath`
 * (a page of Signet): the sandbox's own portal page, or Stripe's billing portal for the customer
 * of the subscription Signet kept. 503 PAYMENTS_UNAVAILABLE without a provider; 409
 * PLAN_NOT_BILLED when the provider has no customer of the owner (with Stripe: no subscription
 * kept yet).
 */
export async function openCustomerPortal(
  config: Pick<Config, 'paymentProvider' | 'publicUrl' | 'secret' | 'stripe'>,
  request: Omit<TPortalRequest, 'returnUrl'> & { returnPath: string },
): Promise<TPortalSession> {
  const providerP = paymentProviderOf(config);
  if (!providerP) {
    throw new AppError(BILLING_ERRORS.noPayments, 503, 'No payment provider is configured');
  }
  const session = await (await providerP).portalSession({
    owner: request.owner,
    subscriptionId: request.subscriptionId,
    returnUrl: siteLink(config, request.returnPath),
  });
  if (!session) {
    throw new AppError(
      PLAN_ERRORS.notBilled,
      409,
      'No plan of yours is billed by the payment provider yet',
    );
  }
  return { redirectUrl: session.url };
}

/**
 * `GET …/stripe/cpsession` and `POST …/chargebee/portal_session` (admin): the provider's customer
 * portal for this business (invoices and the card), back to the console's plan page.
 */
export async function portalSession(
  ctx: Pick<ServiceContext, 'db' | 'principal' | 'config'>,
  businessId: string,
): Promise<TPortalSession> {
  if (ctx.config.paymentProvider === 'none') {
    throw new AppError(BILLING_ERRORS.noPayments, 503, 'No payment provider is configured');
  }
  const { business } = await readBusiness(ctx, businessId);
  return openCustomerPortal(ctx.config, {
    owner: { businessId: business.id },
    subscriptionId: business.providerSubscriptionId,
    returnPath: BILLING_PLAN_PAGE,
  });
}
