/**
 * The account calls, typed by the shared schemas and sent through the site's one API client
 * (lib/api.ts). Only types come from shared/src/user: the route table would put zod into the
 * browser bundle, and the login page must stay light.
 */
import type {
  TChangePassword,
  TCheckPasswordResult,
  TLogin,
  TRegister,
  TRequestConfirmation,
  TRequestReset,
  TResetPassword,
  TSession,
  TSessionWithUser,
  TUpdateUser,
  TUser,
  TValidConfirmationResult,
} from '@signet/shared/user/user.schema';
import { request } from '../../lib/api.ts';
import type { TFunction } from '../../lib/i18n.ts';

export const login = (body: TLogin) => request<TSessionWithUser>('POST', '/v1/login', body);
export const requestConfirmation = (body: TRequestConfirmation) =>
  request<{ status: 'sent' }>('POST', '/v1/request-confirmation', body);
export const validConfirmation = (body: { token: string; language?: string }) =>
  request<TValidConfirmationResult>('POST', '/v1/valid-confirmation', body);
export const checkPassword = (password: string, token?: string) =>
  request<TCheckPasswordResult>(
    'POST',
    '/v1/check-password',
    token ? { password, token } : { password },
  );
export const register = (body: TRegister) =>
  request<TSessionWithUser>('POST', '/v1/register', body);
export const requestReset = (body: TRequestReset) =>
  request<{ status: 'sent' }>('POST', '/v1/request-reset', body);
export const resetPassword = (body: TResetPassword) =>
  request<{ status: 'ok' }>('POST', '/v1/reset-password', body);
export const changePassword = (body: TChangePassword) =>
  request<TSession>('POST', '/v1/change-password', body);
export const getUser = () => request<TUser>('GET', '/v1/user');
export const updateUser = (body: TUpdateUser) => request<TUser>('PUT', '/v1/user', body);
export const deleteUser = (password: string) =>
  request<unknown>('POST', '/v1/user/delete', { password });

/**
 * Status and code of a failed call (lib/api.ts rejects with ApiError: status, code, details);
 * status 0 and code NETWORK when no API answer came.
 */
export function apiErrorOf(error: unknown): {
  status: number;
  code: string;
  passwordCode?: string;
} {
  if (typeof error !== 'object' || error === null) return { status: 0, code: 'NETWORK' };
  const e = error as { status?: unknown; code?: unknown; details?: unknown };
  const status = typeof e.status === 'number' ? e.status : 0;
  const code = typeof e.code === 'string' && status > 0 ? e.code : 'NETWORK';
  // Password-policy refusals carry the check-password code in details.errorCode.
  const details = e.details as { errorCode?: unknown } | null | undefined;
  return typeof details?.errorCode === 'string'
    ? { status, code, passwordCode: details.errorCode }
    : { status, code };
}

/** The message for an error no field owns: rate limit, unreachable server, anything else. */
export function errorText(t: TFunction, error: unknown): string {
  const { status, code } = apiErrorOf(error);
  if (status === 429 || code === 'RATE_LIMITED') return t('error.rateLimited');
  if (status === 0) return t('error.network');
  // The errors namespace (owned by the shell) explains known codes; fall back to the generic text.
  const known = t(`errors:${code}`);
  return known !== code ? known : t('error.generic');
}
