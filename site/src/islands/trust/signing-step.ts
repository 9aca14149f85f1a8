import type { ApiError } from '@signet/shared/api/browser';
import { SIGNING_STEP_CODES, type TTanChallenge } from '@signet/shared/signing/signing.constants';
import type { TRequiredStandard } from '../../dialogs/document/upgrade-standards.tsx';

/** What a refused `POST /v3/sign` asks of the signer next. */
export type TSigningStep =
  | { kind: 'tan'; challenge: TTanChallenge }
  | { kind: 'tan-invalid'; attemptsLeft: number }
  | { kind: 'tan-expired' }
  | { kind: 'tan-locked' }
  | { kind: 'upgrade'; required: TRequiredStandard }
  | { kind: 'none' };

const detail = <T>(error: ApiError, key: string): T | undefined => {
  const d = error.details as Record<string, unknown> | undefined;
  if (d?.[key] !== undefined) return d[key] as T;
  // A batch that signed nothing carries the entry's error in `details.results`.
  return undefined;
};

/** Reads the step from the error's code and details (shared's codes; the server's details). */
export function signingStep(error: ApiError): TSigningStep {
  switch (error.code) {
    case SIGNING_STEP_CODES.tanRequired: {
      const challenge = detail<TTanChallenge>(error, 'challenge');
      return challenge ? { kind: 'tan', challenge } : { kind: 'none' };
    }
    case SIGNING_STEP_CODES.tanInvalid:
      return { kind: 'tan-invalid', attemptsLeft: detail<number>(error, 'attemptsLeft') ?? 0 };
    case SIGNING_STEP_CODES.tanExpired:
      return { kind: 'tan-expired' };
    case SIGNING_STEP_CODES.tanLocked:
      return { kind: 'tan-locked' };
    case SIGNING_STEP_CODES.qualityTooLow: {
      const required = detail<TRequiredStandard>(error, 'required');
      return required ? { kind: 'upgrade', required } : { kind: 'none' };
    }
    default:
      return { kind: 'none' };
  }
}
