import { type FormEvent, useState } from 'react';
import { getT } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/lang.ts';
import { apiErrorOf, changePassword, errorText } from './api.ts';
import { FormAlert, PasswordField, SubmitButton } from './Field.tsx';
import { type FieldErrors, firstError, focusField, required } from './form.ts';
import { PasswordVerdict } from './PasswordVerdict.tsx';
import { afterLoginPath, notify, replaceToken, useCurrentUser } from './session.ts';
import { passwordMessageKey, usePasswordCheck } from './usePasswordCheck.ts';

type Key = 'old' | 'new';
const ORDER: readonly Key[] = ['old', 'new'];
const IDS: Record<Key, string> = { old: 'change-old', new: 'change-new' };

/**
 * `/profile/change-password`: current and new password (checked live). A user flagged
 * weakPassword is sent here and told why; afterwards they continue where they wanted to go.
 */
export default function ChangePasswordForm({ lang }: { lang: Lang }) {
  const t = getT(lang, 'account');
  const user = useCurrentUser();
  const forced = user?.attributes.weakPassword === true;
  const [values, setValues] = useState({ old: '', new: '' });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { check, verify } = usePasswordCheck(values.new);

  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const next: FieldErrors<Key> = { old: required(t, values.old), new: required(t, values.new) };
    setAlert(null);
    setBusy(true);
    try {
      if (!next.new) {
        const verdict = await verify();
        const key = passwordMessageKey(verdict);
        if (verdict.state === 'bad' && key) next.new = t(key);
      }
      setErrors(next);
      const first = firstError(ORDER, next);
      if (first) {
        setBusy(false);
        focusField(IDS[first]);
        return;
      }
      const session = await changePassword({ old: values.old, new: values.new });
      replaceToken(session);
      notify(t('changePassword.done'), 'success', true);
      window.location.assign(forced ? afterLoginPath() : '/profile');
    } catch (err) {
      setBusy(false);
      const { code, passwordCode } = apiErrorOf(err);
      if (passwordCode) {
        setErrors((e) => ({ ...e, new: t(`password.${passwordCode}`) }));
        focusField(IDS.new);
        return;
      }
      // 403, not 401: a wrong current password must not sign the user out.
      if (code === 'WRONG_PASSWORD') {
        setErrors((e) => ({ ...e, old: t('changePassword.wrongOld') }));
        setValues((v) => ({ ...v, old: '' }));
        focusField(IDS.old);
        return;
      }
      setAlert(errorText(t, err));
      focusField('change-alert');
    }
  }

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      {forced ? (
        <p className="acc-alert acc-alert--warn" data-testid="weak-password-notice">
          {t('changePassword.forced')}
        </p>
      ) : null}
      <FormAlert id="change-alert" message={alert} />
      {user ? (
        <input type="email" autoComplete="username" value={user.email} readOnly hidden />
      ) : null}
      <PasswordField
        t={t}
        id={IDS.old}
        label={t('changePassword.old')}
        autoComplete="current-password"
        required
        value={values.old}
        onValue={set('old')}
        error={errors.old}
      />
      <PasswordField
        t={t}
        id={IDS.new}
        label={t('changePassword.new')}
        autoComplete="new-password"
        required
        value={values.new}
        onValue={set('new')}
        error={errors.new}
        hint={<PasswordVerdict t={t} check={check} showError={!errors.new} />}
      />
      <SubmitButton busy={busy} label={t('changePassword.submit')} t={t} />
    </form>
  );
}
