import { ApiError } from '@signet/shared/api/browser';
import { DIRECT_SIGN_ERRORS, TAN } from '@signet/shared/direct-sign/direct-sign.constants';
import type { TLangCode } from '@signet/shared/i18n/lang.rules';
import type { TDirectApi } from '../islands/direct/api.ts';
import { errorMessage } from '../lib/errors.ts';
import type { TFunction } from '../lib/i18n.ts';

/**
 * What the direct-sign overlay, the TAN entry dialog and the TAN overlays share: who signs what,
 * the name and reason typed, where the code went, and what to do once signed.
 */
export type TDirectSignFlow = {
  t: TFunction;
  api: TDirectApi;
  title: string;
  language: TLangCode;
  /** Masked mobile number, when the sender gave one (then the code goes by SMS by default). */
  mobile: string | null;
  /** Masked e-mail address. */
  email: string;
  /** The signer's signature id (for the mobile app). */
  sid: string;
  /** The exit-url query of the page (handed to the mobile app and back). */
  exitQuery: string;
  mobileApp: boolean;
  values: { name: string; reason: string; channel: 'sms' | 'mail' };
  /** Masked destination of the last code. */
  sentTo: string | null;
  onSigned: () => void;
};

/** Minutes until a lock ends (from the 429's details.retryAfter in seconds, else the rule). */
export function lockMinutes(error: ApiError): number {
  const seconds = (error.details as { retryAfter?: number } | undefined)?.retryAfter;
  return Math.max(1, Math.ceil((seconds ?? TAN.lockMs / 1000) / 60));
}

export const isTanCode = (code: string, which: keyof typeof DIRECT_SIGN_ERRORS) =>
  code === DIRECT_SIGN_ERRORS[which];

/**
 * Sends a new code the way the flow says (SMS or e-mail) and opens the TAN entry dialog for it;
 * a lock opens the TAN locked overlay. Other failures are thrown with their text.
 */
export async function sendCodeAndAsk(
  flow: TDirectSignFlow,
  ask: (flow: TDirectSignFlow) => void,
  locked: (flow: TDirectSignFlow, minutes: number) => void,
): Promise<void> {
  try {
    const sent = await flow.api.resendTan({
      channel: flow.values.channel,
      url: window.location.href,
      companyBranding: true,
    });
    ask({ ...flow, sentTo: sent.sentTo });
  } catch (error) {
    const failure = ApiError.of(error);
    if (isTanCode(failure.code, 'tanLocked')) {
      locked(flow, lockMinutes(failure));
      return;
    }
    throw new Error(errorMessage(flow.t, failure));
  }
}
