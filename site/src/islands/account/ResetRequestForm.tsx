import { codeFromLang, type TLang } from '@signet/shared/i18n/lang.rules';
import { useState } from 'react';
import { api, call } from '../../lib/api.ts';
import { email as emailRule, useFormSubmit } from '../../lib/form.ts';
import { getT } from '../../lib/i18n.ts';
import { FormAlert, SubmitButton, TextField } from './Field.tsx';
import { rememberEmail } from './session.ts';

type Props = { lang: TLang; initialEmail?: string | undefined };
const IDS = { email: 'reset-email' } as const;

/** `/password-reset`: e-mail → reset mail (same answer whether or not it has an account). */
export default function ResetRequestForm({ lang, initialEmail }: Props) {
  const t = getT(lang, 'account');
  const [email, setEmail] = useState(initialEmail ?? '');
  const form = useFormSubmit({ t, ids: IDS, alertId: 'reset-alert' });

  const onSubmit = form.submit({
    check: () => ({ email: emailRule(t, email) }),
    run: async () => {
      const address = email.trim().toLowerCase();
      await call(api.requestReset, { body: { email: address, lang: codeFromLang(lang) } });
      rememberEmail('reset', address);
      window.location.assign('/password-reset/mail-sent');
    },
  });

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      <FormAlert id="reset-alert" message={form.alert} />
      <TextField
        id={IDS.email}
        label={t('field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onValue={(v) => {
          setEmail(v);
          form.touch('email');
        }}
        error={form.errors.email}
      />
      <SubmitButton busy={form.busy} label={t('reset.submit')} t={t} />
    </form>
  );
}
