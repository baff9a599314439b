import { describe, expect, it } from 'vitest';
import { defaultShopDetails } from '../../config.ts';
import type { OrderLineRow, OrderRefundRow, OrderRow } from './orders.repository.ts';
import { drawVatInvoice, printable } from './vat-invoice-pdf.ts';
import { vatIn, vatInvoiceOf } from './vat-invoice.ts';
import { pdfText } from './testing.ts';

const address = { name: 'Sam Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB' as const };
const order = {
  id: 'order-1',
  orderNumber: 'BP10000001',
  customerName: 'Sam Shopper',
  billingAddress: address,
  delivery: { code: 'standard', name: 'Standard delivery', date: null, earliestDate: null, latestDate: null },
  goodsPence: 20_000,
  discountPence: 2_000,
  deliveryPence: 495,
  totalPence: 18_495,
  vatPence: vatIn(18_000, 2_000) + vatIn(495, 2_000),
  placedAt: new Date('2026-11-20T10:00:00Z'),
} as OrderRow;
const line = (position: number, quantity: number, lineTotalIncVat: number) =>
  ({
    position,
    sku: `SKU-${position}`,
    productName: `Basin ${position}`,
    label: 'White',
    quantity,
    cancelledQuantity: 0,
    lineTotalIncVat,
    unitPriceIncVat: lineTotalIncVat / quantity,
  }) as OrderLineRow;
const refund = { sequence: 1, state: 'succeeded', amountPence: 6_000, settledAt: new Date('2026-11-22T10:00:00Z'), requestedAt: new Date() } as OrderRefundRow;
const invoice = { invoiceNumber: 'INV-1000001', issuedAt: new Date('2026-11-24T10:00:00Z'), suppliedAt: order.placedAt };

describe('a VAT invoice', () => {
  it('shares the net after discount over the lines so they add up to what was charged, and lists refunds as credit notes', () => {
    const figures = vatInvoiceOf(order, [line(0, 2, 12_000), line(1, 1, 8_000)], [refund], invoice, defaultShopDetails());
    expect(figures.totalIncVat).toBe(18_495);
    expect(figures.totalVat).toBe(order.vatPence);
    expect(figures.totalExVat).toBe(18_495 - order.vatPence);
    expect(figures.lines.reduce((sum, each) => sum + each.amountExVat, 0)).toBe(figures.totalExVat);
    expect(figures.lines.map((each) => each.description)).toEqual(['Basin 0 (White), SKU-0', 'Basin 1 (White), SKU-1', 'Delivery: Standard delivery']);
    expect(figures.lines[0]).toMatchObject({ quantity: 2, vatRateBasisPoints: 2_000, unitPriceExVat: 4_500 });
    expect(figures.rates).toEqual([{ rateBasisPoints: 2_000, net: figures.totalExVat, vat: figures.totalVat }]);
    expect(figures.creditNotes).toEqual([{ number: 'INV-1000001-CN1', issuedAt: refund.settledAt, amountIncVat: 6_000, vat: 1_000 }]);
    expect(figures.supplier.vatNumber).toBe(defaultShopDetails().vatNumber);
  });

  it('draws a PDF with the number, the dates, both parties, the totals and the credit notes', async () => {
    const figures = vatInvoiceOf(order, [line(0, 2, 12_000)], [refund], invoice, defaultShopDetails());
    const bytes = await drawVatInvoice(figures);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    for (const expected of [
      'Invoice number: INV-1000001',
      'Date of issue: 24 November 2026',
      'Time of supply (tax point): 20 November 2026',
      `VAT registration number: ${defaultShopDetails().vatNumber}`,
      'Sam Shopper',
      'LS1 4AP',
      'Total inc VAT',
      '£184.95',
      'INV-1000001-CN1',
    ])
      expect(text).toContain(expected);
  });

  it('names a part of a line cancelled before dispatch, whose refund is a credit note', () => {
    const figures = vatInvoiceOf(order, [{ ...line(0, 2, 12_000), cancelledQuantity: 1 }, line(1, 1, 8_000)], [refund], invoice, defaultShopDetails());
    expect(figures.lines.map((each) => each.description)).toEqual([
      'Basin 0 (White), SKU-0: 1 cancelled, see credit note',
      'Basin 1 (White), SKU-1',
      'Delivery: Standard delivery',
    ]);
  });

  it('writes what Helvetica cannot draw as "?"', () => {
    expect(printable('Bain ’s £5 – 日本\nnext')).toBe('Bain ’s £5 – ?? next');
  });
});
