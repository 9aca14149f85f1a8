import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { openWhileLocked } from '@signet/shared/billing/billing.rules';
import { SNACKBAR } from '@signet/shared/ui/ui.constants';
import { type ReactNode, useEffect, useRef } from 'react';
import { Loading, NotFound, useNotify, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { decideAccess, type TAccessDecision, type TPageAccess } from '../access.ts';
import { leaveConsoleForLogin } from '../providers/authProvider.ts';
import { useConsoleSession } from '../session.ts';

/**
 * A console page that is not a resource (dashboard, registration, a page still to come): shown
 * when the access rules allow `access` for the caller, else what the rules say (spec section 6).
 */
export function PageAccess({
  access,
  area,
  children,
}: {
  access: TPageAccess;
  /** Its area, when shared's `openWhileLocked` keeps it open for a locked business (upgrade). */
  area?: string;
  children: ReactNode;
}) {
  const { data: session, isPending, error, refetch } = useConsoleSession();
  if (isPending) return <Loading />;
  if (error) return <LoadFailed onRetry={() => void refetch()} />;
  // Only the areas shared's rule names stay open for the admin of a locked business (spec 6).
  const locked = Boolean(session?.business?.locked) && !(area && openWhileLocked(area));
  const decision = decideAccess(access, session ? session.role : 'unauthenticated', locked);
  return decision.kind === 'allow' ? children : <AccessOutcome decision={decision} />;
}

/**
 * A console path without a page: business pages are for admins, so the rules apply first (a
 * member is sent to the site, a user to registration), then the 404.
 */
export function ConsoleNotFound() {
  return (
    <PageAccess access="admin">
      <NotFound />
    </PageAccess>
  );
}

/**
 * react-admin's access-denied page (a resource's `canAccess` said no): business resources are
 * for admins, so the caller is sent where the rules send non-admins.
 */
export function AccessDenied() {
  const { data: session, isPending } = useConsoleSession();
  if (isPending) return <Loading />;
  const locked = Boolean(session?.business?.locked);
  const decision = decideAccess('admin', session ? session.role : 'unauthenticated', locked);
  return decision.kind === 'allow' ? <NotFound /> : <AccessOutcome decision={decision} />;
}

/** Carries out a decision that is not "allow". */
function AccessOutcome({ decision }: { decision: Exclude<TAccessDecision, { kind: 'allow' }> }) {
  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'not-allowed':
      return <NotAllowed to={decision.to} />;
    case 'login':
      return <ToLogin />;
  }
}

function ToLogin() {
  useEffect(() => void leaveConsoleForLogin(), []);
  return null;
}

/** The 'not allowed' snackbar (spec section 8), then back to the site once it has been read. */
function NotAllowed({ to }: { to: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notified = useRef(false);
  useEffect(() => {
    if (!notified.current) {
      notified.current = true;
      notify('access.not_allowed', {
        type: 'warning',
        autoHideDuration: SNACKBAR.defaultDurationMs,
      });
    }
    const timer = window.setTimeout(() => window.location.assign(to), SNACKBAR.defaultDurationMs);
    return () => window.clearTimeout(timer);
  }, [notify, to]);
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{translate('access.leaving')}</Typography>
      <Button variant="outlined" href={to}>
        {translate('access.go_now')}
      </Button>
    </Box>
  );
}

/** Shown when the session or business could not be read (server or network failure). */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Card sx={{ m: 2 }}>
      <CardContent>
        <Typography sx={{ mb: 2 }}>{translate('load.failed')}</Typography>
        <Button variant="contained" onClick={onRetry}>
          {translate('load.retry')}
        </Button>
      </CardContent>
    </Card>
  );
}
