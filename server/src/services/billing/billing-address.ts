import { BILLING_ERRORS } from '@signet/shared/billing/billing.constants';
import { normalizeVat, vatProblem } from '@signet/shared/billing/billing.rules';
import type { TBillingAddress } from '@signet/shared/billing/billing.schema';
import { eq } from 'drizzle-orm';
import { businesses } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import { setSandboxVat } from '../../providers/payments/sandbox-subscriptions.ts';
import { changeBusiness } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';
import { customerVat } from './customer-vat.ts';

/**
 * `PUT /v2/businesses/{id}/billing` (admin): the billing address, VAT number and currency (spec
 * section 3 `billing`). The VAT number must have the billing country's format (422 VAT_INVALID;
 * VAT_COUNTRY_UNSUPPORTED where none is known) and is kept normalised. Open while the business is
 * locked: an address is part of paying.
 */
export function updateBusinessBilling(
  ctx: Pick<ServiceContext, 'db' | 'principal' | 'config'>,
  businessId: string,
  input: TBillingAddress,
): Promise<TBillingAddress> {
  const vat = input.vat ? normalizeVat(input.vat) : null;
  const problem = vat ? vatProblem(input.country, vat) : null;
  if (problem) {
    throw new AppError(
      problem === 'unsupported' ? BILLING_ERRORS.vatCountryUnsupported : BILLING_ERRORS.vatInvalid,
      422,
      problem === 'unsupported'
        ? 'No VAT number format is known for this country'
        : "The VAT number does not have the billing country's format",
      { country: input.country },
    );
  }
  const address: TBillingAddress = {
    address1: input.address1,
    address2: input.address2 || null,
    city: input.city,
    postalCode: input.postalCode,
    country: input.country,
    vat,
    currency: input.currency,
  };
  return changeBusiness(
    ctx,
    businessId,
    'admin',
    async ({ tx, business }) => {
      await tx
        .update(businesses)
        .set({ billingAddress: address })
        .where(eq(businesses.id, business.id));
      // The provider's invoices charge the VAT of the new address from now on.
      await setSandboxVat(tx, business.id, customerVat(ctx.config, { billingAddress: address }));
      return address;
    },
    'upgrade',
  );
}
