import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { BILLING_ERRORS, type TBillingCycle } from '@signet/shared/billing/billing.constants';
import { displayCurrency } from '@signet/shared/billing/billing.rules';
import type { TPricePlan } from '@signet/shared/billing/billing.schema';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { CONSOLE_PATHS } from '../access.ts';
import { useNotifyRefusal } from '../layout/refusal.ts';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { api, call } from '../providers/client.ts';
import { errorKey } from '../providers/server-errors.ts';
import { useConsoleSession, useRefreshConsoleSession } from '../session.ts';
import { PlanPreview } from './PlanPreview.tsx';
import { PromoCodeField } from './PromoCodeField.tsx';
import { SeatsField } from './SeatsField.tsx';

/**
 * /business/upgrade (admins; open while the business is locked, spec section 6): the plans from
 * `GET /v2/businesses/price_plans` in the platform's currency, a cycle and the seats; choosing one
 * asks the payment provider for a card page (`stripe_setup_intent`) and goes there. Each plan shows
 * the server's preview (plan, promo code discount, VAT, total now and at renewal); a promo code is
 * applied to the previews and taken with the card. No card data passes through Signet.
 */
export function UpgradePage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const refused = useNotifyRefusal();
  const { data: session } = useConsoleSession();
  const title = translate('upgrade.title');
  usePageTitle(title);
  const business = session?.business;
  const currency = displayCurrency(window.location.hostname);
  const [cycle, setCycle] = useState<TBillingCycle>('monthly');
  const [seats, setSeats] = useState(String(business?.seats ?? 1));
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const { data: plans } = useQuery({
    queryKey: ['signet', 'price-plans'],
    queryFn: () => call(api.listPricePlans),
  });
  // Back from the provider's card page: the plan starts when its webhook arrives; ask every second,
  // then reload the session (the business is no longer locked) and show the plan page. A card that
  // was saved but did not pay the first invoice leaves the subscription `incomplete` and no plan:
  // the page says the card was declined.
  const returned = new URLSearchParams(window.location.search).get('setup') === 'succeeded';
  const navigate = useNavigate();
  const refreshSession = useRefreshConsoleSession();
  const { data: usage } = useQuery({
    queryKey: ['signet', 'usage', business?.id],
    queryFn: () => call(api.getSubscriptionUsage, { params: { id: String(business?.id) } }),
    enabled: returned && Boolean(business),
    refetchInterval: (query) =>
      query.state.data?.paymentMethod === 'STRIPE' ||
      query.state.data?.subscriptionStatus === 'incomplete'
        ? false
        : 1000,
  });
  const active = usage?.paymentMethod === 'STRIPE';
  const declined = !active && usage?.subscriptionStatus === 'incomplete';
  useEffect(() => {
    if (!active) return;
    void refreshSession().then(() =>
      navigate(`${CONSOLE_PATHS.billingPlan}?setup=succeeded`, { replace: true }),
    );
  }, [active, navigate, refreshSession]);
  const choose = useMutation({
    mutationFn: (plan: TPricePlan) =>
      call(api.createSetupIntent, {
        params: { id: String(business?.id) },
        body: {
          plan: plan.name,
          cycle,
          currency,
          seats: Number(seats),
          ...(promoCode ? { promoCode } : {}),
        },
      }),
    onSuccess: (intent) => window.location.assign(intent.redirectUrl),
    onError: refused,
  });
  if (!business) return null;
  const money = (minor: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
  const shown = (plans?.items ?? []).filter((p) => p.cycle === cycle && p.currency === currency);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {returned && declined ? (
        <Typography role="alert" color="error" sx={{ mb: 2 }} data-testid="first-payment-failed">
          {translate(errorKey(BILLING_ERRORS.firstPaymentFailed))}
        </Typography>
      ) : returned ? (
        <Typography role="status" sx={{ mb: 2 }}>
          {translate('billing.card_pending')}
        </Typography>
      ) : null}
      {business.locked ? (
        <Typography role="status" color="error" sx={{ mb: 2 }}>
          {translate('billing.locked')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={cycle}
          onChange={(_e, next: TBillingCycle | null) => next && setCycle(next)}
          aria-label={translate('upgrade.cycle')}
        >
          <ToggleButton value="monthly">{translate('upgrade.monthly')}</ToggleButton>
          <ToggleButton value="yearly">{translate('upgrade.yearly')}</ToggleButton>
        </ToggleButtonGroup>
        <SeatsField value={seats} onChange={setSeats} />
        <PromoCodeField applied={promoCode} onApply={setPromoCode} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {shown.map((plan) => (
          <Card key={plan.name} component="section" aria-labelledby={`plan-${plan.tier}`}>
            <CardContent>
              <Typography variant="h6" component="h2" id={`plan-${plan.tier}`}>
                {translate(`upgrade.tier_${plan.tier}`)}
              </Typography>
              <Typography variant="h5" component="p" sx={{ mt: 1 }}>
                {money(plan.unitAmount)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(
                  `upgrade.per_${plan.perSeat ? 'seat' : 'plan'}_${cycle === 'monthly' ? 'month' : 'year'}`,
                )}
              </Typography>
              <PlanPreview
                businessId={business.id}
                plan={plan}
                cycle={cycle}
                currency={currency}
                seats={Number(seats)}
                promoCode={promoCode}
              />
            </CardContent>
            <CardActions>
              <Button
                variant="contained"
                disabled={choose.isPending}
                onClick={() => choose.mutate(plan)}
                aria-describedby={`plan-${plan.tier}`}
              >
                {translate('upgrade.choose')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
