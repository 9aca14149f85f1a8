/**
 * Sending SMS (TAN codes of direct signers). A real gateway and the sandbox share this
 * interface; the job handler (services/direct-sign/sms-job.ts) talks to it.
 */

export type SmsMessage = {
  /** E.164 number (`+41791234567`). */
  to: string;
  text: string;
  /** Our reference (the job id), echoed in delivery reports. */
  reference: string;
};

/** A gateway's answer to a send: accepted for delivery, with the gateway's id. */
export type SmsAccepted = { providerId: string; status: 'accepted' };

/** A delivery report, as a gateway's status webhook would bring it. */
export type SmsDeliveryReport = {
  providerId: string;
  reference: string;
  status: 'delivered' | 'failed';
  error?: string;
  at: Date;
};

/** Thrown for a message the gateway refuses for good (an unreachable or invalid number). */
export class SmsRejectedError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'SmsRejectedError';
    this.code = code;
  }
}

export type SmsProvider = {
  /** `sandbox`, or the gateway's name. */
  name: string;
  /**
   * Hands a message to the gateway. Resolves when it is accepted; rejects with
   * {@link SmsRejectedError} for good, with any other error for a retry.
   */
  send: (message: SmsMessage) => Promise<SmsAccepted>;
};
