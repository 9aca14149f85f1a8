import { useEffect, useRef, useState } from 'react';
import { checkPassword } from './api.ts';

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
    const res = await checkPassword(value, token ?? undefined);
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
      return check.code && ['TOO_SHORT', 'COMMON', 'CONTAINS_EMAIL'].includes(check.code)
        ? `password.${check.code}`
        : 'password.invalid';
    default:
      return null;
  }
}
