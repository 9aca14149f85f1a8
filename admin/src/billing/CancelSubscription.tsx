import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { TSubscriptionUsage } from '@signet/shared/billing/billing.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNotifyRefusal } from '../layout/refusal.ts';
import { api, call } from '../providers/client.ts';
import { useRefreshConsoleSession } from '../session.ts';
import { usageKey } from './AddSeatsOverlay.tsx';

/**
 * The cancel subscription dialog (spec: business dialogs; section 4): the paid plan ends with its
 * period and is 'cancelling' until then. `ends` is the period's end as the page shows it.
 */
export function CancelSubscription({ id, ends }: { id: string; ends: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refused = useNotifyRefusal();
  const client = useQueryClient();
  const refreshSession = useRefreshConsoleSession();
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: () => call(api.cancelSubscription, { params: { id } }),
    onSuccess: (next: TSubscriptionUsage) => {
      setOpen(false);
      client.setQueryData(usageKey(id), next);
      notify('billing.cancelled_notice', { type: 'info' });
      void refreshSession();
    },
    onError: refused,
  });
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {translate('billing.cancel_subscription')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="cancel-sub-title">
        <DialogTitle id="cancel-sub-title">
          {translate('billing.cancel_subscription_title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('billing.cancel_subscription_body', { date: ends })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('billing.keep_plan')}</Button>
          <Button color="error" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            {translate('billing.cancel_subscription_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Revokes a cancellation (spec section 4): the plan runs on. */
export function RevokeCancellation({ id }: { id: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refused = useNotifyRefusal();
  const client = useQueryClient();
  const refreshSession = useRefreshConsoleSession();
  const revoke = useMutation({
    mutationFn: () => call(api.revokeSubscriptionCancel, { params: { id } }),
    onSuccess: (next: TSubscriptionUsage) => {
      client.setQueryData(usageKey(id), next);
      notify('billing.revoked_notice', { type: 'success' });
      void refreshSession();
    },
    onError: refused,
  });
  return (
    <Button variant="contained" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
      {translate('billing.revoke_cancel')}
    </Button>
  );
}
