import { Alert, Box, Button, Link, TextField, Typography } from '@mui/material';
import { BUSINESS_SIGNUP_FLOW } from '@signet/shared/business/business.constants';
import { codeFromLang, isLang } from '@signet/shared/i18n/lang.rules';
import { type FormEvent, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useRefusalText } from '../layout/refusal.ts';
import { api, call } from '../providers/client.ts';
import { SignupShell } from './SignupShell.tsx';

/**
 * /business/signup (signed-out visitors): the business signup starts like the personal one — a
 * confirmation link by mail — and continues at /business/signup/steps with the business.
 */
export function BusinessSignupPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const refusal = useRefusalText();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await call(api.requestConfirmation, {
        body: {
          email,
          flow: BUSINESS_SIGNUP_FLOW,
          ...(isLang(locale) ? { lang: codeFromLang(locale) } : {}),
        },
      });
      navigate(`/signup/mail-sent?email=${encodeURIComponent(email.trim())}`);
    } catch (e) {
      setError(refusal(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SignupShell title={translate('signup.title')}>
      <Typography sx={{ mb: 3 }}>{translate('signup.intro')}</Typography>
      <Box component="form" noValidate onSubmit={submit}>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <TextField
          label={translate('signup.email')}
          type="email"
          autoComplete="email"
          fullWidth
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          sx={{ mb: 2 }}
        />
        <Button type="submit" variant="contained" disabled={busy} fullWidth>
          {translate('signup.submit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        {translate('signup.have_account')} <Link href="/login">{translate('signup.login')}</Link>
      </Typography>
    </SignupShell>
  );
}

/** /business/signup/mail-sent: the link is on its way. */
export function BusinessSignupMailSentPage() {
  const translate = useTranslate();
  const email = new URLSearchParams(window.location.search).get('email') ?? '';
  return (
    <SignupShell title={translate('signup.mail_sent_title')}>
      <Typography sx={{ mb: 2 }}>{translate('signup.mail_sent_body', { email })}</Typography>
      <Typography color="text.secondary">{translate('signup.mail_sent_hint')}</Typography>
    </SignupShell>
  );
}
