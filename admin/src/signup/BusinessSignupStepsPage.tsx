import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Link,
  TextField,
  Typography,
} from '@mui/material';
import { codeFromLang, isLang } from '@signet/shared/i18n/lang.rules';
import { writeSession } from '@signet/shared/session/session';
import { isUserLang } from '@signet/shared/user/user.constants';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useRefusalText } from '../layout/refusal.ts';
import { api, call } from '../providers/client.ts';
import { SignupShell } from './SignupShell.tsx';

type TValues = { firstName: string; lastName: string; password: string; business: string };

/**
 * /business/signup/steps?token=… (from the confirmation mail): the account (names, password,
 * terms) and the business in one form → `POST /v1/register`, then `POST /v2/businesses` with the
 * new session → /business/welcome. The server's rules decide; a refusal is shown as it comes.
 */
export function BusinessSignupStepsPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const refusal = useRefusalText();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [state, setState] = useState<'checking' | 'ready' | 'invalid'>('checking');
  const [email, setEmail] = useState('');
  const [values, setValues] = useState<TValues>({
    firstName: '',
    lastName: '',
    password: '',
    business: '',
  });
  const [gtc, setGtc] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) {
      setState('invalid');
      return;
    }
    call(api.validConfirmation, { body: { token } })
      .then((res) => {
        setEmail(res.email ?? '');
        setState(res.valid ? 'ready' : 'invalid');
      })
      .catch(() => setState('invalid'));
  }, [token]);

  const set = (key: keyof TValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!gtc) {
      setError(translate('signup.gtc_required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const code = isLang(locale) ? codeFromLang(locale) : 'en';
      const session = await call(api.register, {
        body: {
          firstName: values.firstName,
          lastName: values.lastName,
          password: values.password,
          token,
          gtc: true,
          lang: isUserLang(code) ? code : 'en',
        },
      });
      writeSession({ token: session.token, expiresAt: session.expiresAt });
      await call(api.createBusiness, { body: { name: values.business, email } });
      // A fresh start as the business's admin (the rules send admins away from signup pages,
      // so the session is not reloaded in place).
      window.location.replace('/business/welcome');
      return;
    } catch (e) {
      setError(refusal(e));
    } finally {
      setBusy(false);
    }
  };

  if (state === 'checking') {
    return (
      <SignupShell title={translate('signup.steps_title')}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </SignupShell>
    );
  }
  if (state === 'invalid') {
    return (
      <SignupShell title={translate('signup.invalid_title')}>
        <Typography sx={{ mb: 2 }}>{translate('signup.invalid_body')}</Typography>
        <Link href="/business/signup">{translate('signup.restart')}</Link>
      </SignupShell>
    );
  }
  return (
    <SignupShell title={translate('signup.steps_title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('signup.steps_intro', { email })}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <TextField
          label={translate('signup.first_name')}
          autoComplete="given-name"
          value={values.firstName}
          onChange={set('firstName')}
        />
        <TextField
          label={translate('signup.last_name')}
          autoComplete="family-name"
          value={values.lastName}
          onChange={set('lastName')}
        />
        <TextField
          label={translate('signup.password')}
          type="password"
          autoComplete="new-password"
          helperText={translate('signup.password_hint')}
          value={values.password}
          onChange={set('password')}
        />
        <TextField
          label={translate('signup.business')}
          autoComplete="organization"
          value={values.business}
          onChange={set('business')}
        />
        <FormControlLabel
          control={<Checkbox checked={gtc} onChange={(e) => setGtc(e.target.checked)} />}
          label={translate('signup.gtc')}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('signup.create')}
        </Button>
      </Box>
    </SignupShell>
  );
}
