import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrdersClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { pdfText } from '../orders/testing.ts';
import { SANDBOX_PAYEE } from './sandbox-companies.ts';
import { onAccountBasket, onAccountClients, onAccountCustomer } from './testing.ts';

/**
 * Invoices on account: the trade orders list says what each order still owes, due and overdue by
 * the provider's due date (30 days after dispatch, UK dates), with the provider's bank details; the
 * VAT invoice says when and where to pay. Only the business's own orders; anyone else the same 404.
 */
let api: TestApi;
let offsetMs = 0;
const DAY = 86_400_000;
const actors: Record<string, Actor> = {
  reviewer: { userId: 'user-reviewer', name: 'Rita Reviewer', roles: ['trade-reviewer'] },
  staff: { userId: 'user-staff', name: 'Sam Staff', roles: ['order-admin'] },
  shopper: { userId: 'user-shopper', roles: ['shopper'] },
};
const as = (name: string) => ({
  ...onAccountClients(() => api)(name),
  orders: createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => name }),
});
let parcel: string;

beforeAll(async () => {
  api = await startTestApi({
    clock: { now: () => new Date(Date.now() + offsetMs) },
    env: { SANDBOX_WEBHOOK_CHAOS: 'off' },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  // Two companies the sandbox approves on its standard £5,000 (up to £2,500 an order).
  await onAccountCustomer(api, actors, { name: 'ivy', companyNumber: '07650001', reviewer: 'reviewer' });
  await onAccountCustomer(api, actors, { name: 'jon', companyNumber: '07650002', reviewer: 'reviewer' });
  parcel = (
    await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 5000 and 30000 and s.on_hand >= 20`,
    )
  ).sku;
}, 120_000);
afterAll(() => api.close());

const dispatch = (orderNumber: string) =>
  as('staff').orders.advanceOrder({ params: { orderNumber }, body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' } });

const invoicePdf = async (name: string, orderNumber: string) => {
  const answer = await fetch(`${api.serviceUrl('help-centre')}/Order/${orderNumber}/vat-invoice`, {
    method: 'POST',
    headers: { authorization: `Bearer ${name}` },
  });
  expect(answer.status).toBe(200);
  return pdfText(new Uint8Array(await answer.arrayBuffer()));
};

describe('invoices on account', () => {
  it('are awaiting dispatch, then due 30 days after it with the provider’s bank details, then overdue, with the totals', async () => {
    const ivy = as('ivy');
    const empty = await ivy.credit.listOnAccountInvoices();
    expect(empty).toMatchObject({ items: [], totalCount: 0, duePence: 0, overduePence: 0, awaitingDispatchPence: 0, nextDueDate: null, termDays: 30 });

    const first = await onAccountBasket(api, 'ivy', parcel);
    const placed = await ivy.checkout.payOnAccount({ params: first.params });
    const waiting = await ivy.credit.listOnAccountInvoices();
    expect(waiting.awaitingDispatchPence).toBe(first.total);
    expect(waiting.items).toEqual([
      expect.objectContaining({
        orderNumber: placed.orderNumber,
        amountPence: first.total,
        outstandingPence: first.total,
        standing: 'awaiting_dispatch',
        dueDate: null,
      }),
    ]);
    // Before dispatch the invoice gives the term, not a date.
    expect(await invoicePdf('ivy', placed.orderNumber)).toContain('Payment due 30 days after we dispatch the order, to Two.');

    await dispatch(placed.orderNumber);
    const due = (await ivy.credit.listOnAccountInvoices()).items[0]!;
    const dueDate = new Date(Date.now() + offsetMs + 30 * DAY).toISOString().slice(0, 10);
    expect(Math.abs(new Date(due.dueDate!).getTime() - new Date(dueDate).getTime())).toBeLessThanOrEqual(DAY);
    expect(due).toMatchObject({ standing: 'due', outstandingPence: first.total });
    expect(due.payee).toEqual({ ...SANDBOX_PAYEE, reference: expect.stringMatching(/^TWO-[0-9A-F]{10}$/) });
    const text = await invoicePdf('ivy', placed.orderNumber);
    expect(text).toContain('Paid on account with Two');
    expect(text).toMatch(/Payment due by \d{1,2} \w+ \d{4} \(30 days after dispatch\), to Two\./);
    expect(text).toContain(`Pay ${SANDBOX_PAYEE.name}: sort code ${SANDBOX_PAYEE.sortCode}, account number ${SANDBOX_PAYEE.accountNumber}.`);
    expect(text).toContain(`Quote this reference with your payment: ${due.payee!.reference}`);

    // A second order, not yet dispatched, and part of the first refunded: the totals follow.
    const second = await onAccountBasket(api, 'ivy', parcel);
    const other = await ivy.checkout.payOnAccount({ params: second.params });
    await as('staff').orders.refundOrder({
      params: { orderNumber: placed.orderNumber },
      body: { amountPence: 500, reason: 'Goodwill', alreadyRefundedPence: 0 },
    });
    const both = await ivy.credit.listOnAccountInvoices();
    expect(both).toMatchObject({ totalCount: 2, awaitingDispatchPence: second.total, duePence: first.total - 500, overduePence: 0, nextDueDate: due.dueDate });
    expect(both.items.map((item) => item.orderNumber)).toEqual([other.orderNumber, placed.orderNumber]);

    // The day after the due date (UK), the first is overdue.
    offsetMs += 32 * DAY;
    const late = await ivy.credit.listOnAccountInvoices({ query: { pageSize: 1, pageNumber: 2 } });
    expect(late).toMatchObject({ duePence: 0, overduePence: first.total - 500, awaitingDispatchPence: second.total, totalCount: 2, totalPages: 2 });
    expect(late.items).toEqual([expect.objectContaining({ orderNumber: placed.orderNumber, standing: 'overdue', outstandingPence: first.total - 500 })]);

    // Cancelled before dispatch: nothing owed.
    await as('staff').orders.cancelOrder({ params: { orderNumber: other.orderNumber }, body: { reason: 'Customer rang to cancel' } });
    const settled = await ivy.credit.listOnAccountInvoices();
    expect(settled.awaitingDispatchPence).toBe(0);
    expect(settled.items[0]).toMatchObject({ orderNumber: other.orderNumber, standing: 'settled', outstandingPence: 0 });
  });

  it('are only the business’s own: another business sees none of them, a shopper gets the same 404 as unknown', async () => {
    expect((await as('jon').credit.listOnAccountInvoices()).items).toEqual([]);
    const refused = await failure(as('shopper').credit.listOnAccountInvoices());
    expect([refused.status, refused.code]).toEqual([404, 'CREDIT_ACCOUNT_NOT_FOUND']);
  });

  it('add up to staff’s exposure report: each business by what it owes, most first, with the provider’s limit and what is overdue', async () => {
    // After the first test: ivy owes the dispatched order less its refund, all of it overdue; jon owes nothing.
    const report = await as('reviewer').credit.getCreditExposure({ query: { pageSize: 1 } });
    expect(report).toMatchObject({ totalCount: 2, totalPages: 2, pageNumber: 1 });
    const [ivy] = report.items;
    expect(ivy).toMatchObject({ businessName: 'ivy Builds Ltd', organisationNumber: '07650001', limitPence: 500_000, ordersOnAccount: 2 });
    expect(ivy!.inUsePence).toBeGreaterThan(0);
    expect(ivy!.overduePence).toBe(ivy!.inUsePence);
    expect([report.inUsePence, report.overduePence]).toEqual([ivy!.inUsePence, ivy!.overduePence]);
    const next = await as('reviewer').credit.getCreditExposure({ query: { pageSize: 1, pageNumber: 2 } });
    expect(next.items).toEqual([expect.objectContaining({ businessName: 'jon Builds Ltd', inUsePence: 0, overduePence: 0, ordersOnAccount: 0 })]);
    for (const name of ['ivy', 'shopper']) expect((await failure(as(name).credit.getCreditExposure())).status).toBe(403);
  });

  it('refuses a page that is not a whole number, saying so', async () => {
    const refused = await failure(as('ivy').credit.listOnAccountInvoices({ query: { pageSize: 0 } }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain('Show at least 1 per page');
  });
});
