import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import type { TSubscriptionUsage } from '@signet/shared/billing/billing.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { CONSOLE_PATHS } from '../access.ts';
import { useNotifyRefusal } from '../layout/refusal.ts';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { api, call } from '../providers/client.ts';
import { useConsoleSession, useRefreshConsoleSession } from '../session.ts';
import { AddSeatsOverlay, useUsage } from './AddSeatsOverlay.tsx';
import { BillingAddressCard } from './BillingAddressCard.tsx';
import { CancelSubscription, RevokeCancellation } from './CancelSubscription.tsx';
import { InvoicesCard } from './InvoicesCard.tsx';
import { RemoveSeatsDialog } from './RemoveSeatsDialog.tsx';

function Row({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 0.5 }}>
      <Typography color="text.secondary" sx={{ minWidth: 180 }} id={id}>
        {label}
      </Typography>
      <Typography aria-labelledby={id} data-testid={id} sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The seats buttons: the add seats overlay and the remove seats dialog. */
function SeatsButtons({ id, usage }: { id: string; usage: TSubscriptionUsage }) {
  const translate = useTranslate();
  const [adding, setAdding] = useState(false);
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
      <Button variant="contained" onClick={() => setAdding(true)}>
        {translate('billing.add_seats')}
      </Button>
      <RemoveSeatsDialog id={id} usage={usage} />
      {adding ? <AddSeatsOverlay id={id} open onClose={() => setAdding(false)} /> : null}
    </Box>
  );
}

/** The cancel trial dialog (spec section 5): the trial ends now and the business is locked. */
function CancelTrial({ id }: { id: string }) {
  const translate = useTranslate();
  const refused = useNotifyRefusal();
  const client = useQueryClient();
  const refreshSession = useRefreshConsoleSession();
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: () => call(api.cancelTrial, { params: { id } }),
    onSuccess: (next) => {
      setOpen(false);
      client.setQueryData(['signet', 'usage', id], next);
      // The business is locked now: the session and the access rules must see it.
      void refreshSession();
    },
    onError: refused,
  });
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {translate('billing.cancel_trial')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="cancel-trial-title">
        <DialogTitle id="cancel-trial-title">{translate('billing.cancel_trial_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('billing.cancel_trial_body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            {translate('billing.cancel_trial_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * /business/billing/plan (admins): the current plan, how the business pays, when its trial ends
 * and its seats (`GET /v2/businesses/{id}/subscriptions/usage`); the add seats overlay and the
 * remove seats dialog; the cancel subscription dialog or the revoke of a cancelling plan (spec
 * section 4); the cancel trial dialog; the invoices, the card and the customer portal; the
 * billing address.
 */
export function BillingPlanPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: session } = useConsoleSession();
  const title = translate('billing.title');
  usePageTitle(title);
  const id = session?.business?.id;
  // Back from the provider's card page (by way of the upgrade page, which waited for the plan).
  const returned = new URLSearchParams(window.location.search).get('setup') === 'succeeded';
  const { data: usage, isError } = useUsage(id);
  if (!id) return null;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {isError ? (
        <Typography role="alert">{translate('ra.notification.http_error')}</Typography>
      ) : null}
      {usage ? (
        <Card>
          <CardContent>
            <Row
              id="billing-plan"
              label={translate('billing.plan')}
              value={translate(`billing.plan_${usage.plan}`, { _: usage.plan })}
            />
            <Row
              id="billing-payment"
              label={translate('billing.payment')}
              value={translate(`billing.payment_${usage.paymentMethod}`)}
            />
            {usage.periodEndsAt ? (
              <Row
                id="billing-period-end"
                label={translate(
                  usage.planState === 'cancelling' ? 'billing.plan_ends' : 'billing.plan_renews',
                )}
                value={date(usage.periodEndsAt)}
              />
            ) : null}
            {usage.trialEndsAt ? (
              <Row
                id="billing-trial-end"
                label={translate(usage.locked ? 'billing.trial_ended' : 'billing.trial_ends')}
                value={date(usage.trialEndsAt)}
              />
            ) : null}
            <Row
              id="billing-seats"
              label={translate('billing.seats')}
              value={translate('billing.seats_value', {
                used: usage.seats.used,
                total: usage.seats.total,
              })}
            />
            {usage.paymentIssue && !usage.locked ? (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {translate('billing.payment_issue')}
              </Alert>
            ) : null}
            {usage.planState === 'cancelling' ? (
              <Alert severity="info" sx={{ mt: 2 }} data-testid="billing-cancelling">
                {translate('billing.cancelling', {
                  date: usage.next?.startsAt ? date(usage.next.startsAt) : '',
                })}
              </Alert>
            ) : null}
            {usage.locked ? (
              <Typography role="status" color="error" sx={{ mt: 2 }}>
                {translate('billing.locked')}
              </Typography>
            ) : (
              <SeatsButtons id={id} usage={usage} />
            )}
            {returned && usage.paymentMethod === 'STRIPE' ? (
              <Typography role="status" sx={{ mt: 2 }}>
                {translate('billing.card_active')}
              </Typography>
            ) : null}
            <Box sx={{ mt: 3 }}>
              <Button variant="contained" component={RouterLink} to={CONSOLE_PATHS.upgrade}>
                {translate('billing.upgrade')}
              </Button>
            </Box>
            {usage.planState === 'cancelling' ? (
              <Box sx={{ mt: 3 }}>
                <RevokeCancellation id={id} />
              </Box>
            ) : null}
            {usage.planState === 'active' &&
            usage.paymentMethod === 'STRIPE' &&
            usage.periodEndsAt ? (
              <Box sx={{ mt: 3 }}>
                <CancelSubscription id={id} ends={date(usage.periodEndsAt)} />
              </Box>
            ) : null}
            {usage.paymentMethod === 'TRIALING' && !usage.locked ? (
              <Box sx={{ mt: 3 }}>
                <CancelTrial id={id} />
              </Box>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
      {usage ? <InvoicesCard id={id} /> : null}
      {usage && session?.business ? <BillingAddressCard business={session.business} /> : null}
    </Box>
  );
}
