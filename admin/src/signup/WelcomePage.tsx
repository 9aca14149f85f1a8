import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useConsoleSession } from '../session.ts';
import { SignupShell } from './SignupShell.tsx';

/** /business/welcome (admins): the business is ready — what to do first. */
export function WelcomePage() {
  const translate = useTranslate();
  const { data: session } = useConsoleSession();
  return (
    <SignupShell title={translate('welcome.title', { name: session?.business?.name ?? '' })}>
      <Typography sx={{ mb: 3 }}>{translate('welcome.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Button variant="contained" component={RouterLink} to="/members">
          {translate('welcome.members')}
        </Button>
        <Button variant="outlined" component={RouterLink} to="/settings">
          {translate('welcome.settings')}
        </Button>
        <Button component={RouterLink} to="/dashboard">
          {translate('welcome.dashboard')}
        </Button>
      </Box>
    </SignupShell>
  );
}
