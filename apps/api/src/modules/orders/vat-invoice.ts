/**
 * An order's full VAT invoice (docs/domain.md §10.4): numbered from `vat_invoice_number_seq` the
 * first time it is asked for, under the order's row lock so two requests at once get one number
 * (and the sequence no gap), and the same number every time after. The figures come from the
 * order as it was paid; refunds since are credit notes against it.
 */
import { vatInPence, type Address, type ShopDetails, type VatDocument } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { OnAccountTerms } from './orders.deps.ts';
import { OrderErrors } from './orders.errors.ts';
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
export const vatIn = vatInPence;

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

/** Was the order changed after it was placed (a paid change or upgrade, or a change's refund)? Its invoices then keep their figures. */
async function wasChanged(db: Database, order: OrderRow, refunds: readonly OrderRefundRow[]): Promise<boolean> {
  return refunds.some(isChangeRefund) || (await repository.chargesOf(db, order.id)).length > 0;
}

const isChangeRefund = (refund: OrderRefundRow) => refund.idempotencyKey.includes(':order-change:');

/**
 * The figures of a changed order as it now stands: the units still on it at the prices paid, the
 * discount, delivery and VAT the change worked out. Kept with the invoice when it is issued, so later
 * line cancellations and refunds show as its credit notes, not as new figures.
 */
export function standingInvoiceOf(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  invoice: { invoiceNumber: string; issuedAt: Date; suppliedAt: Date },
  shop: ShopDetails,
): VatInvoice {
  const standing = lines
    .filter((line) => line.quantity > line.cancelledQuantity)
    .map((line) => {
      const quantity = line.quantity - line.cancelledQuantity;
      return { ...line, quantity, cancelledQuantity: 0, lineTotalIncVat: quantity * line.unitPriceIncVat };
    });
  const goodsPence = standing.reduce((sum, line) => sum + line.lineTotalIncVat, 0);
  const totalPence = goodsPence - order.discountPence + order.deliveryPence;
  return vatInvoiceOf({ ...order, goodsPence, totalPence }, standing, [], invoice, shop);
}

/** Figures kept as JSON read back: their dates are dates again. */
function revived(figures: unknown): VatInvoice {
  const kept = figures as VatInvoice;
  return {
    ...kept,
    issuedAt: new Date(kept.issuedAt),
    suppliedAt: new Date(kept.suppliedAt),
    creditNotes: kept.creditNotes.map((note) => ({ ...note, issuedAt: new Date(note.issuedAt) })),
  };
}

/**
 * The current invoice's figures: kept ones (an invoice issued for a changed order) with the refunds
 * made since as its credit notes, the order's change refunds aside (a change replaces the invoice
 * instead); else drawn from the order (`vatInvoiceOf`).
 */
async function currentFigures(db: Database, order: OrderRow, invoice: repository.VatInvoiceRow, shop: ShopDetails): Promise<VatInvoice> {
  const { lines, refunds } = await repository.linesAndHistory(db, [order.id]);
  if (!invoice.figures) return vatInvoiceOf(order, lines, refunds, invoice, shop);
  const kept = revived(invoice.figures);
  const since = refunds.filter((refund) => refund.requestedAt >= invoice.issuedAt && !isChangeRefund(refund));
  return { ...kept, creditNotes: vatInvoiceOf(order, [], since, invoice, shop).creditNotes };
}

/** The invoice's number, made the first time (under the order's lock), read after. */
async function numbered(db: Database, order: OrderRow, shop: ShopDetails, now: Date): Promise<repository.VatInvoiceRow> {
  const existing = await repository.findVatInvoice(db, order.id);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const locked = (await repository.lockOrder(tx, repository.byId(order.id)))!;
    // Another request may have numbered it while this one waited for the lock.
    const again = await repository.findVatInvoice(tx, order.id);
    if (again) return again;
    const issued = await repository.insertVatInvoice(tx, { orderId: order.id, issuedAt: now, suppliedAt: order.placedAt });
    const { lines, refunds } = await repository.linesAndHistory(tx, [order.id]);
    // First asked for after a change: the order as it stands, kept (the refunds of its changes are not credit notes of it).
    if (!(await wasChanged(tx, locked, refunds))) return issued;
    const figures = standingInvoiceOf(locked, lines, issued, shop);
    await repository.keepVatInvoiceFigures(tx, issued.invoiceNumber, figures);
    return { ...issued, figures };
  });
}

/**
 * Before an order change is written (under the order's lock, in its transaction): the current
 * invoice as it reads now, to be kept when the change replaces it. Undefined when none was issued.
 */
export async function invoiceBeforeChange(db: Database, order: OrderRow, shop: ShopDetails): Promise<VatInvoice | undefined> {
  const current = await repository.findVatInvoice(db, order.id);
  return current ? { ...(await currentFigures(db, order, current, shop)), invoiceNumber: current.invoiceNumber } : undefined;
}

/**
 * After the change is written, in the same transaction: the old invoice is cancelled by a credit
 * note (its figures kept as they were) and a new invoice, numbered in sequence, is issued for the order
 * as it now stands (docs/domain.md §4.3: an invoice is not altered once issued).
 */
export async function reissueAfterChange(db: Database, orderId: string, before: VatInvoice, shop: ShopDetails, now: Date): Promise<void> {
  const current = await repository.findVatInvoice(db, orderId);
  if (!current) return;
  const next = await repository.replaceVatInvoice(db, current, before, now);
  const order = (await repository.findOrder(db, repository.byId(orderId)))!;
  const lines = await repository.linesOf(db, orderId);
  await repository.keepVatInvoiceFigures(db, next.invoiceNumber, standingInvoiceOf(order, lines, next, shop));
}

/** A credit note cancelling a replaced invoice: what it still invoiced (its total less its refunds' credit notes), as one line. */
export function creditNoteOf(replaced: VatInvoice, row: repository.VatInvoiceRow): VatInvoice {
  const credited = replaced.creditNotes.reduce((sum, note) => sum + note.amountIncVat, 0);
  const creditedVat = replaced.creditNotes.reduce((sum, note) => sum + note.vat, 0);
  const totalIncVat = replaced.totalIncVat - credited;
  const totalVat = replaced.totalVat - creditedVat;
  const rate = STANDARD_VAT_RATE_BASIS_POINTS;
  return {
    ...replaced,
    heading: { title: 'Credit note', numberLabel: 'Credit note number' },
    invoiceNumber: row.creditNoteNumber!,
    issuedAt: row.replacedAt!,
    suppliedAt: row.replacedAt!,
    lines: [
      {
        description: `Cancels VAT invoice ${replaced.invoiceNumber}: order changed`,
        quantity: 1,
        unitPriceExVat: totalIncVat - totalVat,
        vatRateBasisPoints: rate,
        amountExVat: totalIncVat - totalVat,
      },
    ],
    rates: [{ rateBasisPoints: rate, net: totalIncVat - totalVat, vat: totalVat }],
    totalExVat: totalIncVat - totalVat,
    totalVat,
    totalIncVat,
    creditNotes: [],
    notes: [`This credit note cancels VAT invoice ${replaced.invoiceNumber}, replaced by VAT invoice ${row.replacedBy} after the order was changed.`],
    onAccount: undefined,
  };
}

/**
 * The order's VAT invoices and credit notes, oldest first, with their totals: what its page lists to
 * download. An invoice kept with its figures (replaced, or issued after a change) says its own total;
 * the current one issued before any change invoices the order as it stands.
 */
export function vatDocumentsFrom(rows: readonly repository.VatInvoiceRow[], orderTotalPence: number): VatDocument[] {
  return rows.flatMap((row): VatDocument[] => {
    const kept = row.figures ? revived(row.figures) : null;
    const invoice = { number: row.invoiceNumber, kind: 'invoice' as const, issuedAt: row.issuedAt.toISOString(), replacedBy: row.replacedBy };
    if (!kept || !row.creditNoteNumber || !row.replacedAt) return [{ ...invoice, amountPence: kept?.totalIncVat ?? orderTotalPence }];
    const credit = creditNoteOf(kept, row);
    return [
      { ...invoice, amountPence: kept.totalIncVat },
      {
        number: credit.invoiceNumber,
        kind: 'credit_note',
        issuedAt: row.replacedAt.toISOString(),
        amountPence: credit.totalIncVat,
        replacedBy: null,
        cancels: row.invoiceNumber,
      },
    ];
  });
}

/**
 * The order's VAT invoice as a PDF, with its number and a file name: the current one (numbered the
 * first time), or with `documentNumber` any of its invoices or credit notes (`vatDocumentsOf`).
 */
export async function vatInvoicePdf(
  db: Database,
  order: OrderRow,
  shop: ShopDetails,
  now: Date,
  onAccount?: OnAccountTerms | null,
  documentNumber?: string,
): Promise<{ invoiceNumber: string; fileName: string; bytes: Uint8Array }> {
  let figures: VatInvoice;
  if (documentNumber) {
    const rows = await repository.vatInvoicesOf(db, [order.id]);
    const invoice = rows.find((row) => row.invoiceNumber === documentNumber);
    const cancelled = rows.find((row) => row.creditNoteNumber === documentNumber);
    if (cancelled) figures = creditNoteOf(revived(cancelled.figures), cancelled);
    else if (invoice?.replacedAt)
      figures = {
        ...revived(invoice.figures),
        notes: [`Cancelled by credit note ${invoice.creditNoteNumber} and replaced by VAT invoice ${invoice.replacedBy}.`],
      };
    else if (invoice) figures = await currentFigures(db, order, invoice, shop);
    else throw OrderErrors.noSuchVatDocument(documentNumber);
  } else {
    figures = await currentFigures(db, order, await numbered(db, order, shop, now), shop);
  }
  if (onAccount && !figures.heading) figures.onAccount = { provider: CREDIT_PROVIDER_NAME, ...onAccount };
  return { invoiceNumber: figures.invoiceNumber, fileName: `${figures.invoiceNumber}.pdf`, bytes: await drawVatInvoice(figures) };
}
