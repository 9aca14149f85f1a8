import { DIRECT_SIGN_ERRORS } from '@signet/shared/direct-sign/direct-sign.constants';
import { AppError } from '../../errors.ts';

/** What decides whether a request may have direct signers. */
export type DirectSignFacts = {
  /** The request's own switch (`direct_sign`). */
  requestFlag: boolean;
  /** The creator's business setting `mabSettings.directSign.enabled` (false without one). */
  businessDirectSign: boolean;
};

/**
 * Whether a request may have direct signers. The one place this is decided: the request's
 * switch, or the creator's business setting `mabSettings.directSign.enabled` (read through
 * `settingsForUser` / `settingsForRequest`).
 */
export function directSignAllowed(facts: DirectSignFacts): boolean {
  return facts.requestFlag || facts.businessDirectSign;
}

/** 403 DIRECT_SIGN_NOT_ENABLED when a signer is direct but the request may not have any. */
export function assertDirectSignAllowed(
  facts: DirectSignFacts,
  signers: readonly { direct?: boolean | undefined }[],
): void {
  if (!signers.some((s) => s.direct) || directSignAllowed(facts)) return;
  throw new AppError(
    DIRECT_SIGN_ERRORS.notEnabled,
    403,
    'Direct signers need a request that allows direct signing (direct_sign).',
  );
}
