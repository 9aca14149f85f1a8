import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type { Config } from '../../config.ts';
import { keyedMac, sameSecret } from '../../security/derived-keys.ts';
import type { TSubscriptionOwner } from './provider.ts';

/** How long a customer portal address stays valid (Stripe's portal sessions are short-lived). */
export const PORTAL_SESSION_S = 3600;

/** A user's customer is named by this prefix before the user id (a business's by its id alone). */
const USER_PREFIX = 'user-';

const subjectOf = (owner: TSubscriptionOwner) =>
  'businessId' in owner ? owner.businessId : `${USER_PREFIX}${owner.userId}`;

/**
 * A session of the sandbox's customer portal for one customer (a business, or a user billed for
 * the individual plan): an address that carries the customer and an expiry under a MAC of
 * SIGNET_SECRET, so the provider needs no table for it and nobody can make one for another.
 */
export function sandboxPortalUrl(
  config: Pick<Config, 'publicUrl' | 'secret'>,
  owner: TSubscriptionOwner,
  now = new Date(),
): string {
  const subject = subjectOf(owner);
  const expires = Math.floor(now.getTime() / 1000) + PORTAL_SESSION_S;
  const mac = keyedMac(config.secret, 'payment-portal', `${subject}.${expires}`);
  return `${config.publicUrl}${PAYMENT_SANDBOX.path}${PAYMENT_SANDBOX.portalPath}/${subject}.${expires}.${mac}`;
}

/** The customer a portal session token is for, or null when it is forged or expired. */
export function sandboxPortalOwner(
  config: Pick<Config, 'secret'>,
  token: string,
  now = new Date(),
): TSubscriptionOwner | null {
  const [subject, expires, mac, ...rest] = token.split('.');
  if (!subject || !expires || !mac || rest.length > 0) return null;
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now.getTime()) return null;
  const expected = keyedMac(config.secret, 'payment-portal', `${subject}.${expires}`);
  if (!sameSecret(mac, expected)) return null;
  return subject.startsWith(USER_PREFIX)
    ? { userId: subject.slice(USER_PREFIX.length) }
    : { businessId: subject };
}
