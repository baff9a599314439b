/**
 * An order's full VAT invoice (docs/domain.md §10.4): numbered from `vat_invoice_number_seq` the
 * first time it is asked for, under the order's row lock so two requests at once get one number
 * (and the sequence no gap), and the same number every time after. The figures come from the
 * order as it was paid; refunds since are credit notes against it.
 */
import type { Address, ShopDetails } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { OnAccountTerms } from './orders.deps.ts';
import * as repository from './orders.repository.ts';
import type { OrderLineRow, OrderRefundRow, OrderRow } from './orders.repository.ts';
import { drawVatInvoice, type VatInvoice, type VatInvoiceLine } from './vat-invoice-pdf.ts';

/**
 * Order lines keep no VAT rate of their own: every product sold today is at the standard rate
 * (docs/domain.md §1), which is also the delivery charge's. Basis points.
 */
export const STANDARD_VAT_RATE_BASIS_POINTS = 2_000;

/** Who is paid for an order on account (decision 0083: the provider is Two). */
const CREDIT_PROVIDER_NAME = 'Two';

/** The VAT inside a gross amount at a rate: gross × rate ÷ (1 + rate), to the penny. */
export const vatIn = (gross: number, rateBasisPoints: number) => Math.round((gross * rateBasisPoints) / (10_000 + rateBasisPoints));

const addressLines = (address: Address | null | undefined): string[] =>
  address ? [address.line1, address.line2, address.town, address.county, address.postcode].filter((part): part is string => Boolean(part)) : [];

/**
 * The invoice's figures from the order: the VAT total is the order's own (what was charged), and
 * the lines' ex-VAT amounts share the net after discount so they add up to it exactly.
 */
export function vatInvoiceOf(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  refunds: readonly OrderRefundRow[],
  invoice: { invoiceNumber: string; issuedAt: Date; suppliedAt: Date },
  shop: ShopDetails,
): VatInvoice {
  const rate = STANDARD_VAT_RATE_BASIS_POINTS;
  const totalIncVat = order.totalPence;
  const totalVat = order.vatPence;
  const totalExVat = totalIncVat - totalVat;
  const share = order.goodsPence > 0 ? (order.goodsPence - order.discountPence) / order.goodsPence : 1;
  const invoiceLines: VatInvoiceLine[] = lines.map((line) => {
    const paid = Math.round(line.lineTotalIncVat * share);
    const amountExVat = paid - vatIn(paid, rate);
    return {
      // Invoiced as paid; a part cancelled before dispatch is named here and its refund is a credit note below.
      description:
        `${line.productName} (${line.label}), ${line.sku}` + (line.cancelledQuantity > 0 ? `: ${line.cancelledQuantity} cancelled, see credit note` : ''),
      quantity: line.quantity,
      unitPriceExVat: Math.round(amountExVat / line.quantity),
      vatRateBasisPoints: rate,
      amountExVat,
    };
  });
  if (order.deliveryPence > 0) {
    invoiceLines.push({
      description: `Delivery: ${order.delivery.name}`,
      quantity: 1,
      unitPriceExVat: order.deliveryPence - vatIn(order.deliveryPence, rate),
      vatRateBasisPoints: rate,
      amountExVat: order.deliveryPence - vatIn(order.deliveryPence, rate),
    });
  }
  // Rounding each line can leave a penny between the lines and the net charged: the last line takes it.
  const drift = totalExVat - invoiceLines.reduce((sum, line) => sum + line.amountExVat, 0);
  const last = invoiceLines.at(-1);
  if (last && drift !== 0) last.amountExVat += drift;
  const creditNotes = refunds
    .filter((refund) => refund.state === 'succeeded')
    .map((refund) => ({
      number: `${invoice.invoiceNumber}-CN${refund.sequence}`,
      issuedAt: refund.settledAt ?? refund.requestedAt,
      amountIncVat: refund.amountPence,
      vat: vatIn(refund.amountPence, rate),
    }));
  return {
    ...invoice,
    orderNumber: order.orderNumber,
    customerReference: order.orderReference,
    supplier: { name: shop.legalName, address: [...shop.address.lines, shop.address.postcode], vatNumber: shop.vatNumber, companyNumber: shop.companyNumber },
    customer: { name: order.customerName, address: addressLines(order.billingAddress) },
    lines: invoiceLines,
    rates: [{ rateBasisPoints: rate, net: totalExVat, vat: totalVat }],
    totalExVat,
    totalVat,
    totalIncVat,
    creditNotes,
  };
}

/** The invoice's number, made the first time (under the order's lock), read after. */
async function numbered(db: Database, order: OrderRow, now: Date): Promise<repository.VatInvoiceRow> {
  const existing = await repository.findVatInvoice(db, order.id);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    await repository.lockOrder(tx, repository.byId(order.id));
    // Another request may have numbered it while this one waited for the lock.
    return (await repository.findVatInvoice(tx, order.id)) ?? repository.insertVatInvoice(tx, { orderId: order.id, issuedAt: now, suppliedAt: order.placedAt });
  });
}

/** The order's VAT invoice as a PDF, with its number and a file name. */
export async function vatInvoicePdf(
  db: Database,
  order: OrderRow,
  shop: ShopDetails,
  now: Date,
  onAccount?: OnAccountTerms | null,
): Promise<{ invoiceNumber: string; fileName: string; bytes: Uint8Array }> {
  const invoice = await numbered(db, order, now);
  const { lines, refunds } = await repository.linesAndHistory(db, [order.id]);
  const figures = vatInvoiceOf(order, lines, refunds, invoice, shop);
  if (onAccount) figures.onAccount = { provider: CREDIT_PROVIDER_NAME, ...onAccount };
  return { invoiceNumber: invoice.invoiceNumber, fileName: `${invoice.invoiceNumber}.pdf`, bytes: await drawVatInvoice(figures) };
}
