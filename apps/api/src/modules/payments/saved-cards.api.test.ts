import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSavedCardsClient, type SavedCardsClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { readyToPay } from '../../testing/ready-to-pay.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { PaymentErrors } from './payments.errors.ts';
import { confirmLikeTheFrame, sandboxGateway, TEST_CARDS } from './testing.ts';

let api: TestApi;
const actors: Record<string, Actor> = {
  sam: { userId: 'user-sam', email: 'sam@example.com', name: 'Sam Shopper', roles: ['shopper'] },
  kim: { userId: 'user-kim', email: 'kim@example.com', name: 'Kim Shopper', roles: ['shopper'] },
  lee: { userId: 'user-lee', email: 'lee@example.com', name: 'Lee Shopper', roles: ['shopper'] },
};
let sku: string;
const cards: Record<string, SavedCardsClient> = {};

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  for (const name of Object.keys(actors)) cards[name] = createSavedCardsClient({ baseUrl: api.serviceUrl('saved-cards'), getAccessToken: () => name });
  sku = (await findSeededSku(api.database.db, sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 20`)).sku;
});
afterAll(() => api.close());

/** A signed-in shopper's basket (a guest's without a name), ready to pay. */
const ready = (name: string | null) => readyToPay(api, sku, name ?? undefined);

describe('saved cards', () => {
  it('saves a card at checkout only with consent, then pays with it next time', async () => {
    const guest = await ready(null);
    expect(await failure(guest.checkout.createPaymentIntent({ params: guest.params, body: { saveCard: true } }))).toMatchObject({
      status: 401,
      code: 'CHECKOUT_SAVED_CARD_SIGN_IN',
    });

    const first = await ready('sam');
    const plain = await first.checkout.createPaymentIntent({ params: first.params, body: {} });
    expect(await cards.sam!.listSavedCards()).toEqual([]);
    const consent = await first.checkout.createPaymentIntent({ params: first.params, body: { saveCard: true } });
    // Consent given after the card field is shown is told to the same payment: the field keeps what was typed.
    expect(consent).toMatchObject({ intentId: plain.intentId, clientSecret: plain.clientSecret });
    await confirmLikeTheFrame(api.origin, { id: consent.intentId, clientSecret: consent.clientSecret }, { number: TEST_CARDS.succeeds });
    expect((await first.checkout.completePayment({ params: first.params })).orderNumber).toMatch(/^BP/);

    const saved = await cards.sam!.listSavedCards();
    expect(saved).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true, expired: false })]);
    expect(JSON.stringify(saved)).not.toContain('4242424242424242');

    const second = await ready('sam');
    const options = await second.checkout.getPaymentOptions({ params: second.params });
    expect(options.savedCards).toEqual([expect.objectContaining({ id: saved[0]!.id, last4: '4242', isDefault: true })]);
    const intent = await second.checkout.createPaymentIntent({ params: second.params, body: { method: 'saved_card', savedCardId: saved[0]!.id } });
    expect(intent).toMatchObject({ status: 'succeeded', frameUrl: null });
    expect((await second.checkout.completePayment({ params: second.params })).orderNumber).toMatch(/^BP/);
  });

  it('keeps cards to their shopper: another shopper’s card is the same 404 as an unknown one', async () => {
    const [card] = await cards.sam!.listSavedCards();
    const other = await ready('kim');
    expect(await failure(other.checkout.createPaymentIntent({ params: other.params, body: { method: 'saved_card', savedCardId: card!.id } }))).toMatchObject({
      status: 404,
      code: 'CHECKOUT_SAVED_CARD_NOT_FOUND',
    });
    for (const call of [
      () => cards.kim!.removeSavedCard({ body: { paymentMethodId: card!.id } }),
      () => cards.kim!.setDefaultSavedPaymentMethod({ body: { paymentMethodId: card!.id } }),
      () => cards.sam!.removeSavedCard({ body: { paymentMethodId: 'pm_unknown' } }),
    ]) {
      expect(await failure(call())).toMatchObject({ status: 404, code: 'SAVED_CARD_NOT_FOUND' });
    }
    expect(await failure(createSavedCardsClient({ baseUrl: api.serviceUrl('saved-cards') }).listSavedCards())).toMatchObject({ status: 401 });
  });

  it('updates billing details, sets the default and removes a card', async () => {
    const payAndSave = async (number: string) => {
      const basket = await ready('sam');
      const intent = await basket.checkout.createPaymentIntent({ params: basket.params, body: { saveCard: true } });
      await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number });
      await basket.checkout.completePayment({ params: basket.params });
    };
    await payAndSave('5555 5555 5555 4444');
    const both = await cards.sam!.listSavedCards();
    expect(both.map((card) => card.last4).toSorted()).toEqual(['4242', '4444']);
    const mastercard = both.find((card) => card.last4 === '4444')!;
    expect(mastercard.isDefault).toBe(false);
    const invalid = await failure(
      cards.sam!.updateBillingDetails({
        body: { paymentMethodId: mastercard.id, billing: { name: '', line1: '2 Low Road', city: 'York', postcode: 'YO1 7HH' } },
      }),
    );
    expect(invalid).toMatchObject({ status: 400 });
    // A UK postcode, checked as the checkout checks one, said beside the field; nothing changes.
    const notUk = await failure(
      cards.sam!.updateBillingDetails({
        body: { paymentMethodId: mastercard.id, billing: { name: 'S Shopper', line1: '2 Low Road', city: 'York', postcode: 'QO1 7HH' } },
      }),
    );
    expect(notUk).toMatchObject({
      status: 400,
      code: 'SAVED_CARD_POSTCODE_INVALID',
      message: '"QO1 7HH" is not a UK postcode: it cannot start with Q, V or X. Use a UK postcode such as "SW1A 1AA" or "IV2 3AB".',
    });
    expect((notUk.data as { errors: unknown[] }).errors).toEqual([expect.objectContaining({ path: 'body.billing.postcode', message: notUk.message })]);
    expect((await cards.sam!.listSavedCards()).find((card) => card.id === mastercard.id)!.billing).toEqual(mastercard.billing);
    const updated = await cards.sam!.updateBillingDetails({
      body: { paymentMethodId: mastercard.id, billing: { name: 'S Shopper', line1: '2 Low Road', city: 'York', postcode: 'yo17hh' } },
    });
    expect(updated.billing).toMatchObject({ name: 'S Shopper', line1: '2 Low Road', city: 'York', postcode: 'YO1 7HH' });
    const reordered = await cards.sam!.setDefaultSavedPaymentMethod({ body: { paymentMethodId: mastercard.id } });
    expect(reordered[0]).toMatchObject({ id: mastercard.id, isDefault: true });
    const left = await cards.sam!.removeSavedCard({ body: { paymentMethodId: mastercard.id } });
    expect(left).toEqual([expect.objectContaining({ last4: '4242', isDefault: true })]);
  });

  it('a saved card whose bank wants a check: the answer says where the check is; failing it charges nothing, and the check can be tried again', async () => {
    /** The bank's answer on the sandbox's 3-D Secure page (its address is the API's public one, so only its path is used here). */
    const answer = (nextActionUrl: string, clientSecret: string, outcome: 'complete' | 'fail') =>
      fetch(`${api.origin}${new URL(nextActionUrl).pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_secret: clientSecret, outcome }),
      });
    const first = await ready('lee');
    const saving = await first.checkout.createPaymentIntent({ params: first.params, body: { saveCard: true } });
    expect(saving.nextActionUrl).toBeNull();
    await confirmLikeTheFrame(api.origin, { id: saving.intentId, clientSecret: saving.clientSecret }, { number: TEST_CARDS.requiresAuthentication });
    const { nextActionUrl: firstCheck } = (await sandboxGateway(api.app).retrieveIntent(saving.intentId))!;
    expect((await answer(firstCheck!, saving.clientSecret, 'complete')).status).toBe(200);
    expect((await first.checkout.completePayment({ params: first.params })).orderNumber).toMatch(/^BP/);
    const [card] = await cards.lee!.listSavedCards();
    expect(card).toMatchObject({ last4: '3155' });

    const second = await ready('lee');
    const intent = await second.checkout.createPaymentIntent({ params: second.params, body: { method: 'saved_card', savedCardId: card!.id } });
    expect(intent).toMatchObject({ status: 'requires_action', frameUrl: null });
    expect(intent.nextActionUrl).toContain(`/api/payments/sandbox/challenge/${intent.intentId}?client_secret=${encodeURIComponent(intent.clientSecret)}`);
    expect(await failure(second.checkout.completePayment({ params: second.params }))).toMatchObject({ status: 409, code: 'CHECKOUT_PAYMENT_NEEDS_ACTION' });

    // The bank says no: nothing is taken and no order is placed.
    expect((await answer(intent.nextActionUrl!, intent.clientSecret, 'fail')).status).toBe(200);
    expect(await failure(second.checkout.completePayment({ params: second.params }))).toMatchObject({ status: 402, code: 'CHECKOUT_PAYMENT_DECLINED' });
    expect(await sandboxGateway(api.app).retrieveIntent(intent.intentId)).toMatchObject({ status: 'requires_payment_method', amountRefundedPence: 0 });

    // The page makes the card form's payment the basket's again; paying with the saved card after
    // that asks the bank again, for the same payment, and this time the check is passed.
    expect((await second.checkout.createPaymentIntent({ params: second.params, body: {} })).frameUrl).not.toBeNull();
    const again = await second.checkout.createPaymentIntent({ params: second.params, body: { method: 'saved_card', savedCardId: card!.id } });
    expect(again).toMatchObject({ intentId: intent.intentId, status: 'requires_action' });
    expect(again.nextActionUrl).toContain(`/challenge/${intent.intentId}`);
    expect((await answer(again.nextActionUrl!, again.clientSecret, 'complete')).status).toBe(200);
    const placed = await second.checkout.completePayment({ params: second.params });
    expect(placed.orderNumber).toMatch(/^BP/);
    expect(await sandboxGateway(api.app).retrieveIntent(intent.intentId)).toMatchObject({ status: 'succeeded', card: { last4: '3155' } });
  });

  it('a card that cannot be read is a failure to try again, not “not on your account”, and nothing is held or charged', async () => {
    const [card] = await cards.sam!.listSavedCards();
    const basket = await ready('sam');
    const payWithCard = () => basket.checkout.createPaymentIntent({ params: basket.params, body: { method: 'saved_card', savedCardId: card!.id } });
    const listCards = vi.spyOn(sandboxGateway(api.app), 'listCards');
    try {
      listCards.mockRejectedValueOnce(PaymentErrors.gatewayUnavailable('the connection timed out'));
      expect(await failure(payWithCard())).toMatchObject({ status: 503, code: 'PAYMENT_GATEWAY_UNAVAILABLE' });
      // Anything else going wrong is the shop's own failure (logged with the request id), never a missing card.
      listCards.mockRejectedValueOnce(new TypeError("Cannot read properties of undefined (reading 'brand')"));
      expect(await failure(payWithCard())).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    } finally {
      listCards.mockRestore();
    }
    const held = (await api.database.db.execute(
      sql`select count(*)::int as n from stock_reservations where basket_id = ${basket.params.basketId} and state = 'held'`,
    )) as unknown as { rows: { n: number }[] };
    expect(held.rows[0]!.n).toBe(0);
    // Once the provider answers, the same card pays.
    expect(await payWithCard()).toMatchObject({ status: 'succeeded' });
  });
});
