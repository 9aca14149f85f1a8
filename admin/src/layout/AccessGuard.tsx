import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import { Loading, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { decideAccess, SITE_HOME_PATH } from '../access.ts';
import type { ConsoleSession } from '../providers/api.ts';
import { consoleLang } from '../providers/i18nProvider.ts';
import { goToLogin } from '../providers/session.ts';
import { useConsoleSession } from '../session.ts';

/** The router's basename; the access rules speak in full paths. */
const BASE = '/business';

/** Spec section 9: snackbars last 3000 ms; the member leaves once it has been read. */
const NOT_ALLOWED_DELAY_MS = 3000;

/**
 * Guards a console screen with the business access rules (access.ts): renders it, redirects,
 * sends a plain member back to the site with a 'not allowed' message, or asks for a login.
 */
export function AccessGuard({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const { data: session, isPending, error, refetch } = useConsoleSession();
  useAccountLanguage(session);

  if (isPending) return <Loading />;
  if (error) return <LoadFailed onRetry={() => void refetch()} />;

  const path = location.pathname === '/' ? BASE : `${BASE}${location.pathname}`;
  const decision = decideAccess(path, session ? session.role : 'unauthenticated');
  switch (decision.kind) {
    case 'allow':
      return children;
    case 'redirect':
      return <Redirect to={decision.to} />;
    case 'not-allowed':
      return <NotAllowed to={decision.to} />;
    case 'login':
      return <ToLogin next={`${decision.next}${location.search}`} />;
  }
}

function Redirect({ to }: { to: string }) {
  const inside = to === BASE || to.startsWith(`${BASE}/`);
  useEffect(() => {
    if (!inside) window.location.replace(to);
  }, [inside, to]);
  return inside ? <Navigate to={to.slice(BASE.length) || '/'} replace /> : null;
}

function ToLogin({ next }: { next: string }) {
  useEffect(() => goToLogin(next), [next]);
  return null;
}

function NotAllowed({ to }: { to: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notified = useRef(false);
  useEffect(() => {
    if (!notified.current) {
      notified.current = true;
      notify('access.not_allowed', { type: 'warning', autoHideDuration: NOT_ALLOWED_DELAY_MS });
    }
    const timer = window.setTimeout(() => window.location.assign(to), NOT_ALLOWED_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [notify, to]);
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{translate('access.leaving')}</Typography>
      <Button variant="outlined" href={to === SITE_HOME_PATH ? '/' : to}>
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

let accountLanguageApplied = false;

/** Once per page load, switches to the account's language (it wins over cookie and browser). */
function useAccountLanguage(session: ConsoleSession | null | undefined) {
  const [locale, setLocale] = useLocaleState();
  useEffect(() => {
    if (!session || accountLanguageApplied) return;
    accountLanguageApplied = true;
    const wanted = consoleLang(session.user.attributes.lang);
    if (wanted !== locale) setLocale(wanted);
  }, [session, locale, setLocale]);
}
