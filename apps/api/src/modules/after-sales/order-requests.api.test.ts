/**
 * Order self-service on the real API: real orders placed through checkout with a sandbox payment,
 * moved on by staff, then cancelled, returned, reported, asked about and invoiced by their owner
 * signed in or by a guest with the link we e-mail (`order-links.api.test.ts` has who may, decision 0049).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, type TestApi } from '../../testing/test-api.ts';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { readOutbox } from '../notifications/testing.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';
import { startOrderHelpApi, type OrderHelpHarness } from './order-help.testing.ts';
import { pdfText } from '../orders/testing.ts';
import { samplePng } from '../files/testing.ts';
import { createReviewListingsClient } from '@shop/api-client';
import { ORDER_NUMBER_EXAMPLE } from '@shop/contracts';

let harness: OrderHelpHarness;
let api: TestApi;
let sku: SeededSku;

beforeAll(async () => {
  harness = await startOrderHelpApi('order-help', (origin, intent) => confirmLikeTheFrame(origin, intent, { number: TEST_CARDS.succeeds }));
  ({ api, sku } = harness);
});
afterAll(() => api.close());

const help = (as?: string, link?: string) => harness.help(as, link);
const placeOrder = (options?: { quantity?: number; as?: string }) => harness.placeOrder(options);
const advance = (orderNumber: string, to: 'picking' | 'dispatched' | 'delivered') => harness.advance(orderNumber, to);
const stockOf = (code: string) => harness.committedOf(code);
const DAY = 24 * 60 * 60 * 1000;

const PNG = samplePng();
const PDF = new TextEncoder().encode('%PDF-1.4\n% not a photo\n');

async function report(orderNumber: string, fields: Record<string, string>, photos: { name: string; bytes: Uint8Array }[], link?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append('photos', new Blob([Buffer.from(photo.bytes)]), photo.name);
  const response = await fetch(`${api.serviceUrl('help-centre')}/Order/${orderNumber}/report-damaged-or-missing-items`, {
    method: 'POST',
    body: form,
    headers: harness.headers(undefined, link),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { code?: string; detail?: string } };
}

describe('who may act on an order', () => {
  it('is its owner signed in, or a guest with the link we e-mailed; anyone else gets the same 403 as for an unknown order', async () => {
    const mine = await placeOrder({ as: 'alice' });
    const products = await help('alice').getOrderProducts({ params: { orderGuid: mine.orderNumber } });
    expect(products).toMatchObject({ orderNumber: mine.orderNumber, status: 'placed', canCancel: true, deliveredAt: null });
    expect(products.lines[0]).toMatchObject({ position: 0, sku: sku.sku, quantity: 2, cancellableQuantity: 2, returnableQuantity: 0, cancelledQuantity: 0 });
    const link = await harness.linkFor(mine);
    expect(await help(undefined, link).getOrderProducts({ params: { orderGuid: mine.orderNumber } })).toMatchObject({ orderNumber: mine.orderNumber });

    const unknown = await failure(help('bob').getOrderProducts({ params: { orderGuid: 'BP99999999' } }));
    expect(unknown).toMatchObject({ status: 403, code: 'ORDER_LINK_REQUIRED' });
    const same = { status: 403, data: { code: 'ORDER_LINK_REQUIRED' } };
    expect(await failure(help('bob').getOrderProducts({ params: { orderGuid: mine.orderNumber } }))).toMatchObject(same);
    expect(await failure(help().getOrderProducts({ params: { orderGuid: mine.orderNumber } }))).toMatchObject(same);
    expect(await failure(help('bob').askOrderQuestion({ params: { id: mine.orderNumber }, body: { question: 'Where is it?' } }))).toMatchObject(same);
    const badNumber = await failure(help('alice').getOrderProducts({ params: { orderGuid: '../../x' } }));
    expect(badNumber.status).toBe(400);
    expect(JSON.stringify(badNumber.data)).toContain(`Enter the order number from your confirmation e-mail, like ${ORDER_NUMBER_EXAMPLE}`);
  });
});

describe('cancelling', () => {
  it('cancels chosen lines at once before dispatch: refunded at the price paid, stock back, and a second time is 409', async () => {
    const order = await placeOrder({ as: 'alice', quantity: 3 });
    const committed = await stockOf(sku.sku);
    const result = await help('alice').cancelOrder({
      params: { id: order.orderNumber },
      body: { lines: [{ position: 0, quantity: 1 }], reason: 'Ordered one too many' },
    });
    expect(result).toMatchObject({
      outcome: 'cancelled',
      reference: expect.stringMatching(/^HC-/),
      returnReference: null,
      creditedToAccount: false,
      orderStatus: 'placed',
    });
    expect(result.refundedPence).toBe(sku.price);
    expect(await stockOf(sku.sku)).toBe(committed - 1);
    const products = await help('alice').getOrderProducts({ params: { orderGuid: order.orderNumber } });
    expect(products.lines[0]).toMatchObject({ cancelledQuantity: 1, cancellableQuantity: 2 });

    const tooMany = await failure(
      help('alice').cancelOrder({ params: { id: order.orderNumber }, body: { lines: [{ position: 0, quantity: 3 }], reason: 'All of them' } }),
    );
    expect(tooMany).toMatchObject({ status: 422, code: 'ORDER_CANCEL_TOO_MANY' });

    const whole = await help('alice').cancelOrder({ params: { id: order.orderNumber }, body: { reason: 'Found them cheaper' } });
    expect(whole).toMatchObject({ outcome: 'cancelled', orderStatus: 'cancelled', refundedPence: order.totalIncVat - result.refundedPence });
    expect(await stockOf(sku.sku)).toBe(committed - 3);
    const again = await failure(help('alice').cancelOrder({ params: { id: order.orderNumber }, body: { reason: 'Again' } }));
    expect(again).toMatchObject({ status: 409, code: 'ORDER_ALREADY_CANCELLED' });
    expect(await readOutbox(api.database.db, { to: order.email, template: 'order.cancelled' })).toHaveLength(1);
  });

  it('turns a cancellation after dispatch into a return, and says so', async () => {
    const order = await placeOrder();
    await advance(order.orderNumber, 'dispatched');
    const result = await help(undefined, await harness.linkFor(order)).cancelOrder({ params: { id: order.orderNumber }, body: { reason: 'Changed my mind' } });
    expect(result).toMatchObject({ outcome: 'return', returnReference: expect.stringMatching(/^RT-/), refundedPence: 0, orderStatus: 'dispatched' });
    expect(result.nextSteps[0]).toContain('already been dispatched');
  });

  it('needs no reason (the CCRs ask none), keeps one when given, and refuses one over 500 characters in words', async () => {
    const reasonOf = async (reference: string) =>
      (
        (await api.database.db.execute(sql`select details->>'reason' as reason from help_requests where reference = ${reference}`)) as unknown as {
          rows: { reason: string | null }[];
        }
      ).rows[0]!.reason;
    const order = await placeOrder({ as: 'alice', quantity: 3 });
    const tooLong = await failure(help('alice').cancelOrder({ params: { id: order.orderNumber }, body: { reason: 'x'.repeat(501) } }));
    expect(tooLong).toMatchObject({ status: 400 });
    expect(JSON.stringify(tooLong.data)).toContain('Reason must be 500 characters or fewer');
    expect((await help('alice').getOrderProducts({ params: { orderGuid: order.orderNumber } })).status).toBe('placed');

    const given = await help('alice').cancelOrder({ params: { id: order.orderNumber }, body: { lines: [{ position: 0, quantity: 1 }], reason: ' Too many ' } });
    expect(await reasonOf(given.reference)).toBe('Too many');
    const blank = await help('alice').cancelOrder({ params: { id: order.orderNumber }, body: { lines: [{ position: 0, quantity: 1 }], reason: '  ' } });
    expect(blank.outcome).toBe('cancelled');
    const none = await help('alice').cancelOrder({ params: { id: order.orderNumber }, body: {} });
    expect(none).toMatchObject({ outcome: 'cancelled', orderStatus: 'cancelled', refundedPence: order.totalIncVat - 2 * sku.price });
    expect(await reasonOf(none.reference)).toBeNull();
  });
});

describe('returning unwanted items', () => {
  it('needs the goods delivered, gives a returns reference and instructions, and refuses goods already returned and returns outside 30 days', async () => {
    const order = await placeOrder({ quantity: 2 });
    const link = await harness.linkFor(order);
    const early = await failure(
      help(undefined, link).requestUnwantedItemsReturn({
        params: { id: order.orderNumber },
        body: { lines: [{ position: 0, quantity: 1 }], reason: 'changed-mind' },
      }),
    );
    expect(early).toMatchObject({ status: 409, code: 'RETURN_NOT_DELIVERED' });
    await advance(order.orderNumber, 'delivered');

    const first = await help(undefined, link).requestUnwantedItemsReturn({
      params: { id: order.orderNumber },
      body: { lines: [{ position: 0, quantity: 1 }], reason: 'changed-mind', comments: '<script>alert(1)</script>' },
    });
    expect(first).toMatchObject({ reference: expect.stringMatching(/^HC-/), returnReference: expect.stringMatching(/^RT-/), refundPence: sku.price });
    expect(first.nextSteps.join(' ')).toContain(first.returnReference);
    // Markup is kept as the words typed, never as markup.
    const thread = (await api.database.db.execute(
      sql`select m.body from help_request_messages m join help_requests r on r.id = m.request_id where r.reference = ${first.reference}`,
    )) as unknown as { rows: { body: string }[] };
    expect(thread.rows).toEqual([{ body: '<script>alert(1)</script>' }]);
    const [ack] = await readOutbox(api.database.db, { to: order.email, template: 'help-centre.acknowledgement' });
    expect(ack!.text).toContain(first.returnReference);

    const tooMany = await failure(
      help(undefined, link).requestUnwantedItemsReturn({
        params: { id: order.orderNumber },
        body: { lines: [{ position: 0, quantity: 2 }], reason: 'changed-mind' },
      }),
    );
    expect(tooMany).toMatchObject({ status: 422, code: 'RETURN_QUANTITY_TOO_LARGE' });
    const unknownLine = await failure(
      help(undefined, link).requestUnwantedItemsReturn({
        params: { id: order.orderNumber },
        body: { lines: [{ position: 4, quantity: 1 }], reason: 'changed-mind' },
      }),
    );
    expect(unknownLine).toMatchObject({ status: 422, code: 'ORDER_LINE_NOT_FOUND' });
    const noLines = await failure(
      help(undefined, link).requestUnwantedItemsReturn({ params: { id: order.orderNumber }, body: { lines: [], reason: 'changed-mind' } }),
    );
    expect(noLines.status).toBe(400);
    expect(JSON.stringify(noLines.data)).toContain('Choose at least one item');

    expect((await help(undefined, link).getOrderProducts({ params: { orderGuid: order.orderNumber } })).lines[0]).toMatchObject({
      returnedQuantity: 1,
      returnableQuantity: 1,
    });

    harness.setAhead(31 * DAY);
    try {
      // 31 days after delivery the first link has long expired: the customer asked for another.
      const late = await failure(
        help(undefined, await harness.linkFor(order)).requestUnwantedItemsReturn({
          params: { id: order.orderNumber },
          body: { lines: [{ position: 0, quantity: 1 }], reason: 'changed-mind' },
        }),
      );
      expect(late).toMatchObject({ status: 422, code: 'RETURN_WINDOW_CLOSED' });
    } finally {
      harness.setAhead(0);
    }
  });
});

describe('goods that cannot come back as unwanted', () => {
  it('refuses an opened sealed hygiene good with the reason, and takes it back unopened', async () => {
    const seat = await findSeededSku(
      api.database.db,
      sql`(p.name ilike '%toilet seat%' or p.name ilike '%shower head%') and p.delivery_class = 'parcel' and s.status = 'in_stock' and s.on_hand >= 10`,
      0,
    );
    const order = await harness.placeOrder({ sku: seat.sku, quantity: 1 });
    await advance(order.orderNumber, 'delivered');
    const link = await harness.linkFor(order);
    const body = { reason: 'changed-mind' as const };
    const opened = await failure(
      help(undefined, link).requestUnwantedItemsReturn({
        params: { id: order.orderNumber },
        body: { ...body, lines: [{ position: 0, quantity: 1, opened: true }] },
      }),
    );
    expect(opened).toMatchObject({ status: 422, code: 'RETURN_NOT_ALLOWED' });
    expect((opened.data as { detail: string }).detail).toContain('sealed for hygiene and cannot be returned once opened');
    const products = await help(undefined, link).getOrderProducts({ params: { orderGuid: order.orderNumber } });
    expect(products.lines[0]).toMatchObject({ sealedHygieneGood: true, returnableQuantity: 1, returnedQuantity: 0 });
    expect(
      await help(undefined, link).requestUnwantedItemsReturn({
        params: { id: order.orderNumber },
        body: { ...body, lines: [{ position: 0, quantity: 1, opened: false }] },
      }),
    ).toMatchObject({ returnReference: expect.stringMatching(/^RT-/) });
  });
});

describe('reporting damaged or missing items', () => {
  it('takes two photos from a guest and answers a reference; refuses too many photos, documents, and reports after 48 hours', async () => {
    const order = await placeOrder();
    await advance(order.orderNumber, 'delivered');
    const link = await harness.linkFor(order);
    const fields = {
      lines: JSON.stringify([{ position: 0, quantity: 1 }]),
      issueType: 'damaged',
      description: 'The basin arrived cracked',
      podSignedDamaged: 'yes',
    };
    const ok = await report(
      order.orderNumber,
      fields,
      [
        { name: 'front.png', bytes: PNG },
        { name: '../../x', bytes: PNG },
      ],
      link,
    );
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ reference: expect.stringMatching(/^HC-/), team: 'Customer service' });
    const files = (await api.database.db.execute(
      sql`select f.file_name from help_request_files f join help_requests r on r.id = f.request_id
        where r.reference = ${ok.body.reference as string} order by f.file_name`,
    )) as unknown as { rows: { file_name: string }[] };
    expect(files.rows).toHaveLength(2);
    expect(files.rows.every((row) => !row.file_name.includes('/') && !row.file_name.includes('..'))).toBe(true);

    const seven = Array.from({ length: 7 }, (_, index) => ({ name: `p${index}.png`, bytes: PNG }));
    expect(await report(order.orderNumber, fields, seven, link)).toMatchObject({ status: 422, body: { code: 'HELP_TOO_MANY_FILES' } });
    expect(await report(order.orderNumber, fields, [{ name: 'photo.png', bytes: PDF }], link)).toMatchObject({
      status: 422,
      body: { code: 'FILE_TYPE_NOT_ALLOWED' },
    });
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(PNG);
    expect(await report(order.orderNumber, fields, [{ name: 'huge.png', bytes: huge }], link)).toMatchObject({ status: 413, body: { code: 'FILE_TOO_LARGE' } });
    expect(await report(order.orderNumber, { ...fields, issueType: 'broken' }, [], link)).toMatchObject({ status: 400, body: { code: 'HELP_FIELD_INVALID' } });
    // The order's number and address alone report nothing (decision 0049).
    expect(await report(order.orderNumber, { ...fields, emailAddress: order.email }, [])).toMatchObject({
      status: 403,
      body: { code: 'ORDER_LINK_REQUIRED' },
    });

    harness.setAhead(2 * DAY + 60 * 60 * 1000);
    try {
      // The first link has expired by then: the customer asks for another.
      const later = await harness.linkFor(order);
      expect(await report(order.orderNumber, fields, [{ name: 'a.png', bytes: PNG }], later)).toMatchObject({
        status: 422,
        body: { code: 'REPORT_WINDOW_CLOSED' },
      });
      // Missing items have 7 days.
      expect((await report(order.orderNumber, { ...fields, issueType: 'missing' }, [], later)).status).toBe(201);
    } finally {
      harness.setAhead(0);
    }
  });
});

describe('what reviews’ product insights learn from after-sales', () => {
  it('counts units sent, returned and reported damaged on delivery, per 100 sent', async () => {
    const insights = createReviewListingsClient({ baseUrl: api.serviceUrl('reviews'), getAccessToken: () => 'moderator' });
    const afterSales = async () => (await insights.getOfferingInsights({ query: { sku: harness.sku.sku } })).afterSales;
    const before = await afterSales();
    const order = await placeOrder({ quantity: 2 });
    await advance(order.orderNumber, 'delivered');
    const link = await harness.linkFor(order);
    const damaged = { lines: JSON.stringify([{ position: 0, quantity: 1 }]), issueType: 'damaged', description: 'Cracked' };
    expect((await report(order.orderNumber, { ...damaged, podSignedDamaged: 'no' }, [{ name: 'crack.png', bytes: PNG }], link)).status).toBe(201);
    await help(undefined, link).requestUnwantedItemsReturn({
      params: { id: order.orderNumber },
      body: { lines: [{ position: 0, quantity: 1 }], reason: 'changed-mind' },
    });
    const after = await afterSales();
    expect(after).toMatchObject({
      unitsSent: before.unitsSent + 2,
      unitsReturned: before.unitsReturned + 1,
      unitsReportedDamaged: before.unitsReportedDamaged + 1,
    });
    expect(after.returnRate).toBe(Math.round((after.unitsReturned / after.unitsSent) * 1000) / 10);
    expect(after.damageRate).toBe(Math.round((after.unitsReportedDamaged / after.unitsSent) * 1000) / 10);
  });
});

describe('questions, changes, refund queries and delivery terms', () => {
  it('records each as a help request of its type with the order attached', async () => {
    const order = await placeOrder({ as: 'alice' });
    const params = { id: order.orderNumber };
    const question = await help('alice').askOrderQuestion({ params, body: { question: 'Can you deliver to the back door?' } });
    const amend = await help('alice').requestOrderAmendment({ params, body: { change: 'date', details: 'Please deliver next Friday instead' } });
    // A guest with the e-mailed link, as a customer who ordered signed in may be when reading the e-mail.
    const link = await harness.linkFor(order);
    const terms = await help(undefined, link).confirmDeliveryTerms({
      body: {
        orderNumber: order.orderNumber,
        deliveryType: 'two-person',
        accessNotes: 'Second floor, no lift',
        vehicleSize: 'large-van',
      },
    });
    const refund = await help('alice').askAboutReturnedItemsRefund({
      params,
      body: { sentOn: '2026-11-20', carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' },
    });
    const rows = (await api.database.db.execute(
      sql`select reference, type, order_number from help_requests where order_number = ${order.orderNumber} order by created_at`,
    )) as unknown as { rows: { reference: string; type: string; order_number: string }[] };
    expect(rows.rows.map((row) => [row.reference, row.type])).toEqual([
      [question.reference, 'ORDER_QUESTION'],
      [amend.reference, 'ORDER_AMEND'],
      [terms.reference, 'DELIVERY_TERMS'],
      [refund.reference, 'RETURN_REFUND_QUERY'],
    ]);

    await advance(order.orderNumber, 'picking');
    expect(await failure(help('alice').requestOrderAmendment({ params, body: { change: 'quantity', details: 'Two more please' } }))).toMatchObject({
      status: 409,
      code: 'ORDER_TOO_LATE_TO_AMEND',
    });
    const badTerms = await failure(
      help(undefined, link).confirmDeliveryTerms({
        body: { orderNumber: order.orderNumber, deliveryType: 'kerbside', accessNotes: '', vehicleSize: 'large-van' },
      }),
    );
    expect(badTerms.status).toBe(400);
    expect(JSON.stringify(badTerms.data)).toContain('Enter how the driver gets to your door');
    const badDate = await failure(help('alice').askAboutReturnedItemsRefund({ params, body: { sentOn: 'yesterday' } }));
    expect(JSON.stringify(badDate.data)).toContain('Enter the date you sent the goods back');
  });
});

describe('the VAT invoice', () => {
  it('is a PDF with a number from the sequence, the same every time, with the supplier, the customer and the totals', async () => {
    const order = await placeOrder({ as: 'alice' });
    // One of the two cancelled first: its refund is a credit note on the invoice.
    await help('alice').cancelOrder({ params: { id: order.orderNumber }, body: { lines: [{ position: 0, quantity: 1 }], reason: 'One is enough' } });
    const download = (as?: string, link?: string) =>
      fetch(`${api.serviceUrl('help-centre')}/Order/${order.orderNumber}/vat-invoice`, { method: 'POST', headers: harness.headers(as, link) });
    const first = await download('alice');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('content-disposition')).toMatch(/^attachment; filename="INV-\d{7}\.pdf"$/);
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    const number = first.headers.get('content-disposition')!.match(/INV-\d{7}/)![0];
    expect(text).toContain(`Invoice number: ${number}`);
    expect(text).toContain(api.config.shop.legalName);
    expect(text).toContain(`VAT registration number: ${api.config.shop.vatNumber}`);
    expect(text).toContain('Sam Shopper');
    expect(text).toContain('Total inc VAT');
    expect(text).toContain(`£${(order.totalIncVat / 100).toFixed(2)}`);
    expect(text).toContain('Time of supply');
    expect(text).toContain('Credit notes (refunds against this invoice)');
    expect(text).toContain(`${number}-CN1`);

    const second = await download(undefined, await harness.linkFor(order));
    expect(second.headers.get('content-disposition')).toContain(number);
    expect((await download('bob')).status).toBe(403);
  });
});
