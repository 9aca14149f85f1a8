import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { useConsoleSession } from '../session.ts';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card sx={{ flex: '1 1 200px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** /business/dashboard: the business at a glance, from `GET /v2/businesses/user`. */
export function DashboardPage() {
  const translate = useTranslate();
  const { data: session } = useConsoleSession();
  const title = translate('dashboard.title');
  usePageTitle(title);
  const business = session?.business;
  if (!session || !business) return null;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('dashboard.greeting', { name: session.user.firstName || session.user.email })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Figure label={translate('dashboard.business')} value={business.name} />
        {/* members holds every member's id, admins included (shared business schema) */}
        <Figure label={translate('dashboard.members')} value={business.members.length} />
        <Figure label={translate('dashboard.admins')} value={business.admins.length} />
        <Figure label={translate('dashboard.invited')} value={business.invitedMembers.length} />
      </Box>
    </Box>
  );
}
