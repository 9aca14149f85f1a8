import type {
  TBillingAddress,
  TInvoice,
  TInvoiceList,
} from '@signet/shared/billing/billing.schema';
import type { DbOrTx } from '../../db/client.ts';
import type { TSandboxInvoiceRow } from '../../db/schema/sandbox-subscriptions.ts';
import { AppError } from '../../errors.ts';
import { buildInvoicePdf } from '../../pdf/invoice/invoice-pdf.ts';
import type { TSubscriptionOwner } from '../../providers/payments/provider.ts';
import {
  sandboxCardOf,
  sandboxInvoiceOf,
  sandboxInvoicesOf,
} from '../../providers/payments/sandbox-subscriptions.ts';
import { readBusiness } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';

type Ctx = Pick<ServiceContext, 'db' | 'principal'>;

/** An invoice as the API shows it. */
export function invoiceDto(row: TSandboxInvoiceRow): TInvoice {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    currency: row.currency as TInvoice['currency'],
    subtotal: row.subtotal ?? row.total,
    vat: row.vat,
    total: row.total,
    lines: row.lines,
  };
}

/** The customer's invoices, newest first, and its card (last four digits only). */
export async function invoicesOf(db: DbOrTx, owner: TSubscriptionOwner): Promise<TInvoiceList> {
  const rows = await sandboxInvoicesOf(db, owner);
  const last4 = await sandboxCardOf(db, owner);
  return {
    items: rows.map(invoiceDto),
    paymentMethod: last4 ? { type: 'card', last4 } : null,
  };
}

/** `GET /v2/businesses/{id}/subscriptions/invoices` (admin; open while locked: it is a read). */
export async function listInvoices(ctx: Ctx, businessId: string): Promise<TInvoiceList> {
  const { business } = await readBusiness(ctx, businessId);
  return invoicesOf(ctx.db, { businessId: business.id });
}

/**
 * One invoice of the customer as a PDF, and its file name (404 for another customer's), addressed
 * to `billTo` (a business's name and billing address; a user's name).
 */
export async function invoicePdfOf(
  db: DbOrTx,
  owner: TSubscriptionOwner,
  billTo: { name: string; billingAddress: TBillingAddress | null },
  invoiceId: string,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const row = await sandboxInvoiceOf(db, owner, invoiceId);
  if (!row) throw new AppError('NOT_FOUND', 404, 'No such invoice');
  const bytes = await buildInvoicePdf(row, billTo);
  return { bytes, fileName: `invoice-${row.number}.pdf` };
}

/** `GET …/subscriptions/invoices/{invoiceId}/pdf` (admin). */
export async function getInvoicePdf(ctx: Ctx, businessId: string, invoiceId: string) {
  const { business } = await readBusiness(ctx, businessId);
  return invoicePdfOf(ctx.db, { businessId: business.id }, business, invoiceId);
}
