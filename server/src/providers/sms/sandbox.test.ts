import { describe, expect, it } from 'vitest';
import { createSandboxSmsProvider } from './sandbox.ts';
import type { SmsDeliveryReport } from './sms-provider.ts';
import { SmsRejectedError } from './sms-provider.ts';

describe('SMS sandbox', () => {
  it('accepts a valid number after a delay and reports delivery later, like a gateway', async () => {
    const reports: SmsDeliveryReport[] = [];
    const sms = createSandboxSmsProvider({
      latencyMs: 20,
      deliveryDelayMs: 30,
      onReport: (r) => {
        reports.push(r);
      },
    });
    const started = performance.now();
    const accepted = await sms.send({ to: '+41791234567', text: '123456', reference: 'job-1' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    expect(accepted.status).toBe('accepted');
    expect(reports).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(reports).toEqual([
      expect.objectContaining({
        providerId: accepted.providerId,
        reference: 'job-1',
        status: 'delivered',
      }),
    ]);
  });

  it('refuses invalid and unreachable numbers for good, and fails (retryably) in an outage', async () => {
    const sms = createSandboxSmsProvider({ latencyMs: 0 });
    await expect(sms.send({ to: '0791234567', text: 'x', reference: 'r' })).rejects.toBeInstanceOf(
      SmsRejectedError,
    );
    await expect(sms.send({ to: '+41795550000', text: 'x', reference: 'r' })).rejects.toThrow(
      /unreachable/,
    );
    const outage = sms.send({ to: '+41795550999', text: 'x', reference: 'r' });
    await expect(outage).rejects.toThrow(/unavailable/);
    await expect(outage).rejects.not.toBeInstanceOf(SmsRejectedError);
    await expect(sms.send({ to: '+41791234567', text: '', reference: 'r' })).rejects.toBeInstanceOf(
      SmsRejectedError,
    );
  });
});
