import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClientFromEndpoints, createOrdersClient } from '@shop/api-client';
import { formatPenceShort, helpCentreOrderEndpoints } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { pdfText } from '../orders/testing.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { CreditOrderRefused, type CreditOrderRequest, type CreditProvider } from './credit-provider.ts';
import { CREDIT_WEBHOOK_PATH, type TradeCreditService } from './index.ts';
import { createCreditSandbox } from './sandbox-provider.ts';
import { LATE_COPY_MS } from './sandbox-webhooks.ts';
import { onAccountBasket, onAccountClients, onAccountCustomer } from './testing.ts';

/**
 * The provider's webhooks: the sandbox sends each event signed, twice, the copy late; the shop's
 * endpoint refuses a forged, unsigned or replayed one (400, nothing changed), applies each event once
 * and never puts an order back to an earlier state; staff make the sandbox send any event and see
 * what each did. A paid invoice stops counting as due, overdue or in use.
 */
let api: TestApi;
let offsetMs = 0;
const SECRET = 'twhsec_test_secret_for_webhooks_0123456789';
const DAY = 86_400_000;
const actors: Record<string, Actor> = {
  reviewer: { userId: 'user-reviewer', name: 'Rita Reviewer', roles: ['trade-reviewer'] },
  staff: { userId: 'user-staff', name: 'Sam Staff', roles: ['order-admin'] },
  shopper: { userId: 'user-shopper', roles: ['shopper'] },
};
const as = (name: string) => ({
  ...onAccountClients(() => api)(name),
  orders: createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => name }),
  help: createClientFromEndpoints(helpCentreOrderEndpoints, { baseUrl: api.serviceUrl('help-centre'), getAccessToken: () => name }),
});
const now = () => new Date(Date.now() + offsetMs);
const tradeCredit = () => (api.app.composed.services as { tradeCredit: TradeCreditService }).tradeCredit;
const creditProvider = () => (api.app.composed.services as unknown as { creditProvider: CreditProvider }).creditProvider;
/** One pass of the sandbox's sender, as its job runs it. */
const sendDue = () => tradeCredit().sendSandboxWebhooks(`${api.origin}${CREDIT_WEBHOOK_PATH}`);
const post = (body: string, signature?: string) =>
  fetch(`${api.origin}${CREDIT_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'two-signature': signature } : {}) },
    body,
  });
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
let parcel: string;

beforeAll(async () => {
  api = await startTestApi({
    clock: { now },
    env: { SANDBOX_WEBHOOK_CHAOS: 'off', TWO_WEBHOOK_SECRET: SECRET },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  await onAccountCustomer(api, actors, { name: 'kim', companyNumber: '07660001', reviewer: 'reviewer' });
  parcel = (
    await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 5000 and 30000 and s.on_hand >= 20`,
    )
  ).sku;
}, 120_000);
afterAll(() => api.close());
afterEach(() => vi.restoreAllMocks());

async function dispatchedOrder() {
  const basket = await onAccountBasket(api, 'kim', parcel);
  const placed = await as('kim').checkout.payOnAccount({ params: basket.params });
  await as('staff').orders.advanceOrder({
    params: { orderNumber: placed.orderNumber },
    body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' },
  });
  return { orderNumber: placed.orderNumber, total: basket.total };
}
const invoiceOf = async (orderNumber: string) =>
  (await as('kim').credit.listOnAccountInvoices({ query: { pageSize: 50 } })).items.find((item) => item.orderNumber === orderNumber)!;
const webhooks = async () => (await as('reviewer').credit.listCreditWebhooks({ query: { pageSize: 50 } })).items;
/** An event about kim's order as the sandbox sends it: the order as it stands after it (nothing refunded, declined or paid unless given). */
const orderEvent = (id: string, type: string, occurredAt: Date, order: Record<string, unknown> & { id: string; state: string; amountPence: number }) =>
  JSON.stringify({
    id,
    type,
    occurred_at: occurredAt.toISOString(),
    organisation_number: '07660001',
    order: { refundedPence: 0, declineReason: null, fulfilledAt: null, dueDate: null, payee: null, paidAt: null, ...order },
    decision: null,
  });

describe('the credit provider’s webhooks', () => {
  it('are sent twice, the copy late; the invoice is paid once the provider says so, and stops counting as due, overdue or in use', async () => {
    const order = await dispatchedOrder();
    offsetMs += 31 * DAY;
    expect(await invoiceOf(order.orderNumber)).toMatchObject({ standing: 'overdue', outstandingPence: order.total });
    const before = await as('reviewer').credit.getCreditExposure();
    expect(before.items.find((item) => item.organisationNumber === '07660001')).toMatchObject({ inUsePence: order.total, overduePence: order.total });

    const sent = await as('reviewer').credit.sendSandboxCreditEvent({ body: { type: 'order.paid', orderNumber: order.orderNumber } });
    // Due now: the dispatch's event and its late copy (31 days on), and the payment's first copy; its late copy waits.
    expect((await sendDue()).claimed).toBe(3);
    expect(await invoiceOf(order.orderNumber)).toMatchObject({ standing: 'paid', outstandingPence: 0 });
    const totals = await as('kim').credit.listOnAccountInvoices();
    expect([totals.overduePence, totals.duePence]).toEqual([0, 0]);
    const after = await as('reviewer').credit.getCreditExposure();
    expect(after.items.find((item) => item.organisationNumber === '07660001')).toMatchObject({ inUsePence: 0, overduePence: 0 });

    offsetMs += LATE_COPY_MS;
    expect((await sendDue()).claimed).toBe(1);
    const received = await webhooks();
    const paid = received.find((webhook) => webhook.eventId === sent.eventId)!;
    expect(paid).toMatchObject({
      type: 'order.paid',
      deliveries: 2,
      effect: 'applied',
      businessName: 'kim Builds Ltd',
      orderNumber: order.orderNumber,
      summary: expect.stringMatching(/^Invoice paid \(£/),
    });
    // The dispatch's event came before the payment and changed nothing the shop had not already been told.
    expect(received.find((webhook) => webhook.type === 'order.fulfilled' && webhook.orderNumber === order.orderNumber)).toMatchObject({ deliveries: 2 });
    expect(await invoiceOf(order.orderNumber)).toMatchObject({ standing: 'paid' });
    // The VAT invoice says it is paid, and gives no account to pay into.
    const pdf = await fetch(`${api.serviceUrl('help-centre')}/Order/${order.orderNumber}/vat-invoice`, {
      method: 'POST',
      headers: { authorization: 'Bearer kim' },
    });
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toMatch(/Paid to Two on \d{1,2} \w+ \d{4}: nothing more to pay\./);
    expect(text).not.toContain('Quote this reference');
  });

  it('applies an event once and in order: a copy twice at once counts twice and applies once; an earlier state arriving late changes nothing', async () => {
    const order = await dispatchedOrder();
    const providerOrderId = await tradeCreditOrderOf(order.orderNumber);
    const at = now();
    const event = (id: string, occurredAt: Date, paidAt: Date | null) =>
      orderEvent(id, paidAt ? 'order.paid' : 'order.fulfilled', occurredAt, {
        id: providerOrderId,
        state: 'FULFILLED',
        amountPence: order.total,
        fulfilledAt: at.toISOString(),
        dueDate: '2099-01-01',
        paidAt: paidAt?.toISOString() ?? null,
      });
    const paid = event('evt_race_paid', new Date(at.getTime() + 2_000), new Date(at.getTime() + 2_000));
    const earlier = event('evt_race_earlier', new Date(at.getTime() + 1_000), null);
    const answers = await Promise.all([post(paid, signWebhook(SECRET, paid, seconds(now()))), post(paid, signWebhook(SECRET, paid, seconds(now())))]);
    const receipts = (await Promise.all(answers.map((answer) => answer.json()))) as { duplicate: boolean; effect: string }[];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(receipts.map((receipt) => receipt.duplicate).toSorted((a, b) => Number(a) - Number(b))).toEqual([false, true]);
    expect(receipts.every((receipt) => receipt.effect === 'applied')).toBe(true);

    const late = await post(earlier, signWebhook(SECRET, earlier, seconds(now())));
    expect(await late.json()).toEqual({ received: true, duplicate: false, effect: 'superseded' });
    expect(await invoiceOf(order.orderNumber)).toMatchObject({ standing: 'paid', outstandingPence: 0 });
    const listed = await webhooks();
    expect(listed.find((webhook) => webhook.eventId === 'evt_race_paid')).toMatchObject({ deliveries: 2, effect: 'applied' });
    expect(listed.find((webhook) => webhook.eventId === 'evt_race_earlier')).toMatchObject({ deliveries: 1, effect: 'superseded' });
  });

  it('refuses an unsigned, forged, tampered or replayed webhook with a 400, and changes nothing', async () => {
    const order = await dispatchedOrder();
    const providerOrderId = await tradeCreditOrderOf(order.orderNumber);
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'order.paid',
      occurred_at: now().toISOString(),
      organisation_number: '07660001',
      order: {
        id: providerOrderId,
        state: 'FULFILLED',
        amountPence: 1,
        refundedPence: 0,
        fulfilledAt: null,
        dueDate: null,
        payee: null,
        paidAt: now().toISOString(),
      },
      decision: null,
    });
    const refusals = [
      await post(body),
      await post(body, signWebhook('twhsec_someone_elses_secret_000000', body, seconds(now()))),
      await post(body.replace('"amountPence":1', '"amountPence":2'), signWebhook(SECRET, body, seconds(now()))),
      // Signed by the provider, but 10 minutes ago: a replay.
      await post(body, signWebhook(SECRET, body, seconds(now()) - 600)),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect(((await answer.json()) as { code: string }).code).toBe('CREDIT_WEBHOOK_SIGNATURE_INVALID');
    }
    expect((await webhooks()).some((webhook) => webhook.eventId === 'evt_forged')).toBe(false);
    expect(await invoiceOf(order.orderNumber)).toMatchObject({ standing: 'due', outstandingPence: order.total });
    const unreadable = await post('{"id":"evt_x","type":"order.paid"}', signWebhook(SECRET, '{"id":"evt_x","type":"order.paid"}', seconds(now())));
    expect(unreadable.status).toBe(400);
    // Signed, but a kind of event the shop does not read (one the provider added since): acknowledged, nothing recorded or changed.
    const newKind = body.replace('"id":"evt_forged"', '"id":"evt_new_kind"').replace('"type":"order.paid"', '"type":"order.rescheduled"');
    const acknowledged = await post(newKind, signWebhook(SECRET, newKind, seconds(now())));
    expect(acknowledged.status).toBe(200);
    expect(await acknowledged.json()).toEqual({ received: true, duplicate: false, effect: 'unknown' });
    expect((await webhooks()).some((webhook) => webhook.eventId === 'evt_new_kind')).toBe(false);
    expect(await invoiceOf(order.orderNumber)).toMatchObject({ standing: 'due', outstandingPence: order.total });
  });

  it('lets staff send a business’s credit decision, and refuses an event that does not fit the order or an order not on account', async () => {
    const kim = (await as('reviewer').credit.getCreditExposure()).items.find((item) => item.organisationNumber === '07660001')!;
    const decision = await as('reviewer').credit.sendSandboxCreditEvent({ body: { type: 'credit.decision', tradeAccountId: kim.tradeAccountId } });
    await sendDue();
    expect((await webhooks()).find((webhook) => webhook.eventId === decision.eventId)).toMatchObject({
      effect: 'applied',
      businessName: 'kim Builds Ltd',
      summary: 'Credit decision: approved',
    });
    // Staff's timeline of the account: when it applied, then the provider's dated decisions and events, and its decision now.
    const timeline = await as('reviewer').credit.getCreditTimeline({ params: { tradeAccountId: kim.tradeAccountId } });
    expect(timeline.entries[0]).toMatchObject({ kind: 'applied', text: 'Applied to pay on account with Two' });
    expect(timeline.entries).toContainEqual(expect.objectContaining({ kind: 'decision', text: 'Credit decision: approved' }));
    expect(timeline.entries.some((entry) => entry.kind === 'event' && entry.text.startsWith('Invoice paid'))).toBe(true);
    expect(timeline.entries.map((entry) => entry.at)).toEqual(timeline.entries.map((entry) => entry.at).toSorted());
    expect(timeline.decisionNow).toMatch(/^Two: approved on £5,000, £[\d,.]+ available$/);
    expect((await failure(as('kim').credit.getCreditTimeline({ params: { tradeAccountId: kim.tradeAccountId } }))).status).toBe(403);

    const basket = await onAccountBasket(api, 'kim', parcel);
    const placed = await as('kim').checkout.payOnAccount({ params: basket.params });
    const notYet = await failure(as('reviewer').credit.sendSandboxCreditEvent({ body: { type: 'order.paid', orderNumber: placed.orderNumber } }));
    expect([notYet.status, notYet.code]).toEqual([422, 'CREDIT_SANDBOX_EVENT_REFUSED']);
    const unknown = await failure(as('reviewer').credit.sendSandboxCreditEvent({ body: { type: 'order.paid', orderNumber: 'PL00000000' } }));
    expect([unknown.status, unknown.code]).toEqual([404, 'CREDIT_ORDER_NOT_ON_ACCOUNT']);
    const noSubject = await failure(as('reviewer').credit.sendSandboxCreditEvent({ body: { type: 'order.cancelled' } }));
    expect(noSubject.status).toBe(400);
    for (const name of ['kim', 'shopper']) {
      expect((await failure(as(name).credit.sendSandboxCreditEvent({ body: { type: 'order.paid', orderNumber: placed.orderNumber } }))).status).toBe(403);
      expect((await failure(as(name).credit.listCreditWebhooks())).status).toBe(403);
    }
    // Cancelled through the sandbox: the order on account owes nothing.
    await as('reviewer').credit.sendSandboxCreditEvent({ body: { type: 'order.cancelled', orderNumber: placed.orderNumber } });
    await sendDue();
    expect(await invoiceOf(placed.orderNumber)).toMatchObject({ standing: 'settled', outstandingPence: 0 });
  });

  it('queues the sandbox’s event in its change’s transaction: a change that rolls back sends nothing and leaves the order as it was', async () => {
    const sandbox = createCreditSandbox({ db: api.database.db, clock: { now }, publicUrl: api.origin });
    const order = await sandbox.createOrder(
      { organisationNumber: '99000010' },
      {
        merchantReference: 'basket-outbox-test',
        merchantUserId: 'user-outbox',
        amountPence: 12_000,
        vatPence: 2_000,
        lines: [{ sku: 'TAP-1', name: 'Basin tap', quantity: 1, unitPricePence: 12_000, lineTotalPence: 12_000 }],
        deliveryAddress: { line1: '3 Tap Lane', town: 'York', postcode: 'YO1 7HH', country: 'GB' },
      },
      'credit-order:outbox-test',
    );
    expect(order.state).toBe('VERIFIED');
    const queued = async () =>
      (
        (await api.database.db.execute(
          sql`select count(*)::int as n from credit_sandbox_deliveries where payload like ${`%"id":"${order.id}"%`}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    // The change's transaction fails after the order moved (here its event cannot be queued): it all rolls back.
    await api.database.db.execute(sql`create function credit_test_refuse_delivery() returns trigger language plpgsql as $$
      begin raise exception 'no delivery for this test'; end $$`);
    await api.database.db.execute(sql`create trigger credit_test_refuse_delivery before insert on credit_sandbox_deliveries
      for each row execute function credit_test_refuse_delivery()`);
    try {
      await expect(sandbox.fulfilOrder(order.id, `credit-fulfil:${order.id}`)).rejects.toThrow('insert into "credit_sandbox_deliveries"');
      await expect(sandbox.cancelOrder(order.id, `credit-cancel:${order.id}`)).rejects.toThrow('insert into "credit_sandbox_deliveries"');
      await expect(sandbox.sendEvent('order.fulfilled', { providerOrderId: order.id })).rejects.toThrow('insert into "credit_sandbox_deliveries"');
      expect(await sandbox.getOrder(order.id)).toMatchObject({ state: 'VERIFIED', refundedPence: 0, fulfilledAt: null });
      expect(await queued()).toBe(0);
    } finally {
      await api.database.db.execute(sql`drop trigger credit_test_refuse_delivery on credit_sandbox_deliveries`);
      await api.database.db.execute(sql`drop function credit_test_refuse_delivery()`);
    }
    // Committed, the change and its event's two deliveries are there together.
    expect(await sandbox.fulfilOrder(order.id, `credit-fulfil:${order.id}`)).toMatchObject({ state: 'FULFILLED' });
    expect(await queued()).toBe(2);
  });
});

/** Every delivery the sandbox has queued, sent: the first copies, then the late ones. */
async function deliverAll() {
  await sendDue();
  offsetMs += LATE_COPY_MS;
  await sendDue();
}
/** The exposure report's credit in use for kim's business. */
const kimInUse = async () =>
  (await as('reviewer').credit.getCreditExposure({ query: { pageSize: 50 } })).items.find((item) => item.organisationNumber === '07660001')!.inUsePence;

describe('an order on account edited before dispatch', () => {
  it('the sandbox keeps the edit’s VAT and lines, as Two does, and tells it by a signed webhook sent twice, the copy late', async () => {
    const basket = await onAccountBasket(api, 'kim', parcel, 2);
    const placed = await as('kim').checkout.payOnAccount({ params: basket.params });
    const providerOrderId = await tradeCreditOrderOf(placed.orderNumber);
    const created = (await creditProvider().getOrder(providerOrderId))!;
    expect(created).toMatchObject({ state: 'VERIFIED', amountPence: basket.total, lines: [expect.objectContaining({ sku: parcel, quantity: 2 })] });
    expect(created.netPence! + created.vatPence!).toBe(basket.total);
    await deliverAll();
    const inUseBefore = await kimInUse();

    const asked = vi.spyOn(creditProvider(), 'updateOrder');
    const part = await as('kim').help.cancelOrder({ params: { id: placed.orderNumber }, body: { lines: [{ position: 0, quantity: 1 }], reason: 'One spare' } });
    const left = basket.total - part.refundedPence;
    const request = asked.mock.calls[0]![1];
    const unit = created.lines![0]!.unitPricePence;
    const edited = (await creditProvider().getOrder(providerOrderId))!;
    // The order as edited: the gross, net and tax the shop sent, and the one line left, not the order as created.
    expect(edited).toMatchObject({
      state: 'VERIFIED',
      amountPence: left,
      netPence: left - request.vatPence,
      vatPence: request.vatPence,
      refundedPence: 0,
      lines: [{ sku: parcel, name: created.lines![0]!.name, quantity: 1, unitPricePence: unit, lineTotalPence: unit }],
    });
    expect(Math.abs(edited.vatPence! - left / 6)).toBeLessThanOrEqual(1);
    expect(edited.vatPence!).toBeLessThan(created.vatPence!);
    expect(await kimInUse()).toBe(inUseBefore - part.refundedPence);

    // Its webhook: the first copy now, the late one after; the shop had written the edit down already, so it changes nothing.
    expect((await sendDue()).claimed).toBe(1);
    const summary = `Order edited before dispatch: ${formatPenceShort(left)} (VAT ${formatPenceShort(edited.vatPence!)}), 1 item on 1 line`;
    const first = (await webhooks()).find((webhook) => webhook.type === 'order.updated' && webhook.orderNumber === placed.orderNumber);
    expect(first).toMatchObject({ deliveries: 1, effect: 'superseded', businessName: 'kim Builds Ltd', summary });
    offsetMs += LATE_COPY_MS;
    expect((await sendDue()).claimed).toBe(1);
    expect((await webhooks()).find((webhook) => webhook.eventId === first!.eventId)).toMatchObject({ deliveries: 2, effect: 'superseded' });
    expect(await kimInUse()).toBe(inUseBefore - part.refundedPence);
    const timeline = await as('reviewer').credit.getCreditTimeline({ params: { tradeAccountId: (await tradeAccountOf(placed.orderNumber))! } });
    expect(timeline.entries).toContainEqual(expect.objectContaining({ kind: 'event', text: summary }));

    // Staff make the sandbox tell the order as it stands again; once dispatched it is no longer one to edit.
    const sent = await as('reviewer').credit.sendSandboxCreditEvent({ body: { type: 'order.updated', orderNumber: placed.orderNumber } });
    await sendDue();
    expect((await webhooks()).find((webhook) => webhook.eventId === sent.eventId)).toMatchObject({ type: 'order.updated', effect: 'applied', summary });
    await as('staff').orders.advanceOrder({
      params: { orderNumber: placed.orderNumber },
      body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567891' },
    });
    const refused = await failure(as('reviewer').credit.sendSandboxCreditEvent({ body: { type: 'order.updated', orderNumber: placed.orderNumber } }));
    expect([refused.status, refused.code]).toEqual([422, 'CREDIT_SANDBOX_EVENT_REFUSED']);
  });

  it('an edit the sandbox refuses (to nothing, or once fulfilled) changes nothing and sends nothing; one asked again sends no second event', async () => {
    const sandbox = createCreditSandbox({ db: api.database.db, clock: { now }, publicUrl: api.origin });
    const request: CreditOrderRequest = {
      merchantReference: 'basket-edit-test',
      merchantUserId: 'user-edit',
      amountPence: 12_000,
      vatPence: 2_000,
      lines: [
        { sku: 'TAP-1', name: 'Basin tap', quantity: 2, unitPricePence: 4_500, lineTotalPence: 9_000 },
        { sku: 'WASTE-1', name: 'Click waste', quantity: 1, unitPricePence: 3_000, lineTotalPence: 3_000 },
      ],
      deliveryAddress: { line1: '3 Tap Lane', town: 'York', postcode: 'YO1 7HH', country: 'GB' },
    };
    const order = await sandbox.createOrder({ organisationNumber: '07669901' }, request, 'credit-order:edit-test');
    expect(order).toMatchObject({ state: 'VERIFIED', amountPence: 12_000, netPence: 10_000, vatPence: 2_000, lines: request.lines });
    const edits = async () =>
      (
        (await api.database.db.execute(
          sql`select payload from credit_sandbox_deliveries where type = 'order.updated' and payload like ${`%"id":"${order.id}"%`} order by id`,
        )) as unknown as { rows: { payload: string }[] }
      ).rows.map((row) => JSON.parse(row.payload) as { type: string; order: { amountPence: number; vatPence: number; lines: unknown[] } });

    const edit = { ...request, amountPence: 9_000, vatPence: 1_500, lines: [request.lines[0]!] };
    const contents = { amountPence: 9_000, netPence: 7_500, vatPence: 1_500, lines: [request.lines[0]] };
    expect(await sandbox.updateOrder(order.id, edit, 'edit-1')).toEqual({ approved: true, order: expect.objectContaining(contents) });
    expect(await sandbox.getOrder(order.id)).toMatchObject({ state: 'VERIFIED', ...contents });
    // Told twice (the copy late), each saying the order as edited.
    expect((await edits()).map((event) => [event.type, event.order.amountPence, event.order.vatPence, event.order.lines])).toEqual([
      ['order.updated', 9_000, 1_500, [request.lines[0]]],
      ['order.updated', 9_000, 1_500, [request.lines[0]]],
    ]);
    // Asked again with the same contents (a retry whose answer was lost): the same answer, and no second event.
    expect(await sandbox.updateOrder(order.id, edit, 'edit-1')).toEqual({ approved: true, order: expect.objectContaining(contents) });
    expect(await edits()).toHaveLength(2);

    // To nothing is a cancellation, not an edit: refused, and the order is as it was.
    const nothing = { ...request, amountPence: 0, vatPence: 0, lines: [] };
    await expect(sandbox.updateOrder(order.id, nothing, 'edit-2')).rejects.toThrow(CreditOrderRefused);
    expect(await sandbox.getOrder(order.id)).toMatchObject({ state: 'VERIFIED', ...contents });
    // Fulfilled, it is invoiced: no edit, and nothing changes or is sent.
    await sandbox.fulfilOrder(order.id, `credit-fulfil:${order.id}`);
    await expect(sandbox.updateOrder(order.id, { ...request, amountPence: 3_000, vatPence: 500, lines: [request.lines[1]!] }, 'edit-3')).rejects.toThrow(
      `order ${order.id} is FULFILLED and cannot be edited`,
    );
    await expect(sandbox.sendEvent('order.updated', { providerOrderId: order.id })).rejects.toThrow(CreditOrderRefused);
    expect(await sandbox.getOrder(order.id)).toMatchObject({ state: 'FULFILLED', ...contents });
    expect(await edits()).toHaveLength(2);
  });

  it('applies Two’s edit told by webhook once and in order: the amount kept follows it; a copy, a late one, a forged or replayed one do not', async () => {
    const basket = await onAccountBasket(api, 'kim', parcel);
    const placed = await as('kim').checkout.payOnAccount({ params: basket.params });
    const providerOrderId = await tradeCreditOrderOf(placed.orderNumber);
    const inUseBefore = await kimInUse();
    const at = now();
    // Edited at Two (its dashboard, say): the order as it now stands.
    const edit = (id: string, after: number, amountPence: number) =>
      orderEvent(id, 'order.updated', new Date(at.getTime() + after), {
        id: providerOrderId,
        state: 'VERIFIED',
        amountPence,
        netPence: amountPence - Math.round(amountPence / 6),
        vatPence: Math.round(amountPence / 6),
        lines: [{ sku: parcel, name: 'Edited', quantity: 1, unitPricePence: amountPence, lineTotalPence: amountPence }],
      });
    const smaller = basket.total - 1_000;
    const newer = edit('evt_edit_newer', 2_000, smaller);
    const older = edit('evt_edit_older', 1_000, basket.total - 500);

    // Forged, tampered or replayed: refused, nothing recorded or changed.
    const refusals = [
      await post(newer),
      await post(newer, signWebhook('twhsec_someone_elses_secret_000000', newer, seconds(now()))),
      await post(newer.replace(`"amountPence":${smaller}`, '"amountPence":1'), signWebhook(SECRET, newer, seconds(now()))),
      await post(newer, signWebhook(SECRET, newer, seconds(now()) - 600)),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { code: string }).code).toBe('CREDIT_WEBHOOK_SIGNATURE_INVALID');
    }
    expect((await webhooks()).some((webhook) => webhook.eventId === 'evt_edit_newer')).toBe(false);
    expect(await invoiceOf(placed.orderNumber)).toMatchObject({ amountPence: basket.total });

    // Twice at once: recorded once, counted twice, applied once; what the shop keeps follows the edit.
    const answers = await Promise.all([post(newer, signWebhook(SECRET, newer, seconds(now()))), post(newer, signWebhook(SECRET, newer, seconds(now())))]);
    const receipts = (await Promise.all(answers.map((answer) => answer.json()))) as { duplicate: boolean; effect: string }[];
    expect(receipts.map((receipt) => receipt.duplicate).toSorted((a, b) => Number(a) - Number(b))).toEqual([false, true]);
    expect(receipts.every((receipt) => receipt.effect === 'applied')).toBe(true);
    expect(await invoiceOf(placed.orderNumber)).toMatchObject({ amountPence: smaller, outstandingPence: smaller });
    expect(await kimInUse()).toBe(inUseBefore - 1_000);

    // An earlier edit arriving late: recorded as superseded, and the amount stays the newer one's.
    const late = await post(older, signWebhook(SECRET, older, seconds(now())));
    expect(await late.json()).toEqual({ received: true, duplicate: false, effect: 'superseded' });
    expect(await invoiceOf(placed.orderNumber)).toMatchObject({ amountPence: smaller });
    const listed = await webhooks();
    expect(listed.find((webhook) => webhook.eventId === 'evt_edit_newer')).toMatchObject({
      type: 'order.updated',
      deliveries: 2,
      effect: 'applied',
      orderNumber: placed.orderNumber,
      summary: `Order edited before dispatch: ${formatPenceShort(smaller)} (VAT ${formatPenceShort(Math.round(smaller / 6))}), 1 item on 1 line`,
    });
    expect(listed.find((webhook) => webhook.eventId === 'evt_edit_older')).toMatchObject({ deliveries: 1, effect: 'superseded' });
  });
});

async function tradeAccountOf(orderNumber: string): Promise<number | undefined> {
  const rows = (await api.database.db.execute(
    sql`select c.trade_account_id as id from trade_credit_orders c join orders o on o.id = c.order_id where o.order_number = ${orderNumber}`,
  )) as unknown as { rows: { id: number }[] };
  return rows.rows[0]?.id;
}

async function tradeCreditOrderOf(orderNumber: string): Promise<string> {
  const rows = (await api.database.db.execute(
    sql`select c.provider_order_id as id from trade_credit_orders c join orders o on o.id = c.order_id where o.order_number = ${orderNumber}`,
  )) as unknown as { rows: { id: string }[] };
  return rows.rows[0]!.id;
}
