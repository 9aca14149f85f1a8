import type { TLang } from '@signet/shared/i18n/lang.rules';
import { takeRememberedPath } from '@signet/shared/session/session';
import { useState } from 'react';
import { api, call } from '../../lib/api.ts';
import { required, useFormSubmit } from '../../lib/form.ts';
import { getT } from '../../lib/i18n.ts';
import { startSession } from '../../stores/session.ts';
import { FormAlert, PasswordField, SubmitButton } from './Field.tsx';
import { PasswordVerdict } from './PasswordVerdict.tsx';
import { notify, useCurrentUser } from './session.ts';
import { checkNewPassword, passwordRefusal, usePasswordCheck } from './usePasswordCheck.ts';

const IDS = { old: 'change-old', new: 'change-new' } as const;

/**
 * `/profile/change-password`: current and new password (checked live). A user flagged
 * weakPassword is sent here and told why; afterwards they continue where they wanted to go.
 */
export default function ChangePasswordForm({ lang }: { lang: TLang }) {
  const t = getT(lang, 'account');
  const user = useCurrentUser();
  const forced = user?.attributes.weakPassword === true;
  const [values, setValues] = useState({ old: '', new: '' });
  const { check, verify } = usePasswordCheck(values.new);
  const form = useFormSubmit({ t, ids: IDS, alertId: 'change-alert' });

  const set = (key: keyof typeof IDS) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    form.touch(key);
  };

  const onSubmit = form.submit({
    check: async () => ({
      old: required(t, values.old),
      new: await checkNewPassword(t, values.new, verify),
    }),
    run: async () => {
      startSession(await call(api.changePassword, { body: { old: values.old, new: values.new } }));
      notify(t('changePassword.done'), 'success', true);
      window.location.assign(forced ? takeRememberedPath() : '/profile');
    },
    refused: (error) => {
      const policy = passwordRefusal(t, error);
      if (policy) return { errors: { new: policy } };
      // 403, not 401: a wrong current password must not sign the user out.
      if (error.code !== 'WRONG_PASSWORD') return null;
      setValues((v) => ({ ...v, old: '' }));
      return { errors: { old: t('changePassword.wrongOld') } };
    },
  });

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      {forced ? (
        <p className="acc-alert acc-alert--warn" data-testid="weak-password-notice">
          {t('changePassword.forced')}
        </p>
      ) : null}
      <FormAlert id="change-alert" message={form.alert} />
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
        error={form.errors.old}
      />
      <PasswordField
        t={t}
        id={IDS.new}
        label={t('changePassword.new')}
        autoComplete="new-password"
        required
        value={values.new}
        onValue={set('new')}
        error={form.errors.new}
        hint={<PasswordVerdict t={t} check={check} showError={!form.errors.new} />}
      />
      <SubmitButton busy={form.busy} label={t('changePassword.submit')} t={t} />
    </form>
  );
}
