import { randomUUID } from 'node:crypto';
import {
  type SmsAccepted,
  type SmsDeliveryReport,
  type SmsMessage,
  type SmsProvider,
  SmsRejectedError,
} from './sms-provider.ts';

/**
 * Test numbers of the sandbox (like a gateway's documented test ranges): a number ending in
 * `0000` is unreachable (refused for good), one ending in `0999` hits a gateway outage (the send
 * fails and is retried). Every other valid number is delivered.
 */
export const SANDBOX_SMS_NUMBERS = { unreachableSuffix: '0000', outageSuffix: '0999' } as const;

const E164 = /^\+[1-9][0-9]{7,14}$/;
/** GSM messages are split beyond this; a TAN never comes close. */
const MAX_LENGTH = 459;

export type SandboxSmsOptions = {
  /** Accepting takes this long, like a gateway round trip (default 40 ms). */
  latencyMs?: number;
  /** The delivery report follows the acceptance after this long (default 300 ms). */
  deliveryDelayMs?: number;
  /** Where delivery reports go (the status webhook of a real gateway). */
  onReport?: (report: SmsDeliveryReport) => void | Promise<void>;
};

/**
 * The SMS sandbox: behaves like a gateway (validates the number and length, takes time to
 * accept, refuses unreachable numbers, fails during an outage, reports delivery later) but
 * delivers nowhere: the message stays in the job that sent it, which the development mailbox
 * lists beside the e-mails (`/dev/mailbox?to=+41…`).
 */
export function createSandboxSmsProvider(options: SandboxSmsOptions = {}): SmsProvider {
  const latency = options.latencyMs ?? 40;
  const deliveryDelay = options.deliveryDelayMs ?? 300;
  return {
    name: 'sandbox',
    async send(message: SmsMessage): Promise<SmsAccepted> {
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
      if (!E164.test(message.to)) {
        throw new SmsRejectedError('INVALID_NUMBER', `not an E.164 number: ${message.to}`);
      }
      if (message.text.length === 0 || message.text.length > MAX_LENGTH) {
        throw new SmsRejectedError('INVALID_TEXT', `text of ${message.text.length} characters`);
      }
      if (message.to.endsWith(SANDBOX_SMS_NUMBERS.outageSuffix)) {
        throw new Error('sandbox gateway unavailable (test number)');
      }
      const providerId = `sbx-${randomUUID()}`;
      const unreachable = message.to.endsWith(SANDBOX_SMS_NUMBERS.unreachableSuffix);
      if (unreachable) {
        throw new SmsRejectedError('UNREACHABLE', `number ${message.to} is unreachable`);
      }
      if (options.onReport) {
        const report = options.onReport;
        const timer = setTimeout(() => {
          // A report that cannot be stored (the server is stopping) is lost, as with a webhook.
          Promise.resolve(
            report({
              providerId,
              reference: message.reference,
              status: 'delivered',
              at: new Date(),
            }),
          ).catch(() => {});
        }, deliveryDelay);
        timer.unref?.();
      }
      return { providerId, status: 'accepted' };
    },
  };
}
