import { formatPence, londonLongDate, type VatDocument } from '@shop/contracts';

/** A VAT invoice's or credit note's date, amount and place among the order's documents, as its lists say them (customer's and staff's). */
export function vatDocumentFacts(document: VatDocument): string {
  const issued = `Issued ${londonLongDate(document.issuedAt)}`;
  if (document.kind === 'credit_note') return `${issued} · credits ${formatPence(document.amountPence)} · cancels ${document.cancels}`;
  return `${issued} · ${formatPence(document.amountPence)} · ${document.replacedBy ? `cancelled, replaced by ${document.replacedBy}` : 'current'}`;
}
