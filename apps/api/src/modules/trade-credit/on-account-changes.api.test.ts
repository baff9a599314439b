import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatPenceShort } from '@shop/contracts';
import { createAccountsClient, createDeliveryUpgradeClient, createOrderBasketsClient, createOrdersClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createCreditSandbox } from './sandbox-provider.ts';
import { onAccountBasket, onAccountClients, onAccountCustomer } from './testing.ts';

/**
 * An order paid on account, changed afterwards (decision 0101): a higher total is agreed by the credit
 * provider on its order before the change is made, by the customer or by staff, and never asks for a
 * card; one the provider refuses (over the credit left) changes nothing; a lower total is credited to
 * the account; two completions at once raise the provider's order once.
 */
let api: TestApi;
let sku: SeededSku;
const actors: Record<string, Actor> = {
  reviewer: { userId: 'user-reviewer', name: 'Rita Reviewer', roles: ['trade-reviewer'] },
  staff: { userId: 'user-staff', name: 'Sam Staff', roles: ['order-admin'] },
};
const as = (name: string) => ({
  ...onAccountClients(() => api)(name),
  changes: createOrderBasketsClient({ baseUrl: api.serviceUrl('order-baskets'), getAccessToken: () => name }),
  orders: createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => name }),
  upgrade: createDeliveryUpgradeClient({ baseUrl: api.serviceUrl('delivery-upgrade'), getAccessToken: () => name }),
  mine: createAccountsClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => name }),
});
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  api = await startTestApi({
    env: { SANDBOX_WEBHOOK_CHAOS: 'off' },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  // Dana's company has the standard limit (£5,000); Lowe's £1,000, at most £500 an order.
  await onAccountCustomer(api, actors, { name: 'dana', companyNumber: '12340001', reviewer: 'reviewer' });
  await onAccountCustomer(api, actors, { name: 'lowe', companyNumber: '99000010', reviewer: 'reviewer' });
  // Ulla's company has the standard limit too, kept for its own credit to be used up.
  await onAccountCustomer(api, actors, { name: 'ulla', companyNumber: '12340077', reviewer: 'reviewer' });
  sku = await findSeededSku(
    api.database.db,
    sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 3000 and 10000 and s.on_hand >= 40`,
  );
}, 180_000);
afterAll(() => api.close());
// The order moved on while the provider agreed (movedOnWhileAgreeing): for that test only.
afterEach(() => api.database.db.execute(sql`drop trigger if exists test_move_order_on on credit_sandbox_orders`));

async function placed(name: string, quantity: number) {
  const basket = await onAccountBasket(api, name, sku.sku, quantity);
  const order = await as(name).checkout.payOnAccount({ params: basket.params });
  return { orderNumber: order.orderNumber, total: basket.total, params: { id: order.orderNumber }, upgrade: { orderId: order.orderNumber } };
}

/** Takes the rest of a business's credit at the provider with orders of its own, all but `leavePence` of it. */
async function useCreditUpTo(companyNumber: string, limitPence: number, order: { orderNumber: string; total: number }, leavePence: number) {
  const sandbox = createCreditSandbox({ db: api.database.db, clock: { now: () => new Date() }, publicUrl: api.origin });
  let left = limitPence - order.total;
  for (let n = 0; left > leavePence; n++) {
    const amountPence = Math.min(50_000, left - leavePence);
    const filler = await sandbox.createOrder(
      { organisationNumber: companyNumber },
      { merchantReference: `filler-${n}`, merchantUserId: 'user-filler', amountPence, vatPence: 0, lines: [], deliveryAddress: null },
      `filler-${order.orderNumber}-${n}`,
    );
    expect(filler.state).toBe('VERIFIED');
    left -= amountPence;
  }
}

/**
 * While the provider agrees a higher amount on the order, the order moves on (as staff changing it in another window would):
 * a trigger on the sandbox's orders moves the shop's order's version when its provider order's amount goes up, once.
 */
async function movedOnWhileAgreeing(orderNumber: string) {
  await api.database.db.execute(sql`
    create or replace function test_move_order_on() returns trigger language plpgsql as $$
    begin
      if new.amount_pence > old.amount_pence then
        update orders set version = version + 1 where id = (select order_id from trade_credit_orders where provider_order_id = new.id);
      end if;
      return new;
    end $$`);
  const [row] = await rowsOf<{ id: string }>(
    sql`select c.provider_order_id as id from trade_credit_orders c join orders o on o.id = c.order_id where o.order_number = ${orderNumber}`,
  );
  await api.database.db.execute(
    sql.raw(
      `create trigger test_move_order_on after update on credit_sandbox_orders for each row when (new.id = '${row!.id.replace(/'/g, "''")}') ` +
        'execute function test_move_order_on()',
    ),
  );
}

/** The order's delivery upgrade started, and the first open specific day chosen: the upgrade as it then is. */
async function chooseSpecificDay(name: string, params: { orderId: string }) {
  await as(name).upgrade.startDeliveryUpgrade({ params });
  const calendar = await as(name).upgrade.getUpgradeSpecificDayOptions({ params, body: {} });
  const day = calendar.days.find((entry) => entry.available)!.date;
  return as(name).upgrade.setUpgradeDeliveryOption({ params, body: { code: 'specific_day', date: day } });
}

/** The order as the shop and the sandbox provider hold it: totals, and the provider's order's amount and what it credited back. */
async function accountOf(orderNumber: string) {
  type Account = { total: number; version: number; shop: number; shopRefunded: number; provider: number; providerRefunded: number };
  // The provider's order's VAT and lines too: set back with its amount when a change agreed is not made.
  const [row] = await rowsOf<Account & { providerVat: number; providerLines: { sku: string; quantity: number }[] }>(sql`
    select o.total_pence as total, o.version, c.amount_pence as shop, c.refunded_pence as "shopRefunded",
      s.amount_pence as provider, s.refunded_pence as "providerRefunded", s.vat_pence as "providerVat", s.lines as "providerLines"
    from orders o join trade_credit_orders c on c.order_id = o.id join credit_sandbox_orders s on s.id = c.provider_order_id
    where o.order_number = ${orderNumber}`);
  return row!;
}
/** What staff's timeline of the order's trade account says of the order's changes on account, oldest first. */
async function timelineOf(orderNumber: string) {
  const [row] = await rowsOf<{ id: number }>(
    sql`select c.trade_account_id as id from trade_credit_orders c join orders o on o.id = c.order_id where o.order_number = ${orderNumber}`,
  );
  const timeline = await as('reviewer').credit.getCreditTimeline({ params: { tradeAccountId: row!.id } });
  return timeline.entries.filter((entry) => entry.kind === 'change' && entry.text.includes(orderNumber)).map((entry) => entry.text);
}
const outstanding = async (name: string, orderNumber: string) =>
  (await as(name).credit.listOnAccountInvoices({ query: { pageSize: 50 } })).items.find((item) => item.orderNumber === orderNumber)!.outstandingPence;

describe('an order paid on account, changed', () => {
  it('costs more: the provider agrees the new total before the change is made, for the customer and for staff, and no card is asked for', async () => {
    const order = await placed('dana', 1);
    const added = await as('dana').changes.setOrderBasketItem({ params: order.params, body: { sku: sku.sku, quantity: 2 } });
    expect(added).toMatchObject({ paidOnAccount: true, toRefundPence: 0 });
    expect(added.toPayPence).toBeGreaterThan(0);
    const done = await as('dana').changes.completeOrderBasket({ params: order.params, body: { orderVersion: added.orderVersion } });
    expect(done).toMatchObject({ status: 'completed', chargedPence: added.toPayPence, refundedPence: 0 });
    const after = await accountOf(order.orderNumber);
    expect(after).toMatchObject({ total: order.total + added.toPayPence, shop: order.total + added.toPayPence, provider: order.total + added.toPayPence });
    expect(await outstanding('dana', order.orderNumber)).toBe(order.total + added.toPayPence);
    // No card payment was started for it.
    expect(await rowsOf(sql`select 1 from order_charges c join orders o on o.id = c.order_id where o.order_number = ${order.orderNumber}`)).toEqual([]);

    // Staff adding an item for the customer on the phone: agreed on account at once, not e-mailed to the customer to pay by card.
    const byStaff = await as('staff').changes.setOrderBasketItem({ params: order.params, body: { sku: sku.sku, quantity: 3 } });
    const staffDone = await as('staff').changes.completeOrderBasket({ params: order.params, body: { orderVersion: byStaff.orderVersion } });
    expect(staffDone).toMatchObject({ status: 'completed', chargedPence: byStaff.toPayPence });
    expect((await accountOf(order.orderNumber)).provider).toBe(order.total + added.toPayPence + byStaff.toPayPence);
    // Staff's timeline of the trade account has each change: the order, what it added and the new total agreed with Two.
    const newTotal = order.total + added.toPayPence + byStaff.toPayPence;
    expect(await timelineOf(order.orderNumber)).toEqual([
      `Order ${order.orderNumber} changed: ${formatPenceShort(added.toPayPence)} added and agreed by Two, ` +
        `new total on account ${formatPenceShort(order.total + added.toPayPence)}`,
      `Order ${order.orderNumber} changed: ${formatPenceShort(byStaff.toPayPence)} added and agreed by Two, new total on account ${formatPenceShort(newTotal)}`,
    ]);
  });

  it('costs more than the credit left: refused with what to do, and nothing changes on the order or at the provider', async () => {
    const order = await placed('lowe', 1);
    // The rest of Lowe's credit taken by other orders at the provider, all but £10 of it.
    await useCreditUpTo('99000010', 100_000, order, 1_000);
    const before = await accountOf(order.orderNumber);
    const added = await as('lowe').changes.setOrderBasketItem({ params: order.params, body: { sku: sku.sku, quantity: 2 } });
    const refused = await failure(as('lowe').changes.completeOrderBasket({ params: order.params, body: { orderVersion: added.orderVersion } }));
    expect(refused).toMatchObject({ status: 422, code: 'CREDIT_ORDER_CHANGE_REFUSED' });
    const problem = refused.data as { detail: string; refusal: string };
    expect(problem.refusal).toBe('over_available_credit');
    expect(problem.detail).toContain('Nothing has changed on your order.');
    expect(problem.detail).not.toMatch(/card/);
    expect(await accountOf(order.orderNumber)).toEqual(before);
    // The changes are still there to adjust.
    expect((await as('lowe').changes.openOrderBasket({ params: order.params })).toPayPence).toBe(added.toPayPence);
    expect(await timelineOf(order.orderNumber)).toEqual([]);
  });

  it('costs less before dispatch: the provider’s order is edited to the new total (nothing refunded there), not a card credited', async () => {
    const order = await placed('dana', 2);
    const fewer = await as('dana').changes.setOrderBasketItem({ params: order.params, body: { sku: sku.sku, quantity: 1 } });
    expect(fewer.toRefundPence).toBeGreaterThan(0);
    const done = await as('dana').changes.completeOrderBasket({ params: order.params, body: { orderVersion: fewer.orderVersion } });
    expect(done).toMatchObject({ status: 'completed', chargedPence: 0, refundedPence: fewer.toRefundPence });
    const left = order.total - fewer.toRefundPence;
    expect(await accountOf(order.orderNumber)).toMatchObject({ provider: left, providerRefunded: 0, shop: left, shopRefunded: 0 });
    expect(await outstanding('dana', order.orderNumber)).toBe(left);
    // The change, then the credit as Two made it: its order made smaller before dispatch (decision 0153).
    expect(await timelineOf(order.orderNumber)).toEqual([
      `Order ${order.orderNumber} changed: ${formatPenceShort(fewer.toRefundPence)} taken off and credited to the account, ` +
        `new total on account ${formatPenceShort(left)}`,
      `Order ${order.orderNumber} reduced before dispatch: ${formatPenceShort(fewer.toRefundPence)} credited to the account by Two, ` +
        `${formatPenceShort(left)} left on account`,
    ]);
  });

  it('completed twice at once: one change, agreed with the provider once', async () => {
    const order = await placed('dana', 1);
    const added = await as('dana').changes.setOrderBasketItem({ params: order.params, body: { sku: sku.sku, quantity: 2 } });
    const body = { orderVersion: added.orderVersion };
    const results = await Promise.allSettled([
      as('dana').changes.completeOrderBasket({ params: order.params, body }),
      as('dana').changes.completeOrderBasket({ params: order.params, body }),
    ]);
    const completed = results.filter((result) => result.status === 'fulfilled');
    expect(completed).toHaveLength(1);
    const other = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect((await failure(Promise.reject(other.reason))).status).toBe(409);
    expect(await accountOf(order.orderNumber)).toMatchObject({ total: order.total + added.toPayPence, provider: order.total + added.toPayPence });
  });

  it('agreed by the provider but then not made (the order moved on meanwhile): the provider’s order is set back, and nothing changes', async () => {
    const order = await placed('dana', 1);
    const before = await accountOf(order.orderNumber);
    const added = await as('dana').changes.setOrderBasketItem({ params: order.params, body: { sku: sku.sku, quantity: 2 } });
    await movedOnWhileAgreeing(order.orderNumber);
    const stale = await failure(as('dana').changes.completeOrderBasket({ params: order.params, body: { orderVersion: added.orderVersion } }));
    expect(stale).toMatchObject({ status: 409, code: 'ORDER_BASKET_STALE' });
    // The provider agreed the higher amount, and was then set back to the order's amount before.
    expect(await accountOf(order.orderNumber)).toEqual({ ...before, version: before.version + 1 });
    expect((await as('dana').mine.getMyOrder({ params: { orderNumber: order.orderNumber } })).totals.totalIncVat).toBe(order.total);
    expect(await timelineOf(order.orderNumber)).toEqual([]);
  });
});

describe('the delivery of an order paid on account, upgraded', () => {
  it('is agreed by the provider with the customer’s consent, never a card: the order, the provider’s order and the timeline show it', async () => {
    const order = await placed('dana', 1);
    const chosen = await chooseSpecificDay('dana', order.upgrade);
    expect(chosen.paidOnAccount).toBe(true);
    const difference = chosen.selected!.differencePence;
    expect(difference).toBeGreaterThan(0);

    // A card is not offered, nor taken, for an order on account.
    for (const refused of [
      failure(as('dana').upgrade.getUpgradePaymentOptions({ params: order.upgrade })),
      failure(as('dana').upgrade.createUpgradePaymentIntent({ params: order.upgrade, body: { acceptCharge: true } })),
      failure(as('dana').upgrade.completeUpgradePayment({ params: order.upgrade, body: {} })),
    ]) {
      const problem = await refused;
      expect(problem).toMatchObject({ status: 409, code: 'DELIVERY_UPGRADE_ON_ACCOUNT' });
      expect((problem.data as { detail: string }).detail).toContain('Upgrade on account');
    }
    // Nothing is asked of the provider without the customer's consent.
    const unconsented = await failure(as('dana').upgrade.completeUpgradeOnAccount({ params: order.upgrade, body: { acceptCharge: false } }));
    expect(unconsented).toMatchObject({ status: 422, code: 'DELIVERY_UPGRADE_CONSENT_REQUIRED' });
    expect((await accountOf(order.orderNumber)).provider).toBe(order.total);

    const done = await as('dana').upgrade.completeUpgradeOnAccount({ params: order.upgrade, body: { acceptCharge: true } });
    expect(done).toMatchObject({ orderNumber: order.orderNumber, chargedPence: difference, delivery: { code: 'specific_day', date: chosen.selected!.date } });
    expect(await accountOf(order.orderNumber)).toMatchObject({
      total: order.total + difference,
      shop: order.total + difference,
      provider: order.total + difference,
    });
    expect(await outstanding('dana', order.orderNumber)).toBe(order.total + difference);
    const after = await as('dana').mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(after.delivery).toMatchObject({ code: 'specific_day', date: chosen.selected!.date });
    expect(after.history.at(-1)).toMatchObject({
      kind: 'change',
      note: expect.stringMatching(/^Delivery upgraded to Specific day .*added to the invoice on account\.$/),
    });
    expect(await rowsOf(sql`select 1 from order_charges c join orders o on o.id = c.order_id where o.order_number = ${order.orderNumber}`)).toEqual([]);

    // Asked again (a retry): the same upgrade, agreed once.
    expect(await as('dana').upgrade.completeUpgradeOnAccount({ params: order.upgrade, body: { acceptCharge: true } })).toMatchObject({
      chargedPence: difference,
    });
    expect(await accountOf(order.orderNumber)).toMatchObject({ total: order.total + difference, provider: order.total + difference });
    // Staff's timeline of the trade account has the upgrade once: the order, what it added and the new total agreed with Two.
    expect(await timelineOf(order.orderNumber)).toEqual([
      `Delivery of order ${order.orderNumber} upgraded: ${formatPenceShort(difference)} added and agreed by Two, ` +
        `new total on account ${formatPenceShort(order.total + difference)}`,
    ]);
  });

  it('refused by the provider: 422 with its reason in words, and nothing changes on the order or at the provider', async () => {
    const order = await placed('ulla', 1);
    // All but £1 of Ulla's credit taken by other orders at the provider.
    await useCreditUpTo('12340077', 500_000, order, 100);
    const chosen = await chooseSpecificDay('ulla', order.upgrade);
    expect(chosen.selected!.differencePence).toBeGreaterThan(100);
    const before = await accountOf(order.orderNumber);
    const refused = await failure(as('ulla').upgrade.completeUpgradeOnAccount({ params: order.upgrade, body: { acceptCharge: true } }));
    expect(refused).toMatchObject({ status: 422, code: 'CREDIT_ORDER_CHANGE_REFUSED' });
    const problem = refused.data as { detail: string; refusal: string };
    expect(problem.refusal).toBe('over_available_credit');
    expect(problem.detail).toMatch(/for the faster delivery to this order on account: it is more than the credit you have left with them/);
    expect(problem.detail).toContain('Nothing has changed on your order. Keep the delivery you have');
    expect(problem.detail).not.toMatch(/card/);
    expect(await accountOf(order.orderNumber)).toEqual(before);
    const still = await as('ulla').mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(still.delivery.code).toBe('standard');
    expect((await as('ulla').upgrade.startDeliveryUpgrade({ params: order.upgrade })).state).toBe('open');
    expect(await timelineOf(order.orderNumber)).toEqual([]);
  });

  it('completed twice at once: one upgrade, the provider’s order raised once', async () => {
    const order = await placed('dana', 1);
    const chosen = await chooseSpecificDay('dana', order.upgrade);
    const difference = chosen.selected!.differencePence;
    const complete = () => as('dana').upgrade.completeUpgradeOnAccount({ params: order.upgrade, body: { acceptCharge: true } });
    const before = await accountOf(order.orderNumber);
    const results = await Promise.allSettled([complete(), complete()]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    for (const result of results) expect((result as PromiseFulfilledResult<{ chargedPence: number }>).value.chargedPence).toBe(difference);
    expect(await accountOf(order.orderNumber)).toMatchObject({
      total: order.total + difference,
      version: before.version + 1,
      provider: order.total + difference,
    });
    const history = (await as('dana').mine.getMyOrder({ params: { orderNumber: order.orderNumber } })).history;
    expect(history.filter((entry) => entry.note?.startsWith('Delivery upgraded'))).toHaveLength(1);
    expect(await timelineOf(order.orderNumber)).toHaveLength(1);
  });

  it('agreed by the provider but then not made (the order moved on meanwhile): the provider’s order is set back, nothing is upgraded', async () => {
    const order = await placed('dana', 1);
    const before = await accountOf(order.orderNumber);
    await chooseSpecificDay('dana', order.upgrade);
    await movedOnWhileAgreeing(order.orderNumber);
    const notApplied = await failure(as('dana').upgrade.completeUpgradeOnAccount({ params: order.upgrade, body: { acceptCharge: true } }));
    expect(notApplied).toMatchObject({ status: 409, code: 'DELIVERY_UPGRADE_NOT_APPLIED' });
    expect(await accountOf(order.orderNumber)).toEqual({ ...before, version: before.version + 1 });
    expect((await as('dana').mine.getMyOrder({ params: { orderNumber: order.orderNumber } })).delivery.code).toBe('standard');
    expect(await timelineOf(order.orderNumber)).toEqual([]);
  });
});
