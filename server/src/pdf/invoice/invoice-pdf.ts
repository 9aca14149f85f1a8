import { PDF, rgb } from '@libpdf/core';
import type { TBillingAddress } from '@signet/shared/billing/billing.schema';
import type { TVatDto } from '@signet/shared/billing/pricing.schema';
import type { TSandboxInvoiceRow } from '../../db/schema/sandbox-subscriptions.ts';
import { embedFont, printable } from '../stamp/fonts.ts';

/**
 * An invoice of the payment provider as a PDF, drawn by Signet's own PDF code (text, not an
 * image: a reader can search and copy it). English, as the provider's documents are; amounts are
 * kept in minor units and printed with two decimals.
 */

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 50;
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.36, 0.4, 0.45);
const WARN = rgb(0.72, 0.43, 0);

/** `amount` minor units in `currency`, e.g. "CHF 1,234.50". */
export function formatMinor(amount: number, currency: string): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The VAT line's words: the rate and country, or why none is charged. */
function vatLabel(vat: TVatDto): string {
  if (vat.treatment === 'reverse_charge') {
    return `VAT 0% (${vat.country}): reverse charge, VAT to be accounted for by the recipient`;
  }
  if (vat.treatment === 'outside_scope') return `VAT 0% (${vat.country}): outside the scope of VAT`;
  return `VAT ${vat.rate / 100}% (${vat.country})`;
}

/** The invoice for `business` (its name and billing address, when it has one). */
export async function buildInvoicePdf(
  invoice: TSandboxInvoiceRow,
  business: { name: string; billingAddress: TBillingAddress | null },
): Promise<Uint8Array> {
  const doc = PDF.create();
  doc.setTitle(`Invoice ${invoice.number}`);
  doc.setAuthor('Signet');
  doc.setCreator('Signet');
  doc.setProducer('Signet');
  doc.setLanguage('en');
  doc.setCreationDate(invoice.createdAt);
  const font = embedFont(doc, 'regular');
  const bold = embedFont(doc, 'bold');
  const page = doc.addPage({ width: A4.width, height: A4.height });
  let y = A4.height - MARGIN;
  const line = (
    text: string,
    opts: { size?: number; strong?: boolean; color?: ReturnType<typeof rgb>; x?: number } = {},
  ) => {
    const size = opts.size ?? 10;
    const weight = opts.strong ? 'bold' : 'regular';
    page.drawText(printable(weight, text), {
      x: opts.x ?? MARGIN,
      y: y - size,
      size,
      font: opts.strong ? bold : font,
      color: opts.color ?? INK,
    });
    y -= size * 1.45;
  };
  const right = (text: string, size = 10, strong = false) => {
    const f = strong ? bold : font;
    const shown = printable(strong ? 'bold' : 'regular', text);
    page.drawText(shown, {
      x: A4.width - MARGIN - f.widthOfTextAtSize(shown, size),
      y: y + size * 0.45,
      size,
      font: f,
      color: INK,
    });
  };

  line('TEST SYSTEM – sandbox payment provider, nothing was charged', { size: 9, color: WARN });
  y -= 6;
  line('Invoice', { size: 22, strong: true });
  line(`Number: ${invoice.number}`);
  line(`Date: ${day(invoice.createdAt)}`);
  line(`Period: ${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`);
  line(`Status: ${invoice.status}`);
  y -= 10;
  line('Billed to', { strong: true, color: MUTED });
  line(business.name);
  const a = business.billingAddress;
  if (a) {
    for (const part of [a.address1, a.address2, `${a.postalCode} ${a.city}`, a.country]) {
      if (part) line(part);
    }
    if (a.vat) line(`VAT number: ${a.vat}`);
  }
  y -= 14;
  line('Description', { strong: true, color: MUTED });
  right('Amount', 10, true);
  y -= 4;
  for (const item of invoice.lines) {
    line(
      `${item.description} – ${item.quantity} × ${formatMinor(item.unitAmount, invoice.currency)}`,
    );
    right(formatMinor(item.amount, invoice.currency));
  }
  y -= 8;
  if (invoice.vat) {
    line('Subtotal');
    right(formatMinor(invoice.subtotal ?? invoice.total, invoice.currency));
    line(vatLabel(invoice.vat));
    right(formatMinor(invoice.vat.amount, invoice.currency));
  }
  line('Total', { strong: true, size: 12 });
  right(formatMinor(invoice.total, invoice.currency), 12, true);
  y -= 10;
  line(`Paid with the card ending in ${invoice.cardLast4}.`, { color: MUTED });
  return doc.save({ subsetFonts: true, useXRefStream: false });
}
