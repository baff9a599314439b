/**
 * Test helpers: an order as checkout's place-order hands it to `recordPlacedOrder` (checkout has
 * its own end-to-end tests). Imported by tests only (any module's `*.api.test.ts`).
 */
import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { PlacedOrderInput } from './placing.ts';

/** Writes an order as checkout's place-order does (with its confirmation e-mail), through the app's own orders service. */
export const recordPlacedOrder = (app: FastifyInstance, input: PlacedOrderInput, now: Date) =>
  app.composed.services.orders.recordPlacedOrder({ db: app.platform.db }, input, now);

const address = { name: 'Alice Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB' as const };

/** Two chrome basin mixers, paid by Visa, for standard delivery; `key` makes its basket and payment unique. */
export function placedOrderInput(key: string, customer: { customerId: string | null; email: string }): PlacedOrderInput {
  return {
    basketId: `basket-${key}`,
    customerId: customer.customerId,
    contact: { emailAddress: customer.email, firstName: 'Alice', lastName: 'Shopper', phone: '07700 900123' },
    deliveryAddress: address,
    deliveryInstructions: null,
    orderReference: null,
    billingAddress: address,
    delivery: { code: 'standard', name: 'Standard delivery', date: null, earliestDate: '2026-06-18', latestDate: '2026-06-22' },
    channel: 100,
    discountCode: null,
    lines: [
      {
        sku: 'TAP-1',
        productName: 'Basin mixer',
        productSlug: 'basin-mixer',
        label: 'Chrome',
        imageUrl: null,
        quantity: 2,
        unitPriceIncVat: 4_999,
        lineTotalIncVat: 9_998,
        lineTotalExVat: 8_332,
        returnability: 'standard',
      },
    ],
    totals: { goodsPence: 9_998, discountPence: 0, deliveryPence: 0, totalPence: 9_998, vatPence: 1_666 },
    payment: { intentRef: `pi_test_${key}`, method: 'card', cardBrand: 'visa', cardLast4: '4242', capturedPence: 9_998 },
  };
}

/** The text a pdf-lib PDF (the VAT invoice) draws: each content stream inflated, each hex string shown with Tj decoded. */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const texts: string[] = [];
  // A compressed stream may itself end in a carriage return (its bytes vary with the document's
  // dates), so the line end before `endstream` is taken as "\n" and a "\r" kept if inflating needs it.
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    const data = match[1]!;
    const inflated = [data, data.replace(/\r$/, '')].map((candidate) => {
      try {
        return inflateSync(Buffer.from(candidate, 'latin1')).toString('latin1');
      } catch {
        return null;
      }
    });
    const content = inflated[0] ?? inflated[1] ?? data;
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) texts.push(Buffer.from(text[1]!, 'hex').toString('latin1'));
  }
  return texts.join('\n');
}
