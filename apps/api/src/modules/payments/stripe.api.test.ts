import { Stripe } from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import type { PaymentGateway } from './gateway.ts';
import type { PaymentEventNotice } from './payments.service.ts';
import { createStripeGateway, type StripeSettings } from './stripe-gateway.ts';
import { parseStripeForm, startStripeStandIn, type StripeStandIn } from '@shop/demo/stripe-standin';

let standIn: StripeStandIn;
let gateway: PaymentGateway;
let settings: StripeSettings;
let counter = 0;
const key = () => `key-${Date.now()}-${++counter}`;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  settings = { secretKey: 'sk_test_standin', publishableKey: 'pk_test_standin', webhookSecret: 'whsec_standin', apiUrl: standIn.url, jsUrl: standIn.jsUrl };
  gateway = createStripeGateway(settings, { maxNetworkRetries: 0 });
});
afterAll(() => standIn.close());

describe('the Stripe adapter, against a local stand-in for Stripe’s API', () => {
  it('reads nested form bodies as Stripe does', () => {
    expect(parseStripeForm('amount=100&metadata[basket]=b1&billing_details[address][postal_code]=SW1A&expand[0]=x')).toEqual({
      amount: '100',
      metadata: { basket: 'b1' },
      billing_details: { address: { postal_code: 'SW1A' } },
      expand: ['x'],
    });
  });

  it('creates a PaymentIntent in pence and gbp, with the idempotency key on the request', async () => {
    const idempotencyKey = key();
    const intent = await gateway.createIntent({ amountPence: 12_999, metadata: { basket: 'b-1' }, idempotencyKey });
    expect(intent).toMatchObject({ status: 'requires_payment_method', amountPence: 12_999, currency: 'gbp', metadata: { basket: 'b-1' }, card: null });
    expect(intent.clientSecret).toMatch(/^pi_\w+_secret_/);
    const sent = standIn.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      form: { amount: '12999', currency: 'gbp', allowed_payment_method_types: ['card'] },
    });
    expect(sent.headers['idempotency-key']).toBe(idempotencyKey);
    expect(sent.headers.authorization).toBe('Bearer sk_test_standin');
  });

  it('maps each test card’s outcome: success, 3-D Secure, insufficient funds, declined', async () => {
    const confirmWith = async (paymentMethodRef: string) => {
      const intent = await gateway.createIntent({ amountPence: 5_000, idempotencyKey: key() });
      return gateway.confirmIntent(intent.id, { paymentMethodRef }, key());
    };
    expect(await confirmWith('pm_card_visa')).toMatchObject({
      status: 'succeeded',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
      lastError: null,
    });
    const action = await confirmWith('pm_card_authenticationRequired');
    expect(action).toMatchObject({ status: 'requires_action', card: { last4: '3155' } });
    expect(action.nextActionUrl).toContain('3d_secure');
    expect(await confirmWith('pm_card_chargeDeclinedInsufficientFunds')).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    expect(await confirmWith('pm_card_chargeDeclined')).toMatchObject({ status: 'requires_payment_method', lastError: { declineCode: 'generic_decline' } });
  });

  it('replays by idempotency key; another body is 422; a call still in flight is 409', async () => {
    const same = key();
    const first = await gateway.createIntent({ amountPence: 1_000, idempotencyKey: same });
    expect((await gateway.createIntent({ amountPence: 1_000, idempotencyKey: same })).id).toBe(first.id);
    await expect(gateway.createIntent({ amountPence: 1_001, idempotencyKey: same })).rejects.toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });

    const inFlight = key();
    const release = standIn.holdNext();
    const slow = gateway.createIntent({ amountPence: 2_000, idempotencyKey: inFlight });
    await expect.poll(() => standIn.requests.some((request) => request.headers['idempotency-key'] === inFlight)).toBe(true);
    await expect(gateway.createIntent({ amountPence: 2_000, idempotencyKey: inFlight })).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_IN_PROGRESS',
    });
    release();
    expect((await slow).status).toBe('requires_payment_method');
  });

  it('customers, saved cards, billing details, off-session charges, cancels and refunds', async () => {
    const customer = await gateway.createCustomer({ email: 'ann@example.com', name: 'Ann Smith' }, key());
    expect(customer.id).toMatch(/^cus_/);
    standIn.attach('pm_card_visa', customer.id);
    const [card] = await gateway.listCards(customer.id);
    expect(card).toMatchObject({ id: 'pm_card_visa', brand: 'visa', last4: '4242', customerRef: customer.id });
    const updated = await gateway.updateCardBilling('pm_card_visa', { name: 'Ann B Smith', postcode: 'SW1A 1AA' });
    expect(updated.billing).toMatchObject({ name: 'Ann B Smith', postcode: 'SW1A 1AA' });

    const later = await gateway.createIntent({
      amountPence: 3_000,
      customerRef: customer.id,
      paymentMethodRef: 'pm_card_visa',
      confirm: true,
      offSession: true,
      idempotencyKey: key(),
    });
    expect(later).toMatchObject({ status: 'succeeded', customerRef: customer.id });
    expect(standIn.requests.find((request) => request.form.off_session === 'true')?.form).toMatchObject({ confirm: 'true', customer: customer.id });
    expect(await gateway.refund(later.id, 1_000, key())).toMatchObject({ intentRef: later.id, amountPence: 1_000, status: 'succeeded' });
    expect(await gateway.retrieveIntent(later.id)).toMatchObject({ status: 'succeeded', amountRefundedPence: 1_000, card: { last4: '4242' } });
    await expect(gateway.refund(later.id, 2_001, key())).rejects.toMatchObject({
      status: 422,
      code: 'PAYMENT_REQUEST_REFUSED',
      message: expect.stringMatching(/greater than unrefunded/),
    });

    const open = await gateway.createIntent({ amountPence: 3_000, idempotencyKey: key() });
    expect((await gateway.updateIntentAmount(open.id, 3_500, key())).amountPence).toBe(3_500);
    expect((await gateway.cancelIntent(open.id, key())).status).toBe('canceled');
    await expect(gateway.cancelIntent(open.id, key())).rejects.toMatchObject({ status: 409 });
    expect(await gateway.retrieveIntent('pi_missing')).toBeNull();

    await gateway.detachCard('pm_card_visa');
    expect(await gateway.listCards(customer.id)).toEqual([]);
  });

  it('deletes a customer with its saved cards (an erasure), and a second delete is no error', async () => {
    const customer = await gateway.createCustomer({ email: 'erin@example.com', name: 'Erin Erase' }, key());
    standIn.attach('pm_card_mastercard', customer.id);
    expect(await gateway.listCards(customer.id)).toHaveLength(1);
    await gateway.deleteCustomer(customer.id);
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/customers/${customer.id}` });
    expect(await gateway.listCards(customer.id)).toEqual([]);
    await expect(gateway.deleteCustomer(customer.id)).resolves.toBeUndefined();
  });

  it('serves Stripe.js with the Express Checkout Element, its wallet frame and Google Pay’s sheet', async () => {
    expect(await (await fetch(standIn.jsUrl)).text()).toContain("'expressCheckout'");
    const frame = await fetch(`${standIn.url}/elements/express-checkout`);
    expect(frame.headers.get('content-type')).toContain('text/html');
    expect(await frame.text()).toContain('id="google-pay"');
    // The sheet shows the merchant and the amount it is given, and hands over the wallet card's test payment method only.
    const sheet = await (
      await fetch(`${standIn.url}/google-pay/sheet?amount=1234567&currency=gbp&merchant=${encodeURIComponent('<Plumbline>')}&channel=c&parent=http://127.0.0.1`)
    ).text();
    expect(sheet).toContain('Pay &lt;Plumbline&gt;');
    expect(sheet).toContain('£12,345.67');
    expect(sheet).toContain('"pm_card_visa"');
    expect(sheet).not.toContain('4242424242424242');
  });

  it('verifies webhook signatures with stripe.webhooks.constructEvent', async () => {
    const intent = await gateway.createIntent({ amountPence: 1_000, idempotencyKey: key() });
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1,
      data: { object: { ...intent, object: 'payment_intent', id: intent.id, amount: 1_000, status: 'succeeded', payment_method: null, metadata: {} } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: settings.webhookSecret });
    expect(await gateway.parseWebhook(payload, header)).toMatchObject({ id: 'evt_1', type: 'payment_intent.succeeded', intentRef: intent.id });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    await expect(gateway.parseWebhook(payload, forged)).rejects.toMatchObject({ status: 400, code: 'PAYMENT_WEBHOOK_SIGNATURE_INVALID' });
    await expect(gateway.parseWebhook(payload, undefined)).rejects.toMatchObject({ status: 400 });
  });
});

describe('the API configured for Stripe', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      seed: false,
      env: {
        STRIPE_SECRET_KEY: settings.secretKey,
        STRIPE_PUBLISHABLE_KEY: settings.publishableKey,
        STRIPE_WEBHOOK_SECRET: settings.webhookSecret,
        STRIPE_API_URL: standIn.url,
        STRIPE_JS_URL: standIn.jsUrl,
      },
    });
  });
  afterAll(() => api.close());

  it('chooses the Stripe adapter, tells the browser its publishable key and Stripe.js, and serves no sandbox', async () => {
    expect(api.app.composed.services.payments.gateway().kind).toBe('stripe');
    expect(await (await fetch(`${api.origin}/api/payments/config`)).json()).toEqual({
      kind: 'stripe',
      publishableKey: 'pk_test_standin',
      scriptUrl: standIn.jsUrl,
    });
    expect((await fetch(`${api.origin}/api/payments/sandbox/elements?client_secret=x`)).status).toBe(404);
  });

  it('takes Stripe webhooks once each, with the intent re-read from Stripe, and refuses forged ones', async () => {
    const notices: PaymentEventNotice[] = [];
    const stop = api.app.composed.services.payments.onEvent(async (notice) => {
      notices.push(notice);
    });
    try {
      const stripeGateway = api.app.composed.services.payments.gateway();
      const intent = await stripeGateway.createIntent({ amountPence: 2_000, idempotencyKey: key() });
      await stripeGateway.confirmIntent(intent.id, { paymentMethodRef: 'pm_card_visa' }, key());
      // A stale event: it says the payment failed, but Stripe now has it succeeded.
      const payload = JSON.stringify({
        id: `evt_${counter}`,
        object: 'event',
        type: 'payment_intent.payment_failed',
        created: 1,
        data: {
          object: { id: intent.id, object: 'payment_intent', amount: 2_000, status: 'requires_payment_method', payment_method: null, metadata: {}, created: 1 },
        },
      });
      const post = (header: string) =>
        fetch(`${api.origin}/api/payments/webhooks/stripe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload,
        });
      const forged = await post(Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_forged' }));
      expect(forged.status).toBe(400);
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: settings.webhookSecret });
      expect(await (await post(header)).json()).toEqual({ received: true, duplicate: false });
      expect(await (await post(header)).json()).toEqual({ received: true, duplicate: true });
      expect(notices.map((notice) => [notice.event.type, notice.event.intent?.status, notice.intent?.status])).toEqual([
        ['payment_intent.payment_failed', 'requires_payment_method', 'succeeded'],
      ]);
    } finally {
      stop();
    }
  });
});
