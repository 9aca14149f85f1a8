import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { apiErrorOf } from '@signet/shared/api/client';
import { isBlank, isEmail, isPhone } from '@signet/shared/validation/validation.rules';
import {
  Form,
  maxLength,
  required,
  SaveButton,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { createBusiness } from '../providers/api.ts';
import { useConsoleSession, useRefreshConsoleSession } from '../session.ts';

type TRegisterValues = { name: string; email: string; phone: string };

const FIELD_MESSAGES: Record<keyof TRegisterValues, string> = {
  name: 'validation.format',
  email: 'ra.validation.email',
  phone: 'validation.format',
};

const validateEmail = (value: string | undefined) =>
  value && !isEmail(value.trim()) ? 'ra.validation.email' : undefined;
const validatePhone = (value: string | undefined) =>
  value && !isBlank(value) && !isPhone(value.trim()) ? 'validation.format' : undefined;

/** Field errors from a 400 VALIDATION_FAILED (zod issues in `details`), for the form. */
function fieldErrors(details: unknown): Partial<Record<keyof TRegisterValues, string>> | null {
  if (!Array.isArray(details)) return null;
  const errors: Partial<Record<keyof TRegisterValues, string>> = {};
  for (const issue of details) {
    const field = (issue as { path?: unknown[] })?.path?.[0];
    if (field === 'name' || field === 'email' || field === 'phone') {
      errors[field] = FIELD_MESSAGES[field];
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * /business/register: for a signed-in user without a business. Explains what a business is and
 * creates one (POST /v2/businesses); the user becomes its admin and lands on the profile.
 */
export function RegisterPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const refreshSession = useRefreshConsoleSession();
  const { data: session } = useConsoleSession();
  const title = translate('register.title');
  usePageTitle(title);

  const submit = async (values: Partial<TRegisterValues>) => {
    const phone = values.phone?.trim();
    try {
      await createBusiness({
        name: (values.name ?? '').trim(),
        email: (values.email ?? '').trim(),
        ...(phone ? { phone } : {}),
      });
    } catch (error) {
      const apiError = apiErrorOf(error);
      if (apiError?.code === 'VALIDATION_FAILED') {
        const errors = fieldErrors(apiError.details);
        if (errors) return errors;
      }
      const message = apiError
        ? translate(apiError.code, { ns: 'errors', _: apiError.message })
        : translate('ra.notification.http_error');
      notify('register.failed', { type: 'error', messageArgs: { message } });
      // Joined or created a business meanwhile (another tab): the guard sends them on.
      if (apiError?.code === 'ALREADY_IN_BUSINESS') await refreshSession();
      return;
    }
    await refreshSession();
    notify('register.created', { type: 'success' });
    navigate('/profile');
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        px: 2,
        py: { xs: 4, md: 8 },
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 520 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="overline" color="primary" component="p">
            {translate('app.title')}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {title}
          </Typography>
          <Typography sx={{ mb: 1 }}>{translate('register.intro')}</Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate('register.admin_note')}
          </Typography>
          <Form<Partial<TRegisterValues>>
            defaultValues={{ name: '', email: session?.user.email ?? '', phone: '' }}
            onSubmit={submit}
          >
            <TextInput
              source="name"
              label="register.name"
              autoComplete="organization"
              validate={[required(), maxLength(200)]}
              fullWidth
            />
            <TextInput
              source="email"
              type="email"
              label="register.email"
              autoComplete="email"
              validate={[required(), maxLength(254), validateEmail]}
              fullWidth
            />
            <TextInput
              source="phone"
              type="tel"
              label="register.phone"
              autoComplete="tel"
              helperText="register.phone_hint"
              validate={validatePhone}
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
        </CardContent>
      </Card>
    </Box>
  );
}
