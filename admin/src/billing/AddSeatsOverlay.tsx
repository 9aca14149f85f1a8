import CloseIcon from '@mui/icons-material/Close';
import {
  AppBar,
  Box,
  Button,
  Dialog,
  IconButton,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import { MAX_SEATS } from '@signet/shared/billing/billing.constants';
import type { TSubscriptionUsage } from '@signet/shared/billing/billing.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNotifyRefusal } from '../layout/refusal.ts';
import { api, call } from '../providers/client.ts';

/** The query key of a business's usage (plan page, overlays and dialogs share it). */
export const usageKey = (id: string) => ['signet', 'usage', id] as const;

/** The business's usage (`GET …/subscriptions/usage`), shared by the billing views. */
export function useUsage(id: string | undefined) {
  return useQuery({
    queryKey: usageKey(String(id)),
    queryFn: () => call(api.getSubscriptionUsage, { params: { id: String(id) } }),
    enabled: Boolean(id),
  });
}

/**
 * The add seats overlay (spec: full-screen overlays): how many seats to add, the new total, and
 * `PUT …/subscriptions/seats`. Opened from the plan page and from the members page when an
 * invitation was refused with SEATS_EXCEEDED (`suggested`: the seats missing then). On a paid
 * plan the provider bills the added seats for the rest of the period.
 */
export function AddSeatsOverlay(props: {
  id: string;
  open: boolean;
  suggested?: number;
  onClose: () => void;
  onAdded?: (usage: TSubscriptionUsage) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refused = useNotifyRefusal();
  const client = useQueryClient();
  const { data: usage } = useUsage(props.open ? props.id : undefined);
  const [count, setCount] = useState(String(Math.max(1, props.suggested ?? 1)));
  const adding = Math.max(0, Math.floor(Number(count) || 0));
  const total = (usage?.seats.total ?? 0) + adding;
  const save = useMutation({
    mutationFn: () =>
      call(api.updateSubscriptionSeats, {
        params: { id: props.id },
        body: { seats: total, timestamp: new Date().toISOString() },
      }),
    onSuccess: (next) => {
      client.setQueryData(usageKey(props.id), next);
      notify('billing.seats_saved', { type: 'success' });
      props.onClose();
      props.onAdded?.(next);
    },
    onError: refused,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (adding > 0 && total <= MAX_SEATS) save.mutate();
  };
  return (
    <Dialog fullScreen open={props.open} onClose={props.onClose} aria-labelledby="add-seats-title">
      <AppBar position="relative" color="default" elevation={0}>
        <Toolbar>
          <Typography id="add-seats-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate('billing.add_seats_title')}
          </Typography>
          <IconButton edge="end" onClick={props.onClose} aria-label={translate('ra.action.close')}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box
        component="form"
        onSubmit={submit}
        sx={{ p: 3, maxWidth: 560, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
      >
        <Typography sx={{ mb: 2 }}>{translate('billing.add_seats_body')}</Typography>
        {usage ? (
          <Typography sx={{ mb: 2 }} data-testid="add-seats-current">
            {translate('billing.seats_value', { used: usage.seats.used, total: usage.seats.total })}
          </Typography>
        ) : null}
        <TextField
          autoFocus
          label={translate('billing.add_seats_input')}
          type="number"
          value={count}
          onChange={(e) => setCount(e.target.value)}
          slotProps={{ htmlInput: { min: 1, max: MAX_SEATS, step: 1 } }}
          sx={{ width: 220, maxWidth: '100%' }}
        />
        {usage ? (
          <Typography sx={{ mt: 2 }} data-testid="add-seats-total" role="status">
            {translate('billing.add_seats_total', { total })}
          </Typography>
        ) : null}
        {usage?.paymentMethod === 'STRIPE' ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('billing.add_seats_billed')}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!usage || adding < 1 || total > MAX_SEATS || save.isPending}
          >
            {translate('billing.add_seats_confirm')}
          </Button>
          <Button onClick={props.onClose}>{translate('ra.action.cancel')}</Button>
        </Box>
      </Box>
    </Dialog>
  );
}
