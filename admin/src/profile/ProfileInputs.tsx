import { Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';

/**
 * The fields of the business profile. The rules are the server's (the shared schema of
 * `PUT /v1/businesses/{id}`): a refused value comes back onto its field, in the console's
 * language, so no rule is written twice.
 */
export function ProfileInputs() {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="name" label="profile.name" autoComplete="organization" fullWidth />
      <TextInput source="email" type="email" label="profile.email" autoComplete="email" fullWidth />
      <TextInput
        source="phone"
        type="tel"
        label="profile.phone"
        helperText="profile.phone_hint"
        autoComplete="tel"
        fullWidth
      />
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {translate('profile.support')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('profile.support_hint')}
      </Typography>
      <TextInput
        source="supportContact.email"
        type="email"
        label="profile.support_email"
        fullWidth
      />
      <TextInput
        source="supportContact.phone"
        type="tel"
        label="profile.support_phone"
        helperText="profile.phone_hint"
        fullWidth
      />
    </>
  );
}
