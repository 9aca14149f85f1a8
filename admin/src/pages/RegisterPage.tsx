import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import { Link, Typography } from '@mui/material';
import { Form, SaveButton, TextInput, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { CONSOLE_PATHS } from '../access.ts';
import { api, call } from '../providers/client.ts';
import { toHttpError } from '../providers/server-errors.ts';
import { useConsoleSession, useRefreshConsoleSession } from '../session.ts';
import { SignupShell } from '../signup/SignupShell.tsx';

type TRegisterValues = { name: string; email: string; phone: string };

/**
 * /business/register: for a signed-in user without a business. Explains what a business is and
 * creates one (POST /v2/businesses); the user becomes its admin and lands on the profile. The
 * server's rules decide what is valid; a refused value is shown on its field.
 */
export function RegisterPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const refreshSession = useRefreshConsoleSession();
  const { data: session } = useConsoleSession();
  const title = translate('register.title');

  const submit = async (values: Partial<TRegisterValues>) => {
    const phone = values.phone?.trim();
    try {
      await call(api.createBusiness, {
        body: { name: values.name ?? '', email: values.email ?? '', ...(phone ? { phone } : {}) },
      });
    } catch (error) {
      const refusal = toHttpError(error);
      if (refusal.body?.errors) return refusal.body.errors;
      const message = translate(refusal.message, { _: translate('ra.notification.http_error') });
      notify('register.failed', { type: 'error', messageArgs: { message } });
      // Joined or created a business meanwhile (another tab): the page sends them on.
      if (refusal.body?.code === 'ALREADY_IN_BUSINESS') await refreshSession();
      return;
    }
    await refreshSession();
    notify('register.created', { type: 'success' });
    navigate(CONSOLE_PATHS.profile);
  };

  return (
    <SignupShell title={title}>
      <Typography sx={{ mb: 1 }}>{translate('register.intro')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('register.admin_note')}
      </Typography>
      <Form<Partial<TRegisterValues>>
        noValidate
        defaultValues={{ name: '', email: session?.user.email ?? '', phone: '' }}
        onSubmit={submit}
      >
        <TextInput source="name" label="register.name" autoComplete="organization" fullWidth />
        <TextInput
          source="email"
          type="email"
          label="register.email"
          autoComplete="email"
          fullWidth
        />
        <TextInput
          source="phone"
          type="tel"
          label="register.phone"
          autoComplete="tel"
          helperText="register.phone_hint"
          fullWidth
        />
        <SaveButton
          label="register.submit"
          icon={<AddBusinessIcon />}
          alwaysEnable
          sx={{ mt: 1 }}
        />
      </Form>
      <Typography sx={{ mt: 3 }}>
        <Link href="/">{translate('register.back')}</Link>
      </Typography>
    </SignupShell>
  );
}
