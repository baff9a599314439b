/**
 * Draws a VAT invoice (`vat-invoice.ts`'s figures) as a one-or-more-page A4 PDF with pdf-lib and its
 * standard Helvetica: no font files to ship. Helvetica's encoding (WinAnsi) has £ and the curly
 * quotes; anything it lacks is written as "?" rather than failing the download.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatPence, londonLongDate } from '@shop/contracts';

export interface VatInvoiceLine {
  description: string;
  quantity: number;
  unitPriceExVat: number;
  vatRateBasisPoints: number;
  amountExVat: number;
}

export interface CreditNote {
  number: string;
  issuedAt: Date;
  amountIncVat: number;
  vat: number;
}

/** Everything the invoice shows, worked out once (pure), drawn by `vat-invoice-pdf.ts`. */
export interface VatInvoice {
  invoiceNumber: string;
  issuedAt: Date;
  suppliedAt: Date;
  orderNumber: string;
  /** The customer's purchase-order or job reference, when they gave one. */
  customerReference: string | null;
  supplier: { name: string; address: string[]; vatNumber: string; companyNumber: string };
  customer: { name: string; address: string[] };
  lines: VatInvoiceLine[];
  /** Net and VAT per rate, and the totals, in pence. */
  rates: { rateBasisPoints: number; net: number; vat: number }[];
  totalExVat: number;
  totalVat: number;
  totalIncVat: number;
  creditNotes: CreditNote[];
  /** A credit note is drawn as an invoice with its own title and number's name. */
  heading?: { title: string; numberLabel: string };
  /** Said at the end: what cancels or replaces this document. */
  notes?: string[];
  /** Paid on account: the credit provider is paid, by the due date (set on dispatch), into its account. */
  onAccount?: {
    provider: string;
    termDays: number;
    dueDate: string | null;
    payee: { name: string; sortCode: string; accountNumber: string; reference: string } | null;
    paidAt: string | null;
  };
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;

/** WinAnsi covers Latin-1 and a few more (€, curly quotes, dashes, bullets); anything else becomes "?". */
export const printable = (text: string): string => text.replace(/[\r\n\t]+/g, ' ').replace(/[^\u0020-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu, '?');

const rate = (basisPoints: number) => `${basisPoints / 100}%`;

/** The payment block of an invoice on account: whom to pay, by when, into which account, with which reference. */
function drawOnAccount(
  terms: NonNullable<VatInvoice['onAccount']>,
  pen: { write: (text: string, options?: { font?: PDFFont }) => void; next: (gap?: number) => void; bold: PDFFont },
) {
  const { write, next, bold } = pen;
  write(`Paid on account with ${terms.provider}`, { font: bold });
  next();
  // Paid (the provider's webhook said so): nothing more to pay, so no bank details to pay into.
  if (terms.paidAt) {
    write(`Paid to ${terms.provider} on ${londonLongDate(terms.paidAt)}: nothing more to pay.`, { font: bold });
    next(14);
    return;
  }
  write(
    terms.dueDate
      ? `Payment due by ${londonLongDate(`${terms.dueDate}T12:00:00Z`)} (${terms.termDays} days after dispatch), to ${terms.provider}.`
      : `Payment due ${terms.termDays} days after we dispatch the order, to ${terms.provider}.`,
    { font: terms.dueDate ? bold : undefined },
  );
  next();
  if (terms.payee) {
    write(`Pay ${terms.payee.name}: sort code ${terms.payee.sortCode}, account number ${terms.payee.accountNumber}.`);
    next();
    write(`Quote this reference with your payment: ${terms.payee.reference}`);
    next();
  }
  next(14);
}

export async function drawVatInvoice(invoice: VatInvoice): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const heading = invoice.heading ?? { title: 'VAT invoice', numberLabel: 'Invoice number' };
  pdf.setTitle(`${heading.title} ${invoice.invoiceNumber}`);
  pdf.setAuthor(printable(invoice.supplier.name));
  pdf.setCreationDate(invoice.issuedAt);
  pdf.setModificationDate(invoice.issuedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;

  const write = (text: string, x: number, options: { font?: PDFFont; size?: number; right?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const safe = printable(text);
    const at = options.right ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: at, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const next = (gap = 14) => {
    y -= gap;
    if (y < MARGIN + 40) {
      page = pdf.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
  };
  const rule = () => {
    page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: A4.width - MARGIN, y: y + 10 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  };

  write(heading.title, MARGIN, { font: bold, size: 20 });
  next(28);
  write(`${heading.numberLabel}: ${invoice.invoiceNumber}`, MARGIN, { font: bold });
  next();
  write(`Date of issue: ${londonLongDate(invoice.issuedAt)}`, MARGIN);
  next();
  write(`Time of supply (tax point): ${londonLongDate(invoice.suppliedAt)}`, MARGIN);
  next();
  write(`Order: ${invoice.orderNumber}`, MARGIN);
  if (invoice.customerReference) {
    next();
    write(`Your reference: ${invoice.customerReference}`, MARGIN, { font: bold });
  }
  next(24);

  const top = y;
  write('From', MARGIN, { font: bold });
  next();
  write(invoice.supplier.name, MARGIN);
  next();
  for (const part of invoice.supplier.address) {
    write(part, MARGIN);
    next();
  }
  write(`VAT registration number: ${invoice.supplier.vatNumber}`, MARGIN);
  next();
  write(`Company number: ${invoice.supplier.companyNumber}`, MARGIN);
  const bottom = y;
  y = top;
  const customerX = A4.width / 2 + 10;
  write('To', customerX, { font: bold });
  next();
  write(invoice.customer.name, customerX);
  for (const part of invoice.customer.address) {
    next();
    write(part, customerX);
  }
  y = Math.min(y, bottom);
  next(28);

  const columns = { description: MARGIN, quantity: 330, unit: 400, rate: 450, amount: A4.width - MARGIN };
  write('Description', columns.description, { font: bold });
  write('Qty', columns.quantity, { font: bold, right: true });
  write('Unit ex VAT', columns.unit, { font: bold, right: true });
  write('VAT', columns.rate, { font: bold, right: true });
  write('Amount ex VAT', columns.amount, { font: bold, right: true });
  next(4);
  rule();
  next(10);
  for (const line of invoice.lines) {
    write(line.description.length > 52 ? `${line.description.slice(0, 51)}…` : line.description, columns.description);
    write(String(line.quantity), columns.quantity, { right: true });
    write(formatPence(line.unitPriceExVat), columns.unit, { right: true });
    write(rate(line.vatRateBasisPoints), columns.rate, { right: true });
    write(formatPence(line.amountExVat), columns.amount, { right: true });
    next();
  }
  next(4);
  rule();
  next(10);
  for (const perRate of invoice.rates) {
    write(`Net at ${rate(perRate.rateBasisPoints)}`, columns.unit, { right: true });
    write(formatPence(perRate.net), columns.amount, { right: true });
    next();
    write(`VAT at ${rate(perRate.rateBasisPoints)}`, columns.unit, { right: true });
    write(formatPence(perRate.vat), columns.amount, { right: true });
    next();
  }
  write('Total ex VAT', columns.unit, { right: true });
  write(formatPence(invoice.totalExVat), columns.amount, { right: true });
  next();
  write('Total VAT', columns.unit, { right: true });
  write(formatPence(invoice.totalVat), columns.amount, { right: true });
  next();
  write('Total inc VAT', columns.unit, { font: bold, right: true });
  write(formatPence(invoice.totalIncVat), columns.amount, { font: bold, right: true });
  next(28);

  if (invoice.creditNotes.length > 0) {
    write('Credit notes (refunds against this invoice)', MARGIN, { font: bold });
    next();
    for (const note of invoice.creditNotes) {
      write(`${note.number}, ${londonLongDate(note.issuedAt)}: ${formatPence(note.amountIncVat)} inc VAT, of which VAT ${formatPence(note.vat)}`, MARGIN);
      next();
    }
    next(14);
  }
  for (const note of invoice.notes ?? []) {
    write(note, MARGIN, { font: bold });
    next(20);
  }
  if (invoice.onAccount) drawOnAccount(invoice.onAccount, { write: (text, options) => write(text, MARGIN, options), next, bold });
  write('All amounts in pounds sterling (GBP).', MARGIN, { size: 9 });
  return pdf.save();
}
