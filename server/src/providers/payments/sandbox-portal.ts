import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type { Config } from '../../config.ts';
import { keyedMac, sameSecret } from '../../security/derived-keys.ts';

/** How long a customer portal address stays valid (Stripe's portal sessions are short-lived). */
export const PORTAL_SESSION_S = 3600;

/**
 * A session of the sandbox's customer portal for one business: an address that carries the
 * business and an expiry under a MAC of SIGNET_SECRET, so the provider needs no table for it and
 * nobody can make one for another business.
 */
export function sandboxPortalUrl(
  config: Pick<Config, 'publicUrl' | 'secret'>,
  businessId: string,
  now = new Date(),
): string {
  const expires = Math.floor(now.getTime() / 1000) + PORTAL_SESSION_S;
  const mac = keyedMac(config.secret, 'payment-portal', `${businessId}.${expires}`);
  return `${config.publicUrl}${PAYMENT_SANDBOX.path}${PAYMENT_SANDBOX.portalPath}/${businessId}.${expires}.${mac}`;
}

/** The business a portal session token is for, or null when it is forged or expired. */
export function sandboxPortalBusiness(
  config: Pick<Config, 'secret'>,
  token: string,
  now = new Date(),
): string | null {
  const [businessId, expires, mac, ...rest] = token.split('.');
  if (!businessId || !expires || !mac || rest.length > 0) return null;
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now.getTime()) return null;
  const expected = keyedMac(config.secret, 'payment-portal', `${businessId}.${expires}`);
  return sameSecret(mac, expected) ? businessId : null;
}
