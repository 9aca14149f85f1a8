import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { api, call } from '../providers/client.ts';
import { useConsoleSession } from '../session.ts';

// The chart library loads with the chart, not with the console's first page.
const StatisticsChart = lazy(() => import('./StatisticsChart.tsx'));

function Figure({ label, value, id }: { label: string; value: string | number; id?: string }) {
  return (
    <Card sx={{ flex: '1 1 160px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" id={id}>
          {label}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{ mt: 1, overflowWrap: 'anywhere' }}
          aria-describedby={id}
          data-testid={id}
        >
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * /business/dashboard: the business at a glance — the statistics the server counts
 * (`GET /v2/businesses/{id}/statistics`: signatures per month and quality over the last twelve
 * months, members, open requests) as figures and a chart.
 */
export function DashboardPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: session } = useConsoleSession();
  const title = translate('dashboard.title');
  usePageTitle(title);
  const business = session?.business;
  const { data: statistics, isError } = useQuery({
    queryKey: ['signet', 'statistics', business?.id],
    queryFn: () => call(api.getBusinessStatistics, { params: { id: String(business?.id) } }),
    enabled: Boolean(business),
  });
  if (!session || !business) return null;
  const monthLabel = (month: string) =>
    new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('dashboard.greeting', { name: session.user.firstName || session.user.email })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Figure label={translate('dashboard.business')} value={business.name} />
        <Figure
          id="stat-signatures"
          label={translate('dashboard.signatures')}
          value={statistics?.signatures ?? '…'}
        />
        <Figure
          id="stat-members"
          label={translate('dashboard.members')}
          value={statistics?.members.total ?? '…'}
        />
        <Figure
          id="stat-admins"
          label={translate('dashboard.admins')}
          value={statistics?.members.admins ?? '…'}
        />
        <Figure
          id="stat-invited"
          label={translate('dashboard.invited')}
          value={statistics ? statistics.invitations : '…'}
        />
        <Figure
          id="stat-open"
          label={translate('dashboard.open_requests')}
          value={statistics?.openRequests ?? '…'}
        />
      </Box>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate('dashboard.signatures_by_month')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {statistics
              ? translate('dashboard.period', {
                  start: dayLabel(statistics.period.start),
                  end: dayLabel(statistics.period.end),
                })
              : ''}
          </Typography>
          {isError ? (
            <Typography color="error">{translate('load.failed')}</Typography>
          ) : statistics ? (
            statistics.signatures === 0 ? (
              <Typography color="text.secondary">{translate('dashboard.no_signatures')}</Typography>
            ) : (
              <Suspense fallback={<Skeleton variant="rectangular" height={300} />}>
                <StatisticsChart statistics={statistics} monthLabel={monthLabel} />
              </Suspense>
            )
          ) : (
            <Skeleton variant="rectangular" height={300} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
