import { Alert, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNotifyRefusal } from '../layout/refusal.ts';
import { api, call } from '../providers/client.ts';
import { useConsoleSession, useRefreshConsoleSession } from '../session.ts';

/**
 * Deleting the business (`DELETE /v2/businesses/{id}`): scheduled for the end of the grace
 * period, revocable until then (`POST …/revoke_delete`). Members are then detached and told by
 * mail; their requests stay theirs.
 */
export function BusinessDeletion() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const refresh = useRefreshConsoleSession();
  const refused = useNotifyRefusal();
  const { data: session } = useConsoleSession();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const business = session?.business;
  if (!business) return null;
  const due = business.deletionDueAt ? new Date(business.deletionDueAt) : null;

  const run = async (action: 'delete' | 'revoke') => {
    setBusy(true);
    try {
      const params = { id: business.id };
      if (action === 'delete') await call(api.deleteBusiness, { params });
      else await call(api.revokeBusinessDeletion, { params });
      notify(`deletion.${action}d`, { type: 'success' });
      await refresh();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <Card sx={{ borderColor: 'error.light' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('deletion.title')}
        </Typography>
        {due ? (
          <>
            <Alert severity="warning" sx={{ my: 2 }}>
              {translate('deletion.scheduled', {
                date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(due),
              })}
            </Alert>
            <Button variant="contained" disabled={busy} onClick={() => void run('revoke')}>
              {translate('deletion.revoke')}
            </Button>
          </>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
              {translate('deletion.intro')}
            </Typography>
            <Button
              color="error"
              variant="outlined"
              disabled={busy}
              onClick={() => setAsking(true)}
            >
              {translate('deletion.delete')}
            </Button>
          </>
        )}
        <Confirm
          isOpen={asking}
          loading={busy}
          title="deletion.confirm_title"
          content={translate('deletion.confirm_body', { name: business.name })}
          confirm="deletion.delete"
          confirmColor="warning"
          onConfirm={() => void run('delete')}
          onClose={() => setAsking(false)}
        />
      </CardContent>
    </Card>
  );
}
