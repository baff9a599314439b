import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A basin from the demo catalogue, in stock. */
export const TEST_ORDER_SKU = 'PL000109-1';

export interface TestOrderOptions {
  email: string;
  firstName?: string;
  lastName?: string;
  sku?: string;
  quantity?: number;
  /** Applied to the basket before checkout (a promotion or issue code). */
  discountCode?: string;
  /** A signed-in customer's access token: the order is theirs (else a guest's). */
  accessToken?: string;
  /** Signed in: keep the card for next time, as ticking "Save this card for next time" does. */
  saveCard?: boolean;
  /** A sandbox test card; 4242 by default. */
  cardNumber?: string;
  /** The shop set up for Stripe: the payment is confirmed at this Stripe stand-in, as Stripe.js would (with Stripe's test method for `cardNumber`). */
  stripeStandIn?: string;
  /** Click & collect from the trade counter: no delivery address, the billing address given. */
  collect?: boolean;
  /** Placed on account with Two (a signed-in trade customer verified with the provider): no card. */
  onAccount?: boolean;
}

/** Stripe's test payment methods for the test cards the stand-in knows. */
const STRIPE_TEST_METHODS: Record<string, string> = { '4242424242424242': 'pm_card_visa', '4000002500003155': 'pm_card_authenticationRequired' };

/**
 * Places a real order as a guest (or a signed-in customer), over HTTP, the way the checkout does (as in the API's
 * place-order test): basket, contact, delivery and billing, a delivery option, a sandbox payment
 * intent paid with the 4242 test card like the card frame, then completing the payment (or, `onAccount`, placed on account).
 */
export async function placeTestOrder(request: APIRequestContext, options: TestOrderOptions): Promise<string> {
  const {
    email,
    firstName = 'Sam',
    lastName = 'Shopper',
    sku = TEST_ORDER_SKU,
    quantity = 1,
    discountCode,
    accessToken,
    saveCard = false,
    cardNumber = '4242424242424242',
    collect = false,
    onAccount = false,
    stripeStandIn,
  } = options;
  const signedIn: Record<string, string> = accessToken ? { authorization: `Bearer ${accessToken}` } : {};
  const call = async <T>(method: 'POST' | 'PUT', path: string, data: unknown = {}, headers: Record<string, string> = {}): Promise<T> => {
    const response = await request.fetch(path, { method, data, headers: { ...signedIn, ...headers } });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };

  const { basketId } = await call<{ basketId: string }>('POST', '/api/basket/basket/setItems', { items: [{ sku, quantity }] });
  if (discountCode) await call('PUT', `/api/basket/basket/${basketId}/adddiscount`, { code: discountCode });
  const checkout = `/api/checkout/checkout/${basketId}`;
  const address = { name: `${firstName} ${lastName}`, line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' };
  await call('PUT', `${checkout}/contactDetails`, { emailAddress: email, firstName, lastName, phone: '07700 900123' });
  if (collect) {
    await call('PUT', `${checkout}/deliveryoption`, { code: 'click_collect' });
    await call('PUT', `${checkout}/billingDetails`, { address });
  } else {
    await call('PUT', `${checkout}/deliveryDetails`, { address });
    await call('PUT', `${checkout}/billingDetails`, { sameAsDelivery: true });
    // The everyday option this basket can have (a basin is not a parcel: it may go by large-item delivery), else any without a day to choose.
    const { options: offered } = await call<{ options: { code: string; available: boolean }[] }>('POST', `${checkout}/deliveryoptions`, {});
    const available = offered.filter((each) => each.available && each.code !== 'specific_day' && each.code !== 'click_collect');
    const option = available.find((each) => each.code === 'standard' || each.code === 'large_kerbside') ?? available[0];
    expect(option, `a delivery option for ${sku}`).toBeDefined();
    await call('PUT', `${checkout}/deliveryoption`, { code: option!.code });
  }
  if (onAccount) {
    const placed = await call<{ orderNumber: string }>('POST', `${checkout}/payOnAccount`, {});
    return placed.orderNumber;
  }
  const intent = await call<{ intentId: string; clientSecret: string }>('POST', `${checkout}/createPaymentIntent`, { saveCard });
  if (stripeStandIn) {
    const confirmed = await request.fetch(`${stripeStandIn}/v1/payment_intents/${intent.intentId}/confirm`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_standin' },
      form: {
        client_secret: intent.clientSecret,
        payment_method: STRIPE_TEST_METHODS[cardNumber.replaceAll(' ', '')]!,
        return_url: 'http://127.0.0.1/checkout',
      },
    });
    expect(confirmed.ok(), `Stripe's confirm: ${confirmed.status()}`).toBe(true);
    // 3155: the bank's check passed on Stripe's page, as the customer would.
    if (((await confirmed.json()) as { status: string }).status === 'requires_action') {
      const passed = await request.fetch(`${stripeStandIn}/3d_secure_2/${intent.intentId}`, {
        method: 'POST',
        form: { client_secret: intent.clientSecret, outcome: 'complete' },
      });
      expect(passed.ok(), `Stripe's bank check: ${passed.status()}`).toBe(true);
    }
    return (await call<{ orderNumber: string }>('POST', `${checkout}/completePayment`, {})).orderNumber;
  }
  // What the sandbox card frame posts (apps/api/src/modules/payments/testing.ts, confirmLikeTheFrame).
  const confirmed = await call<{ status: string }>(
    'POST',
    `/api/payments/sandbox/intents/${intent.intentId}/confirm`,
    { client_secret: intent.clientSecret, card: { number: cardNumber.replaceAll(' ', ''), expiry: '12 / 30', cvc: '123', postcode: 'SW1A 1AA' } },
    { 'idempotency-key': randomUUID() },
  );
  // A card whose bank asks for its check (3155): passed, as the customer would on the bank's page.
  if (confirmed.status === 'requires_action') {
    // The bank's page answers with a page of its own (for its frame), not JSON.
    const passed = await request.fetch(`/api/payments/sandbox/challenge/${intent.intentId}`, {
      method: 'POST',
      data: { client_secret: intent.clientSecret, outcome: 'complete' },
    });
    expect(passed.ok(), `the bank's check: ${passed.status()}`).toBe(true);
  }
  const order = await call<{ orderNumber: string }>('POST', `${checkout}/completePayment`, {});
  expect(order.orderNumber).toMatch(/^BP-\w{3}-\w{3}-\w{3}$/);
  return order.orderNumber;
}

/** On the delivery upgrade page: specific-day delivery on the calendar's first open day, chosen. Returns the day's name as the page says it. */
export async function chooseFirstOpenDay(page: Page): Promise<string> {
  await page.getByRole('radio', { name: /^Specific day/ }).check();
  const days = page.getByRole('radiogroup', { name: 'Choose your delivery day (specific-day delivery)' });
  const openDay = days.getByRole('radio', { name: /£/ }).first();
  const dayName = (await openDay.getAttribute('aria-label'))!.split(',')[0]!;
  await openDay.check();
  await page.getByRole('button', { name: 'Choose this delivery' }).click();
  return dayName;
}
