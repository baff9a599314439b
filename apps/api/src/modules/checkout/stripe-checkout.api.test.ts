import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, createSavedCardsClient } from '@shop/api-client';
import { loadApiConfig } from '../../config.ts';
import type { Actor } from '../../platform/context.ts';
import { readyToPay } from '../../testing/ready-to-pay.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { paymentGateway, startStripeStandIn, stripeStandInEnv, type StripeStandIn } from '../payments/testing.ts';

/**
 * Checkout with the shop configured for Stripe, against the local stand-in: the browser is told
 * to use Stripe.js with the publishable key, and pays as Stripe.js does (publishable key, client
 * secret, a test payment method from the card form), never through the shop.
 */
let standIn: StripeStandIn;
let api: TestApi;
let sku: string;
const actors: Record<string, Actor> = {
  ann: { userId: 'user-ann', email: 'ann@example.com', name: 'Ann Shopper', roles: ['shopper'] },
  cara: { userId: 'user-cara', email: 'cara@example.com', name: 'Cara Shopper', roles: ['shopper'] },
};

beforeAll(async () => {
  standIn = await startStripeStandIn();
  api = await startTestApi({
    env: stripeStandInEnv(standIn),
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  sku = (await findSeededSku(api.database.db, sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 20`)).sku;
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

const ready = (name?: string) => readyToPay(api, sku, name);

/** Stripe.js's calls: the publishable key, and the intent's client secret as its only authority. */
async function asStripeJs(method: 'GET' | 'POST', path: string, fields: Record<string, string>, key = 'pk_test_standin') {
  const form = new URLSearchParams(fields);
  const authorization = `Bearer ${key}`;
  const response =
    method === 'GET'
      ? await fetch(`${standIn.url}${path}?${form}`, { headers: { authorization } })
      : await fetch(`${standIn.url}${path}`, { method: 'POST', headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: Record<string, unknown> } };
}
const confirmWith = (intent: { intentId: string; clientSecret: string }, paymentMethod: string) =>
  asStripeJs('POST', `/v1/payment_intents/${intent.intentId}/confirm`, {
    client_secret: intent.clientSecret,
    payment_method: paymentMethod,
    return_url: 'http://127.0.0.1/checkout',
  });

describe('checkout with Stripe', () => {
  it('STRIPE_JS_URL is Stripe’s own unless set', () => {
    const env = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadApiConfig(env).payments.stripe?.jsUrl).toBe('https://js.stripe.com/v3/');
    expect(loadApiConfig({ ...env, STRIPE_JS_URL: 'http://127.0.0.1:9/v3/' }).payments.stripe?.jsUrl).toBe('http://127.0.0.1:9/v3/');
  });

  it('tells the browser to use Stripe.js with the publishable key, for the card form and the wallets, with no sandbox frame', async () => {
    const { checkout, params } = await ready();
    const options = await checkout.getPaymentOptions({ params });
    expect(options.card).toEqual({ provider: 'stripe', publishableKey: 'pk_test_standin', scriptUrl: standIn.jsUrl, frameUrl: null });
    // The wallets are Stripe's Express Checkout Element, from the same Stripe.js as the card form.
    expect(options.wallets).toEqual([{ provider: 'stripe', name: 'Express Checkout', scriptUrl: standIn.jsUrl }]);
    const intent = await checkout.createPaymentIntent({ params, body: {} });
    expect(intent).toMatchObject({ status: 'requires_payment_method', frameUrl: null, nextActionUrl: null });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.intentId}_secret_`));
    const script = await fetch(standIn.jsUrl);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('window.Stripe = Stripe');
  });

  it('a decline leaves no order and charges nothing; paying again with 4242 places the order once', async () => {
    const { checkout, params } = await ready();
    const intent = await checkout.createPaymentIntent({ params, body: {} });
    const declined = await confirmWith(intent, 'pm_card_chargeDeclined');
    expect(declined).toMatchObject({ status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' } } });
    expect(await failure(checkout.completePayment({ params }))).toMatchObject({ status: 402, code: 'CHECKOUT_PAYMENT_DECLINED' });

    expect((await confirmWith(intent, 'pm_card_visa')).body).toMatchObject({ id: intent.intentId, status: 'succeeded' });
    const placed = await checkout.completePayment({ params });
    expect(placed).toMatchObject({ orderNumber: expect.stringMatching(/^BP-\w{3}-\w{3}-\w{3}$/), totalIncVat: intent.amountPence, status: 'placed' });
    expect(await checkout.completePayment({ params })).toEqual(placed);
  });

  it('a publishable key may read and confirm one intent by its client secret, and nothing else', async () => {
    const { checkout, params } = await ready();
    const intent = await checkout.createPaymentIntent({ params, body: {} });
    const read = await asStripeJs('GET', `/v1/payment_intents/${intent.intentId}`, { client_secret: intent.clientSecret });
    expect(read).toMatchObject({ status: 200, body: { id: intent.intentId, status: 'requires_payment_method' } });
    expect((await asStripeJs('GET', `/v1/payment_intents/${intent.intentId}`, { client_secret: `${intent.intentId}_secret_wrong` })).status).toBe(404);
    expect((await confirmWith({ ...intent, clientSecret: 'pi_other_secret_x' }, 'pm_card_visa')).status).toBe(404);
    expect((await asStripeJs('POST', `/v1/payment_intents/${intent.intentId}/cancel`, { client_secret: intent.clientSecret })).status).toBe(401);
    expect((await asStripeJs('POST', '/v1/refunds', { payment_intent: intent.intentId })).status).toBe(401);
    expect((await asStripeJs('GET', `/v1/payment_intents/${intent.intentId}`, { client_secret: intent.clientSecret }, 'nonsense')).status).toBe(401);
  });

  it('3155 asks the bank: the order waits for the check, and is placed once the check is passed', async () => {
    const { checkout, params } = await ready();
    const intent = await checkout.createPaymentIntent({ params, body: {} });
    const confirmed = await confirmWith(intent, 'pm_card_authenticationRequired');
    expect(confirmed.body).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
    const check = (confirmed.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url;
    expect(check.startsWith(`${standIn.url}/3d_secure_2/${intent.intentId}?client_secret=`)).toBe(true);
    expect(await failure(checkout.completePayment({ params }))).toMatchObject({ status: 409, code: 'CHECKOUT_PAYMENT_NEEDS_ACTION' });

    const page = await (await fetch(check)).text();
    expect(page).toContain('Confirm your payment');
    expect(page).toContain('Visa card ending 3155');
    expect((await fetch(`${standIn.url}/3d_secure_2/${intent.intentId}?client_secret=wrong`)).status).toBe(404);
    const answered = await fetch(check.split('?')[0]!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: intent.clientSecret, outcome: 'complete', channel: 'c1', parent: 'http://127.0.0.1:1' }),
    });
    // The answer tells the Stripe.js modal in the shop's page (and that page only) that the check is done.
    expect(await answered.text()).toContain('"type":"challenge-complete"');
    expect((await checkout.completePayment({ params })).orderNumber).toMatch(/^BP/);
  });

  it('a payment made for a basket that changed is refunded, and the shopper told the refund has started when Stripe answers pending', async () => {
    const { checkout, params } = await ready();
    const intent = await checkout.createPaymentIntent({ params, body: {} });
    await createBasketClient({ baseUrl: api.serviceUrl('basket') }).setItem({ params, body: { sku, quantity: 2 } });
    await confirmWith(intent, 'pm_card_visa');
    standIn.answerRefunds('pending');
    try {
      const error = await failure(checkout.completePayment({ params }));
      expect(error).toMatchObject({ status: 409, code: 'CHECKOUT_PAYMENT_AMOUNT_CHANGED' });
      expect((error.data as { detail: string }).detail).toContain('We have started a full refund of your payment');
    } finally {
      standIn.answerRefunds('succeeded');
    }
    expect(await paymentGateway(api.app).listRefunds(intent.intentId)).toEqual([
      expect.objectContaining({ amountPence: intent.amountPence, status: 'pending' }),
    ]);
  });

  it('a card kept with consent is the shopper’s own next time, and is charged with it', async () => {
    const first = await ready('ann');
    const saving = await first.checkout.createPaymentIntent({ params: first.params, body: { saveCard: true } });
    await confirmWith(saving, 'pm_card_visa');
    expect((await first.checkout.completePayment({ params: first.params })).orderNumber).toMatch(/^BP/);
    const [card] = await createSavedCardsClient({ baseUrl: api.serviceUrl('saved-cards'), getAccessToken: () => 'ann' }).listSavedCards();
    // A new payment method made from the test token, not the shared token itself.
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', id: expect.not.stringMatching(/^pm_card_/) });

    const second = await ready('ann');
    const intent = await second.checkout.createPaymentIntent({ params: second.params, body: { method: 'saved_card', savedCardId: card!.id } });
    expect(intent).toMatchObject({ status: 'succeeded', frameUrl: null, nextActionUrl: null });
    expect((await second.checkout.completePayment({ params: second.params })).orderNumber).toMatch(/^BP/);
  });
});

describe('ticking "Save this card" after typing the card', () => {
  it('keeps the same payment, so the card field is not emptied, and keeps the card once paid; unticking before paying keeps none', async () => {
    const first = await ready('cara');
    const plain = await first.checkout.createPaymentIntent({ params: first.params, body: {} });
    const ticked = await first.checkout.createPaymentIntent({ params: first.params, body: { saveCard: true } });
    expect(ticked).toMatchObject({ intentId: plain.intentId, clientSecret: plain.clientSecret });
    await confirmWith(ticked, 'pm_card_visa');
    expect((await first.checkout.completePayment({ params: first.params })).orderNumber).toMatch(/^BP/);
    const cards = createSavedCardsClient({ baseUrl: api.serviceUrl('saved-cards'), getAccessToken: () => 'cara' });
    expect(await cards.listSavedCards()).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242' })]);

    const second = await ready('cara');
    const saving = await second.checkout.createPaymentIntent({ params: second.params, body: { saveCard: true } });
    const unticked = await second.checkout.createPaymentIntent({ params: second.params, body: { saveCard: false } });
    expect(unticked).toMatchObject({ intentId: saving.intentId, clientSecret: saving.clientSecret });
    await confirmWith(unticked, 'pm_card_mastercard');
    expect((await second.checkout.completePayment({ params: second.params })).orderNumber).toMatch(/^BP/);
    expect(await cards.listSavedCards()).toHaveLength(1);
  });
});
