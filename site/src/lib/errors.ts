import { ApiError } from '@signet/shared/api/browser';
import type { TFunction } from './i18n.ts';

/**
 * The text for a failed call that no field owns: the errors namespace explains a known code;
 * a rate limit, a missing connection and anything else get their general texts.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  const { status, code } = ApiError.of(error);
  if (code === 'RATE_LIMITED') return t('account:error.rateLimited');
  if (status === 0) return t('account:error.network');
  const known = t(`errors:${code}`);
  if (known !== code) return known;
  return status === 429 ? t('account:error.rateLimited') : t('account:error.generic');
}
