/**
 * The order confirmation is the durable record of the right to cancel (CCRs 2013, docs/domain.md
 * §8.1, decision 0053): real orders placed through checkout, their confirmation read from the
 * outbox, and its link followed to cancel without a reason.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLATION_PERIOD_DAYS, CHANGE_OF_MIND_RETURN_DAYS, ORDER_CONFIRMATION_LINK_DAYS, REFUND_WITHIN_DAYS } from '@shop/contracts';
import { failure, type TestApi } from '../../testing/test-api.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { readOutbox } from '../notifications/testing.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';
import { startOrderHelpApi, type OrderHelpHarness } from './order-help.testing.ts';

let harness: OrderHelpHarness;
let api: TestApi;

beforeAll(async () => {
  harness = await startOrderHelpApi('confirmation-cancelling', (origin, intent) => confirmLikeTheFrame(origin, intent, { number: TEST_CARDS.succeeds }));
  ({ api } = harness);
});
afterAll(() => api.close());

const DAY = 24 * 60 * 60 * 1000;

async function confirmationOf(order: { orderNumber: string; email: string }) {
  const [email] = await readOutbox(api.database.db, { to: order.email, template: 'order.confirmation' });
  const token = /\/order-help\/link\/([A-Za-z0-9_-]+)/.exec(email!.text)?.[1];
  return { text: email!.text, html: email!.html, token: token! };
}

describe('the order confirmation', () => {
  it('states the right to cancel, the refund, the exceptions in the order and the model form, and no longer says to phone to cancel', async () => {
    const seal = await findSeededSku(api.database.db, sql`p.returnability = 'sealed-hygiene' and p.delivery_class = 'parcel' and s.on_hand >= 10`, 0);
    const order = await harness.placeOrder({ quantity: 1, more: [{ sku: seal.sku, quantity: 1 }] });
    const { text } = await confirmationOf(order);
    const shop = api.config.shop;

    expect(text).toContain('Your right to cancel');
    expect(text).toContain(`without giving a reason, from now until ${CANCELLATION_PERIOD_DAYS} days after the day the goods are delivered`);
    expect(text).toContain(`e-mail us at ${shop.email}`);
    expect(text).toContain(`we refund you within ${REFUND_WITHIN_DAYS} days of getting them back`);
    expect(text).toContain('you pay the cost of sending it back');
    expect(text).toContain(`is sealed for hygiene: you can cancel it only while the seal is unbroken`);
    expect(text).toContain(`return any unused item within ${CHANGE_OF_MIND_RETURN_DAYS} days of delivery`);
    // The model cancellation form of Schedule 2, filled in with what we know.
    expect(text).toContain('Model cancellation form');
    expect(text).toContain(`To ${shop.legalName}, ${[...shop.address.lines, shop.address.postcode].join(', ')}, ${shop.email}:`);
    expect(text).toContain('I/We hereby give notice that I/We cancel my/our contract of sale of the following goods: ');
    expect(text).toContain(`(order ${order.orderNumber})`);
    expect(text).toMatch(/Ordered on \d{1,2} \w+ \d{4} \/ received on \[date\]\./);
    expect(text).toContain('Name of consumer(s): Sam Shopper.');
    expect(text).toContain('Address of consumer(s): 1 High Street, Leeds, LS1 4AP.');
    expect(text).not.toMatch(/To cancel it before it is dispatched.*call us/);
  });

  it('carries a link that opens that order for ORDER_CONFIRMATION_LINK_DAYS, by which it is cancelled without a reason', async () => {
    const order = await harness.placeOrder({ quantity: 1 });
    const { text, token } = await confirmationOf(order);
    expect(text).toContain('Cancel or manage my order:');
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    harness.setAhead((ORDER_CONFIRMATION_LINK_DAYS - 1) * DAY);
    try {
      expect(await harness.help(undefined, token).openOrderLink({})).toMatchObject({ orderNumber: order.orderNumber });
      const cancelled = await harness.help(undefined, token).cancelOrder({ params: { id: order.orderNumber }, body: {} });
      expect(cancelled).toMatchObject({ outcome: 'cancelled', orderStatus: 'cancelled', refundedPence: order.totalIncVat });
      harness.setAhead((ORDER_CONFIRMATION_LINK_DAYS + 1) * DAY);
      expect(await failure(harness.help(undefined, token).openOrderLink({}))).toMatchObject({ status: 403, code: 'ORDER_LINK_EXPIRED' });
    } finally {
      harness.setAhead(0);
    }
  });

  it('does not count its link among the five an hour a customer may ask for', async () => {
    const order = await harness.placeOrder({ quantity: 1 });
    for (let asked = 0; asked < 5; asked += 1) await harness.linkFor(order);
    const sixth = await failure(harness.help().requestOrderLink({ params: { id: order.orderNumber }, body: { emailAddress: order.email } }));
    expect(sixth).toMatchObject({ status: 429, code: 'ORDER_LINK_TOO_MANY' });
  });
});
