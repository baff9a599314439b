import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccountsClient,
  createBasketClient,
  createCheckoutClient,
  createOrdersClient,
  createTradeClient,
  createTradeTermsClient,
} from '@shop/api-client';
import { formatPence, formatPenceShort, type TradeApplicationData } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';

/**
 * A newly approved trade customer at checkout: asked to accept the trade terms before paying (and
 * again when a new version is published), then their order counts for their business, which moves
 * up a band by itself when its spend reaches one, and its confirmation reads ex VAT first.
 */
let api: TestApi;
const actors: Record<string, Actor> = {
  fay: { userId: 'user-fay', email: 'fay@fixit.example', name: 'Fay Fixit', roles: ['shopper'] },
  reviewer: { userId: 'user-reviewer', name: 'Rita Reviewer', roles: ['trade-reviewer'] },
  rob: { userId: 'user-rob', email: 'rob@retail.example', name: 'Rob Retail', roles: ['shopper'] },
  staff: { userId: 'user-staff', name: 'Sam Staff', roles: ['order-admin'] },
};
const contacts: Record<string, { emailAddress: string; firstName: string; lastName: string; phone: string }> = {
  fay: { emailAddress: 'fay@fixit.example', firstName: 'Fay', lastName: 'Fixit', phone: '07700 900789' },
  rob: { emailAddress: 'rob@retail.example', firstName: 'Rob', lastName: 'Retail', phone: '07700 900456' },
};
const as = (name: string) => ({
  trade: createTradeClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => name }),
  terms: createTradeTermsClient({ baseUrl: api.serviceUrl('projects'), getAccessToken: () => name }),
  basket: createBasketClient({ baseUrl: api.serviceUrl('basket'), getAccessToken: () => name }),
  checkout: createCheckoutClient({ baseUrl: api.serviceUrl('checkout'), getAccessToken: () => name }),
  orders: createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => name }),
  account: createAccountsClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => name }),
});

const details: TradeApplicationData = {
  legalName: 'Fix It Fay Ltd',
  businessType: 'limited_company',
  companyNumber: '07654321',
  trade: 'plumber',
  yearsTrading: 2,
  employees: 1,
  expectedMonthlySpendPence: 300_000,
  address: { line1: '3 Tap Lane', town: 'York', postcode: 'YO1 7HH' },
  contactName: 'Fay Fixit',
  contactPhone: '07700 900789',
};
const address = { name: 'Fay Fixit', line1: '3 Tap Lane', town: 'York', postcode: 'YO1 7HH' };

beforeAll(async () => {
  api = await startTestApi({
    env: { SANDBOX_WEBHOOK_CHAOS: 'off' },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  const application = await as('fay').trade.submitTradeApplication({ body: details });
  await as('reviewer').trade.approveTradeApplication({ params: { id: application.id }, body: { bandCode: 'T1' } });
  // Signed in again: the token carries the trade role.
  actors.fay = { ...actors.fay!, roles: ['shopper', 'trade'] };
});
afterAll(() => api.close());

/** A basket of `sku` ready to pay for, by Fay (trade) unless another shopper is named. */
async function readyTradeBasket(sku: string, quantity: number, name = 'fay') {
  const shopper = as(name);
  const { basketId } = await shopper.basket.createBasketWithItems({ body: { items: [{ sku, quantity }] } });
  const params = { basketId };
  await shopper.checkout.setContactDetails({ params, body: contacts[name]! });
  await shopper.checkout.setDeliveryDetails({ params, body: { address } });
  await shopper.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
  const checkout = await shopper.checkout.setDeliveryOption({ params, body: { code: 'standard' } });
  return { params, checkout };
}

/** Pays for a ready basket with a card that succeeds, as the storefront does. */
async function pay(params: { basketId: string }, name = 'fay') {
  const shopper = as(name);
  const intent = await shopper.checkout.createPaymentIntent({ params, body: {} });
  await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
  return shopper.checkout.completePayment({ params });
}

const confirmationOf = async (to: string, orderNumber: string) =>
  (await readOutbox(api.database.db, { to, template: 'order.confirmation' })).find((email) => email.subject === `Order confirmed: ${orderNumber}`)!;

describe('a trade customer at checkout', () => {
  it('is asked to accept the current trade terms before paying; nothing is held or charged until they do', async () => {
    const fay = as('fay');
    const { sku } = await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 2000 and 6000 and s.on_hand >= 20`,
    );
    const { params, checkout } = await readyTradeBasket(sku, 2);
    expect(checkout.basket.pricing).toMatchObject({ tradePriced: true, tradeBand: 'T1' });
    const refused = await failure(fay.checkout.createPaymentIntent({ params, body: {} }));
    expect([refused.status, refused.code]).toEqual([409, 'TRADE_TERMS_NOT_ACCEPTED']);
    expect((refused.data as { termsVersion: number }).termsVersion).toBe(1);
    const held = (await api.database.db.execute(
      sql`select count(*)::int as holds from stock_reservations where basket_id = ${params.basketId}`,
    )) as unknown as { rows: { holds: number }[] };
    expect(held.rows[0]?.holds).toBe(0);

    await fay.terms.acceptTermsAndConditions({ query: { version: 1 } });
    const intent = await fay.checkout.createPaymentIntent({ params, body: {} });
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    const order = await fay.checkout.completePayment({ params });

    const summary = await fay.trade.getTradeSummary();
    expect(summary.latestOrder).toMatchObject({ orderNumber: order.orderNumber, status: 'placed', totalIncVat: order.totalIncVat });
    expect(summary.spend.thisMonthExVat).toBe(summary.latestOrder!.totalExVat);
    expect(summary.openOrders.count).toBe(1);
    expect(summary.savingsLast12MonthsExVat).toBeGreaterThan(0);
    const again = await fay.trade.getBuyAgainProducts({ query: {} });
    expect(again.items.map((item) => [item.sku, item.timesOrdered, item.quantityOrdered])).toEqual([[sku, 1, 2]]);
  });

  it('moves the business up a band by itself when its 12-month spend reaches the next, and records why', async () => {
    const fay = as('fay');
    // Enough for Silver (£2,500 ex VAT): the dearest single item in stock, as many as it takes.
    const { sku, exVat } = await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 30 and pr.price_inc_vat > 20000`,
    );
    const quantity = Math.min(30, Math.ceil(260_000 / Math.round(exVat * 0.95)));
    const { params } = await readyTradeBasket(sku, quantity);
    const intent = await fay.checkout.createPaymentIntent({ params, body: {} });
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    await fay.checkout.completePayment({ params });

    const summary = await fay.trade.getTradeSummary();
    expect(summary.spend.last12MonthsExVat).toBeGreaterThanOrEqual(250_000);
    expect(summary.band.code).toBe('T2');
    const band = await fay.trade.getTradeBandAccount({ params: { tradeExternalId: summary.tradeExternalId } });
    expect(band.bandSetBy).toBe('spend');
    expect(band.history[0]).toMatchObject({ from: 'T1', to: 'T2', reason: 'spend', spendLast12MonthsExVat: summary.spend.last12MonthsExVat });
    // Priced at the new band from the next call.
    const next = await fay.basket.createBasketWithItems({ body: { items: [{ sku, quantity: 1 }] } });
    expect(next.pricing).toMatchObject({ tradePriced: true, tradeBand: 'T2', tradeDiscountBasisPoints: 1000 });
  });

  it('is e-mailed a confirmation that reads ex VAT first, inc VAT beside, with the VAT; a retail order’s reads as before', async () => {
    const { sku } = await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 2000 and 6000 and s.on_hand >= 20`,
    );
    const trade = await readyTradeBasket(sku, 2);
    const retail = await readyTradeBasket(sku, 2, 'rob');
    expect([trade.checkout.basket.pricing.tradePriced, retail.checkout.basket.pricing.tradePriced]).toEqual([true, false]);

    const tradeEmail = await confirmationOf('fay@fixit.example', (await pay(trade.params)).orderNumber);
    const [line] = trade.checkout.basket.lines;
    const totals = trade.checkout.totals;
    expect(tradeEmail.text).toContain(`2 × ${line!.productName}`);
    expect(tradeEmail.text).toContain(`: ${formatPence(line!.lineTotalExVat)} ex VAT (${formatPence(line!.lineTotalIncVat)} inc VAT)`);
    expect(tradeEmail.text).toContain(
      `Total paid: ${formatPence(totals.totalIncVat - totals.vatIncluded)} ex VAT ` +
        `(${formatPence(totals.totalIncVat)} inc VAT), VAT ${formatPence(totals.vatIncluded)}, by Visa ending 4242.`,
    );
    expect(tradeEmail.html).toContain(`${formatPence(line!.lineTotalExVat)} ex VAT (${formatPence(line!.lineTotalIncVat)} inc VAT)`);

    const retailEmail = await confirmationOf('rob@retail.example', (await pay(retail.params, 'rob')).orderNumber);
    const [retailLine] = retail.checkout.basket.lines;
    expect(retailEmail.text).not.toContain('ex VAT');
    expect(retailEmail.text).toContain(`2 × ${retailLine!.productName}`);
    expect(retailEmail.text).toContain(`: ${formatPenceShort(retailLine!.lineTotalIncVat)}\n`);
    expect(retailEmail.text).toContain(
      `Total paid: ${formatPenceShort(retail.checkout.totals.totalIncVat)}, including ` +
        `${formatPenceShort(retail.checkout.totals.vatIncluded)} VAT, by Visa ending 4242.`,
    );
  });

  it('gives their own order reference (PO or job): checked, kept on the order, in the e-mail and found by staff; a retail shopper cannot', async () => {
    const { sku } = await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 2000 and 6000 and s.on_hand >= 20`,
    );
    const { params } = await readyTradeBasket(sku, 1);
    const fay = as('fay');
    const messages = async (orderReference: string) => {
      const refused = await failure(fay.checkout.setBillingDetails({ params, body: { sameAsDelivery: true, orderReference } }));
      expect(refused.status).toBe(400);
      return ((refused.data as { errors: { path: string; message: string }[] }).errors ?? []).map((entry) => [entry.path, entry.message]);
    };
    expect(await messages('P'.repeat(36))).toEqual([['body.orderReference', 'Your order reference must be 35 characters or fewer']]);
    expect(await messages('PO <b>1</b>')).toEqual([
      ['body.orderReference', "Your order reference can only include letters, numbers, spaces and . / # & ( ) _ : , ' + -"],
    ]);
    const reference = `PO-${Date.now() % 100_000} / Job 12`;
    const checkout = await fay.checkout.setBillingDetails({ params, body: { sameAsDelivery: true, orderReference: `  ${reference} ` } });
    expect(checkout.orderReference).toBe(reference);
    expect((await fay.checkout.getCheckout({ params })).orderReference).toBe(reference);

    const retail = await readyTradeBasket(sku, 1, 'rob');
    const refused = await failure(as('rob').checkout.setBillingDetails({ params: retail.params, body: { sameAsDelivery: true, orderReference: 'PO-1' } }));
    expect([refused.status, refused.code]).toEqual([422, 'CHECKOUT_ORDER_REFERENCE_TRADE_ONLY']);

    const { orderNumber } = await pay(params);
    const order = await fay.account.getMyOrder({ params: { orderNumber } });
    expect(order.orderReference).toBe(reference);
    // The order page reads it as the trade checkout did: at trade prices, each line's total ex VAT the same.
    expect(order.tradePriced).toBe(true);
    expect(order.lines.map((line) => line.lineTotalExVat)).toEqual(checkout.basket.lines.map((line) => line.lineTotalExVat));
    expect((await confirmationOf('fay@fixit.example', orderNumber)).text).toContain(`Your order reference: ${reference}`);
    const found = await as('staff').orders.searchOrders({ query: { search: reference.slice(0, 8).toLowerCase() } });
    expect(found.items.map((item) => [item.orderNumber, item.orderReference])).toEqual([[orderNumber, reference]]);
    expect((await as('staff').orders.getOrderForStaff({ params: { orderNumber } })).orderReference).toBe(reference);
  });

  it('is asked again when a new version of the terms is published, and can pay once they accept it', async () => {
    const fay = as('fay');
    expect(await fay.terms.checkTermsAndConditions()).toMatchObject({ currentVersion: 1, accepted: true, acceptedVersion: 1 });
    // Published through the trade service, as staff tools or a seed would (it has no call of its own).
    const { trade } = api.app.composed.services;
    const published = await trade.publishTerms(
      { db: api.database.db, clock: { now: () => new Date() } },
      { title: 'Plumbline trade account terms', sections: [{ heading: 'Payment', paragraphs: ['Trade orders are paid by card when they are placed.'] }] },
    );
    expect(published.version).toBe(2);
    expect(await as('rob').terms.getTradeTerms()).toMatchObject({ version: 2, sections: published.sections });
    expect(await fay.terms.checkTermsAndConditions()).toMatchObject({ currentVersion: 2, accepted: false, acceptedVersion: 1 });

    const { sku } = await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 2000 and 6000 and s.on_hand >= 20`,
    );
    const { params } = await readyTradeBasket(sku, 1);
    const refused = await failure(fay.checkout.createPaymentIntent({ params, body: {} }));
    expect([refused.status, refused.code, (refused.data as { termsVersion: number }).termsVersion]).toEqual([409, 'TRADE_TERMS_NOT_ACCEPTED', 2]);
    // Accepting the version they had already is not accepting the new one.
    expect((await failure(fay.terms.acceptTermsAndConditions({ query: { version: 1 } }))).code).toBe('TRADE_TERMS_VERSION_NOT_CURRENT');
    expect((await failure(fay.checkout.createPaymentIntent({ params, body: {} }))).code).toBe('TRADE_TERMS_NOT_ACCEPTED');

    expect(await fay.terms.acceptTermsAndConditions({ query: { version: 2 } })).toMatchObject({ currentVersion: 2, accepted: true, acceptedVersion: 2 });
    const order = await pay(params);
    expect(order.orderNumber).toMatch(/^BP-\w{3}-\w{3}-\w{3}$/);
  });
});
