import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import type { TSubscriptionUsage } from '@signet/shared/billing/billing.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNotifyRefusal } from '../layout/refusal.ts';
import { api, call } from '../providers/client.ts';
import { usageKey } from './AddSeatsOverlay.tsx';

/**
 * The remove seats dialog (spec: business dialogs): how many seats to give up; never below the
 * seats in use (the server refuses with SEATS_BELOW_MEMBERS, shown as it says).
 */
export function RemoveSeatsDialog({ id, usage }: { id: string; usage: TSubscriptionUsage }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refused = useNotifyRefusal();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const free = Math.max(0, usage.seats.total - usage.seats.used);
  const [count, setCount] = useState('1');
  const removing = Math.max(0, Math.floor(Number(count) || 0));
  const save = useMutation({
    mutationFn: () =>
      call(api.updateSubscriptionSeats, {
        params: { id },
        body: { seats: usage.seats.total - removing, timestamp: new Date().toISOString() },
      }),
    onSuccess: (next) => {
      client.setQueryData(usageKey(id), next);
      notify('billing.seats_saved', { type: 'success' });
      setOpen(false);
    },
    onError: refused,
  });
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} disabled={usage.seats.total <= 1}>
        {translate('billing.remove_seats')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="remove-seats-title">
        <DialogTitle id="remove-seats-title">{translate('billing.remove_seats_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('billing.remove_seats_body', { free })}
          </DialogContentText>
          <TextField
            autoFocus
            label={translate('billing.remove_seats_input')}
            type="number"
            value={count}
            onChange={(e) => setCount(e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: usage.seats.total - 1, step: 1 } }}
            sx={{ width: 220, maxWidth: '100%', mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            onClick={() => save.mutate()}
            disabled={removing < 1 || removing >= usage.seats.total || save.isPending}
          >
            {translate('billing.remove_seats_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
