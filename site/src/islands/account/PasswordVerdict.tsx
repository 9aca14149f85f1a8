import type { TFunction } from '../../lib/i18n.ts';
import { type PasswordCheck, passwordMessageKey } from './usePasswordCheck.ts';

/**
 * The live server verdict under a new-password field, in a polite live region. While the
 * field shows a submit error, the verdict stays quiet so the same problem is not said twice.
 */
export function PasswordVerdict({
  t,
  check,
  showError,
}: {
  t: TFunction;
  check: PasswordCheck;
  showError: boolean;
}) {
  const key = passwordMessageKey(check);
  const quiet = check.state === 'bad' && !showError;
  return (
    <>
      <span
        className={`acc-verdict acc-verdict--${check.state}`}
        role="status"
        aria-live="polite"
        data-testid="password-verdict"
      >
        {key && !quiet ? t(key) : ''}
      </span>
      <span className="acc-field__hint-text">{t('password.hint')}</span>
    </>
  );
}
