import { Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import {
  BILLING_ERRORS,
  CURRENCIES,
  type TCurrency,
} from '@signet/shared/billing/billing.constants';
import { displayCurrency, normalizeVat, vatProblem } from '@signet/shared/billing/billing.rules';
import type { TBusiness } from '@signet/shared/business/business.schema';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNotifyRefusal } from '../layout/refusal.ts';
import { api, call } from '../providers/client.ts';
import { errorKey } from '../providers/server-errors.ts';
import { useRefreshConsoleSession } from '../session.ts';

type TForm = {
  address1: string;
  address2: string;
  city: string;
  postalCode: string;
  country: string;
  vat: string;
  currency: TCurrency;
};

const formOf = (billing: TBusiness['billing'], fallback: TCurrency): TForm => ({
  address1: billing.address1 ?? '',
  address2: billing.address2 ?? '',
  city: billing.city ?? '',
  postalCode: billing.postalCode ?? '',
  country: billing.country ?? '',
  vat: billing.vat ?? '',
  currency: billing.currency ?? fallback,
});

/** The country's name in the console's language, or nothing for a code that names none. */
function countryName(code: string, locale: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? name : '';
  } catch {
    return '';
  }
}

/**
 * The billing address form of /business/billing/plan (`PUT /v2/businesses/{id}/billing`): the
 * address the invoices are made out to, the VAT number — checked here by shared's format rule of
 * the billing country before it is sent, and again by the server — and the currency. The
 * invoices charge the VAT of this address (and the previews show it).
 */
export function BillingAddressCard({ business }: { business: TBusiness }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refused = useNotifyRefusal();
  const refreshSession = useRefreshConsoleSession();
  const fallback: TCurrency = displayCurrency(window.location.hostname);
  const [form, setForm] = useState<TForm>(() => formOf(business.billing, fallback));
  const [checked, setChecked] = useState(false);
  const set = (key: keyof TForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const country = form.country.trim().toUpperCase();
  const countryValid = countryName(country, locale) !== '';
  const vat = form.vat.trim() ? normalizeVat(form.vat) : '';
  const problem = vat && countryValid ? vatProblem(country, vat) : null;
  const vatError = problem
    ? translate(
        errorKey(
          problem === 'invalid' ? BILLING_ERRORS.vatInvalid : BILLING_ERRORS.vatCountryUnsupported,
        ),
      )
    : '';
  const missing = (value: string) => checked && value.trim() === '';
  const save = useMutation({
    mutationFn: () =>
      call(api.updateBusinessBilling, {
        params: { id: business.id },
        body: {
          address1: form.address1.trim(),
          address2: form.address2.trim() || null,
          city: form.city.trim(),
          postalCode: form.postalCode.trim(),
          country,
          vat: vat || null,
          currency: form.currency,
        },
      }),
    onSuccess: async (saved) => {
      setForm(
        formOf(
          {
            ...business.billing,
            ...saved,
            address2: saved.address2 ?? null,
            vat: saved.vat ?? null,
          },
          fallback,
        ),
      );
      notify('billing.address_saved', { type: 'success' });
      await refreshSession();
    },
    onError: refused,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    const filled = [form.address1, form.city, form.postalCode].every((v) => v.trim() !== '');
    if (!filled || !countryValid || problem) return;
    save.mutate();
  };
  return (
    <Card sx={{ mt: 3 }} data-testid="billing-address">
      <CardContent>
        <Typography variant="h6" component="h2" id="billing-address-title" sx={{ mb: 2 }}>
          {translate('billing.address_title')}
        </Typography>
        <Box
          component="form"
          noValidate
          aria-labelledby="billing-address-title"
          onSubmit={submit}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <TextField
            label={translate('billing.address1')}
            value={form.address1}
            onChange={set('address1')}
            required
            error={missing(form.address1)}
            autoComplete="address-line1"
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <TextField
            label={translate('billing.address2')}
            value={form.address2}
            onChange={set('address2')}
            autoComplete="address-line2"
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <TextField
            label={translate('billing.postal_code')}
            value={form.postalCode}
            onChange={set('postalCode')}
            required
            error={missing(form.postalCode)}
            autoComplete="postal-code"
          />
          <TextField
            label={translate('billing.city')}
            value={form.city}
            onChange={set('city')}
            required
            error={missing(form.city)}
            autoComplete="address-level2"
          />
          <TextField
            label={translate('billing.country')}
            value={form.country}
            onChange={set('country')}
            required
            error={(checked || form.country.length >= 2) && !countryValid}
            helperText={
              countryValid ? countryName(country, locale) : translate('billing.country_help')
            }
            autoComplete="country"
            slotProps={{ htmlInput: { maxLength: 2, style: { textTransform: 'uppercase' } } }}
          />
          <TextField
            select
            label={translate('billing.currency')}
            value={form.currency}
            onChange={set('currency')}
          >
            {CURRENCIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('billing.vat')}
            value={form.vat}
            onChange={set('vat')}
            error={vatError !== ''}
            helperText={vatError || translate('billing.vat_help')}
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {translate('billing.address_save')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
