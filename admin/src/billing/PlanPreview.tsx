import { Box, Typography } from '@mui/material';
import type { TBillingCycle, TCurrency } from '@signet/shared/billing/billing.constants';
import type { TPricePlan } from '@signet/shared/billing/billing.schema';
import type { TPricePreview } from '@signet/shared/billing/pricing.schema';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { useRefusalText } from '../layout/refusal.ts';
import { api, call } from '../providers/client.ts';

type Line = { key: string; label: string; amount: number; strong?: boolean };

/** The lines a preview shows: the plan, credits and discounts, VAT, and the total due now. */
function linesOf(
  preview: TPricePreview,
  translate: ReturnType<typeof useTranslate>,
  percent: (basisPoints: number) => string,
): Line[] {
  const { dueNow } = preview;
  const lines: Line[] = dueNow.lines.map((l, i) => ({
    key: `${l.kind}-${i}`,
    label:
      l.kind === 'discount'
        ? translate('upgrade.line_discount', { code: l.label })
        : l.kind === 'credit'
          ? translate('upgrade.line_credit')
          : translate('upgrade.line_plan', { seats: String(l.quantity) }),
    amount: l.amount,
  }));
  const vat = dueNow.vat;
  lines.push({
    key: 'vat',
    label:
      vat.treatment === 'standard'
        ? translate('upgrade.line_vat', { rate: percent(vat.rate), country: vat.country })
        : translate(`upgrade.line_vat_${vat.treatment}`),
    amount: vat.amount,
  });
  lines.push({
    key: 'total',
    label: translate('upgrade.total_now'),
    amount: dueNow.total,
    strong: true,
  });
  return lines;
}

/**
 * What choosing `plan` costs now, from the server's upgrade preview (`upgrade/preview`): the
 * plan for the seats, the promo code's discount, VAT and the total, then the renewal. A promo
 * code that does not hold for this plan shows the server's reason instead.
 */
export function PlanPreview(props: {
  businessId: string;
  plan: TPricePlan;
  cycle: TBillingCycle;
  currency: TCurrency;
  seats: number;
  promoCode: string | null;
}) {
  const translate = useTranslate();
  const refusal = useRefusalText();
  const [locale] = useLocaleState();
  const { businessId, plan, cycle, currency, seats, promoCode } = props;
  const valid = Number.isInteger(seats) && seats >= 1;
  const { data, error } = useQuery({
    queryKey: [
      'signet',
      'upgrade-preview',
      businessId,
      plan.name,
      cycle,
      currency,
      seats,
      promoCode,
    ],
    queryFn: () =>
      call(api.upgradePreview, {
        params: { id: businessId },
        body: {
          plan: plan.name,
          cycle,
          currency,
          amountSeats: seats,
          ...(promoCode ? { promoCode } : {}),
        },
      }),
    enabled: valid,
    retry: false,
  });
  // A discount or credit reads "− CHF 1.50" in every locale (de-CH would write "CHF-1.50").
  const money = (minor: number) =>
    `${minor < 0 ? '− ' : ''}${new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Math.abs(minor) / 100)}`;
  const percent = (bp: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(bp / 100);
  if (error) {
    return (
      <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
        {refusal(error)}
      </Typography>
    );
  }
  if (!data) return null;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(
    new Date(data.renewal.at),
  );
  return (
    <Box component="dl" sx={{ mt: 1.5, mb: 0 }} data-testid={`preview-${plan.tier}`}>
      {linesOf(data, translate, percent).map((line) => (
        <Box
          key={line.key}
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 1,
            fontWeight: line.strong ? 700 : 400,
            borderTop: line.strong ? 1 : 0,
            borderColor: 'divider',
            pt: line.strong ? 0.5 : 0,
          }}
        >
          <Typography component="dt" variant="body2" sx={{ fontWeight: 'inherit' }}>
            {line.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 'inherit' }}>
            {money(line.amount)}
          </Typography>
        </Box>
      ))}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {translate('upgrade.renewal', { amount: money(data.renewal.total), date })}
      </Typography>
    </Box>
  );
}
