import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a payment webhook is signed in (Stripe's name and format: `t=…,v1=…`). */
export const WEBHOOK_SIGNATURE_HEADER = 'Stripe-Signature';

/** How old a signed webhook may be (seconds), as Stripe's libraries allow. */
export const WEBHOOK_TOLERANCE_S = 300;

const hmac = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** The signature header of `body` at `t` (Unix seconds). */
export function signWebhook(secret: string, body: string, t: number): string {
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * Whether `header` signs `body` with `secret` within the tolerance of `now` (Stripe's scheme:
 * HMAC-SHA256 over `t.body`, compared in constant time).
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  now = new Date(),
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_S) return false;
  return timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(hmac(secret, t, body), 'hex'));
}

/** The webhook secret of the sandbox provider: derived from SIGNET_SECRET, never stored. */
export function sandboxWebhookSecret(secret: string): string {
  return createHmac('sha256', secret).update('payments-sandbox-webhook').digest('hex');
}
