import type { TBillingAddress } from '@signet/shared/billing/billing.schema';
import { type TVat, vatFor } from '@signet/shared/billing/pricing.rules';
import type { Config } from '../../config.ts';

/** A customer as VAT reads it: a country and a VAT number, both optional. */
export type TCustomer = { country?: string | undefined; vat?: string | null | undefined };

type TBillable = { billingAddress: Pick<TBillingAddress, 'country' | 'vat'> | null };

/**
 * Whose VAT a business is charged: the country (and VAT number) a preview names, else the
 * business's billing address (`PUT …/billing`), else none (the seller's own country). The previews
 * and the invoices the provider issues read it here, so they charge the same VAT.
 */
export function customerVat(
  config: Pick<Config, 'platform'>,
  business: TBillable | null,
  input: TCustomer = {},
): TVat {
  const customer: TCustomer = input.country ? input : (business?.billingAddress ?? {});
  return vatFor({
    platform: config.platform,
    country: customer.country ?? null,
    vatNumber: customer.vat ?? null,
  });
}
