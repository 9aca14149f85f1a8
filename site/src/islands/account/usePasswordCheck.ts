import type { ApiError } from '@signet/shared/api/browser';
import { isPasswordErrorCode } from '@signet/shared/user/user.constants';
import { useEffect, useRef, useState } from 'react';
import { api, call } from '../../lib/api.ts';
import type { TFunction } from '../../lib/i18n.ts';

export type PasswordCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'ok' }
  | { state: 'bad'; code: string | undefined };

/** Wait after the last keystroke before asking the server. */
const DEBOUNCE_MS = 350;

/**
 * Live server verdict on a password (`POST /v1/check-password`), debounced; answers that
 * arrive for an older value are dropped. `verify()` returns the verdict for the current value
 * (reusing the last one when it matches) so a submit never relies on a stale check.
 */
export function usePasswordCheck(password: string, token?: string | null) {
  const [check, setCheck] = useState<PasswordCheck>({ state: 'idle' });
  const last = useRef<{ password: string; result: PasswordCheck } | null>(null);
  const seq = useRef(0);

  const run = async (value: string): Promise<PasswordCheck> => {
    if (last.current?.password === value) return last.current.result;
    const mine = ++seq.current;
    setCheck({ state: 'checking' });
    const res = await call(api.checkPassword, {
      body: token ? { password: value, token } : { password: value },
    });
    const result: PasswordCheck = res.valid
      ? { state: 'ok' }
      : { state: 'bad', code: res.errorCode };
    last.current = { password: value, result };
    if (mine === seq.current) setCheck(result);
    return result;
  };

  useEffect(() => {
    if (password === '') {
      seq.current++;
      setCheck({ state: 'idle' });
      return;
    }
    const timer = window.setTimeout(() => {
      run(password).catch(() => {
        // A failed check is not a verdict: leave it to the submit.
        setCheck({ state: 'idle' });
      });
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [password, token]);

  return { check, verify: () => run(password) };
}

/** The translated verdict text key for a check. */
export function passwordMessageKey(check: PasswordCheck): string | null {
  switch (check.state) {
    case 'checking':
      return 'password.checking';
    case 'ok':
      return 'password.ok';
    case 'bad':
      return isPasswordErrorCode(check.code) ? `password.${check.code}` : 'password.invalid';
    default:
      return null;
  }
}

/**
 * The new password's field error before submitting: required, then the server's verdict (asked
 * now unless the live check already has it for this value).
 */
export async function checkNewPassword(
  t: TFunction,
  password: string,
  verify: () => Promise<PasswordCheck>,
): Promise<string | undefined> {
  if (password === '') return t('form.required');
  const verdict = await verify();
  const key = passwordMessageKey(verdict);
  return verdict.state === 'bad' && key ? t(key) : undefined;
}

/** A password the server refused when it was set: its policy code is in `details.errorCode`. */
export function passwordRefusal(t: TFunction, error: ApiError): string | null {
  const code = (error.details as { errorCode?: unknown } | null | undefined)?.errorCode;
  return isPasswordErrorCode(code) ? t(`password.${code}`) : null;
}
