import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import vm from 'node:vm';
import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApi } from '../../api.ts';
import { loadApiConfig } from '../../config.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import type { PaymentIntent } from './gateway.ts';
import * as tables from './payments.tables.ts';
import type { SandboxGateway } from './sandbox-gateway.ts';
import { confirmLikeTheFrame, sandboxGateway, TEST_CARDS } from './testing.ts';

let api: TestApi;
let gateway: SandboxGateway;

beforeAll(async () => {
  api = await startTestApi({ seed: false });
  gateway = sandboxGateway(api.app);
});
afterAll(() => api.close());

const newIntent = (amountPence = 12_999, extra: Partial<Parameters<SandboxGateway['createIntent']>[0]> = {}) =>
  gateway.createIntent({ amountPence, metadata: { basket: 'b-1' }, idempotencyKey: randomUUID(), ...extra });
const retrieve = async (intent: PaymentIntent) => (await gateway.retrieveIntent(intent.id))!;
const pay = (intent: PaymentIntent, number: string, options: { returnUrl?: string } = {}) => confirmLikeTheFrame(api.origin, intent, { number }, options);
const nextYear = new Date().getUTCFullYear() + 1;

describe('the sandbox intent state machine, by Stripe test card', () => {
  it('starts as requires_payment_method, in pence and gbp, with a client secret', async () => {
    const intent = await newIntent(4_550);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amountPence: 4_550,
      currency: 'gbp',
      metadata: { basket: 'b-1' },
      card: null,
      lastError: null,
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
  });

  it('4242 4242 4242 4242 succeeds; only brand, last four and expiry are kept', async () => {
    const intent = await newIntent();
    const { status, body } = await pay(intent, TEST_CARDS.succeeds);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: intent.id, status: 'succeeded', card: { brand: 'visa', last4: '4242', expMonth: 12 }, lastError: null });
    expect(await retrieve(intent)).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } });
  });

  it('4000 0025 0000 3155 needs a 3-D Secure challenge', async () => {
    const intent = await newIntent();
    const { body } = await pay(intent, TEST_CARDS.requiresAuthentication);
    expect(body).toMatchObject({ status: 'requires_action', card: { last4: '3155' } });
    expect(body.nextActionUrl).toContain(`/api/payments/sandbox/challenge/${intent.id}?client_secret=`);
  });

  it('a payment waiting for the bank’s check may be paid with another card instead, as Stripe allows', async () => {
    const intent = await newIntent();
    expect((await pay(intent, TEST_CARDS.requiresAuthentication)).body).toMatchObject({ status: 'requires_action' });
    expect((await pay(intent, TEST_CARDS.succeeds)).body).toMatchObject({ status: 'succeeded', card: { last4: '4242' } });
  });

  it('4000 0000 0000 9995 is declined for insufficient funds, and the intent may be paid with another card', async () => {
    const intent = await newIntent();
    const { body } = await pay(intent, TEST_CARDS.insufficientFunds);
    expect(body).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    const again = await pay(intent, TEST_CARDS.succeeds);
    expect(again.body).toMatchObject({ status: 'succeeded', lastError: null, card: { last4: '4242' } });
  });

  it('4000 0000 0000 0002 is declined (generic decline); other real-looking numbers are refused as live cards', async () => {
    expect((await pay(await newIntent(), TEST_CARDS.declined)).body).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', declineCode: 'generic_decline' },
    });
    expect((await pay(await newIntent(), '4111 1111 1111 1111')).body).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', declineCode: 'test_mode_live_card' },
    });
  });

  it('refuses to confirm a paid or canceled intent, and a wrong client secret', async () => {
    const paid = await newIntent();
    await pay(paid, TEST_CARDS.succeeds);
    const twice = await pay(paid, TEST_CARDS.succeeds);
    expect(twice).toMatchObject({
      status: 409,
      body: { code: 'PAYMENT_INTENT_STATE', detail: 'This payment has already been taken, so it cannot be confirmed.' },
    });

    const canceled = await gateway.cancelIntent((await newIntent()).id, randomUUID());
    expect(canceled.status).toBe('canceled');
    expect((await pay(canceled, TEST_CARDS.succeeds)).status).toBe(409);

    const other = await newIntent();
    expect((await confirmLikeTheFrame(api.origin, { id: other.id, clientSecret: `${other.id}_secret_wrong` }, { number: TEST_CARDS.succeeds })).status).toBe(
      404,
    );
  });

  it('checks each card field (Luhn, expiry in the future, CVC, postcode) and changes nothing when one is wrong', async () => {
    const intent = await newIntent();
    const { status, body } = await confirmLikeTheFrame(api.origin, intent, { number: '4242 4242 4242 4241', expiry: '01 / 20', cvc: '1', postcode: 'nope' });
    expect(status).toBe(400);
    expect(body.code).toBe('SANDBOX_CARD_INVALID');
    expect((body.errors as { path: string }[]).map((error) => error.path)).toEqual([
      'body.card.number',
      'body.card.expiry',
      'body.card.cvc',
      'body.card.postcode',
    ]);
    expect(JSON.stringify(body)).not.toContain('4242 4242 4242 4241');
    expect((await retrieve(intent)).status).toBe('requires_payment_method');
  });

  it('cancels, changes the amount before payment, and refunds in part and in full', async () => {
    const intent = await newIntent(10_000);
    expect((await gateway.updateIntentAmount(intent.id, 8_000, randomUUID())).amountPence).toBe(8_000);
    await pay(intent, TEST_CARDS.succeeds);
    await expect(gateway.updateIntentAmount(intent.id, 9_000, randomUUID())).rejects.toMatchObject({ code: 'PAYMENT_INTENT_STATE' });
    await expect(gateway.cancelIntent(intent.id, randomUUID())).rejects.toMatchObject({ status: 409 });
    expect(await gateway.refund(intent.id, 3_000, randomUUID())).toMatchObject({ intentRef: intent.id, amountPence: 3_000, status: 'succeeded' });
    await expect(gateway.refund(intent.id, 5_001, randomUUID())).rejects.toMatchObject({ status: 422, code: 'PAYMENT_REFUND_TOO_LARGE' });
    expect(await gateway.refund(intent.id, undefined, randomUUID())).toMatchObject({ amountPence: 5_000 });
    expect(await retrieve(intent)).toMatchObject({ status: 'succeeded', amountRefundedPence: 8_000 });
    await expect(gateway.createIntent({ amountPence: 10, idempotencyKey: randomUUID() })).rejects.toMatchObject({ code: 'PAYMENT_AMOUNT_INVALID' });
  });

  it('replays create and complete calls by idempotency key; another body with the same key is 422', async () => {
    const key = randomUUID();
    const first = await gateway.createIntent({ amountPence: 2_500, idempotencyKey: key });
    const replay = await gateway.createIntent({ amountPence: 2_500, idempotencyKey: key });
    expect(replay).toEqual(first);
    await expect(gateway.createIntent({ amountPence: 2_600, idempotencyKey: key })).rejects.toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });

    const confirmKey = randomUUID();
    const paid = await confirmLikeTheFrame(api.origin, first, { number: TEST_CARDS.succeeds }, { idempotencyKey: confirmKey });
    const again = await confirmLikeTheFrame(api.origin, first, { number: TEST_CARDS.succeeds }, { idempotencyKey: confirmKey });
    expect(again).toEqual(paid);
    const otherCard = await confirmLikeTheFrame(api.origin, first, { number: TEST_CARDS.declined }, { idempotencyKey: confirmKey });
    expect(otherCard).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
  });
});

describe('saved cards and server-side confirms', () => {
  it('saves the card on the customer when asked, and charges it later without the customer', async () => {
    const customer = await gateway.createCustomer({ email: 'ann@example.com', name: 'Ann Smith' }, randomUUID());
    const first = await newIntent(5_000, { customerRef: customer.id, savePaymentMethod: true });
    await pay(first, TEST_CARDS.requiresAuthentication);
    const challenge = await fetch(`${api.origin}/api/payments/sandbox/challenge/${first.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: first.clientSecret, outcome: 'complete' }),
    });
    expect(challenge.status).toBe(200);

    const cards = await gateway.listCards(customer.id);
    expect(cards).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '3155', expMonth: 12, customerRef: customer.id, billing: { postcode: 'SW1A 1AA', name: null } }),
    ]);
    const later = await gateway.createIntent({
      amountPence: 1_200,
      customerRef: customer.id,
      paymentMethodRef: cards[0]!.id,
      confirm: true,
      offSession: true,
      idempotencyKey: randomUUID(),
    });
    expect(later).toMatchObject({ status: 'succeeded', card: { last4: '3155' } });

    const updated = await gateway.updateCardBilling(cards[0]!.id, { name: 'Ann B Smith', line1: '1 High Street' });
    expect(updated.billing).toMatchObject({ name: 'Ann B Smith', line1: '1 High Street', postcode: 'SW1A 1AA' });
    await gateway.detachCard(cards[0]!.id);
    expect(await gateway.listCards(customer.id)).toEqual([]);
    await expect(gateway.detachCard('pm_missing')).rejects.toMatchObject({ code: 'PAYMENT_CARD_NOT_FOUND' });
  });

  it('a card not saved for later cannot be charged while the customer is away (3-D Secure)', async () => {
    const intent = await newIntent();
    await pay(intent, TEST_CARDS.requiresAuthentication);
    const methodRef = (await retrieve(intent)).paymentMethodRef!;
    const offSession = await gateway.createIntent({
      amountPence: 700,
      paymentMethodRef: methodRef,
      confirm: true,
      offSession: true,
      idempotencyKey: randomUUID(),
    });
    expect(offSession).toMatchObject({ status: 'requires_payment_method', lastError: { code: 'authentication_required' } });
  });

  it('confirms server side with a saved card that succeeds', async () => {
    const customer = await gateway.createCustomer({ email: 'bob@example.com' }, randomUUID());
    const saving = await newIntent(900, { customerRef: customer.id, savePaymentMethod: true });
    await pay(saving, TEST_CARDS.succeeds);
    const [card] = await gateway.listCards(customer.id);
    const next = await newIntent(1_900, { customerRef: customer.id, paymentMethodRef: card!.id });
    expect(next.status).toBe('requires_confirmation');
    expect(await gateway.confirmIntent(next.id, { paymentMethodRef: card!.id }, randomUUID())).toMatchObject({ status: 'succeeded', card: { last4: '4242' } });
    const stranger = await newIntent(1_900);
    await expect(gateway.confirmIntent(stranger.id, { paymentMethodRef: card!.id }, randomUUID())).rejects.toMatchObject({ code: 'PAYMENT_CARD_NOT_FOUND' });
  });
});

describe('the card frame', () => {
  it('serves the card field for an intent: labelled fields, per-field errors, framable by the shop only', async () => {
    const intent = await newIntent(2_499);
    const response = await fetch(`${api.origin}/api/payments/sandbox/elements?client_secret=${encodeURIComponent(intent.clientSecret)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('x-frame-options')).toBeNull();
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'self' http://localhost:3000");
    expect(csp).toContain("connect-src 'self'");
    const html = await response.text();
    for (const [id, label] of [
      ['number', 'Card number'],
      ['expiry', 'Expiry date'],
      ['cvc', 'Security code'],
      ['postcode', 'Billing postcode'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`aria-describedby="${id}-error"`);
    }
    expect(html).toContain('autocomplete="cc-number"');
    expect(html).toContain('Pay £24.99');
    // The result goes to the shop's window only, by its origin.
    expect(html).toContain('const SHOP = "http://localhost:3000"');
    expect(html).toContain('window.parent.postMessage');
    expect(html).toContain(`const INTENT = "${intent.id}"`);
    expectRunnableScripts(html);
  });

  it('refuses an unknown client secret with problem+json', async () => {
    const response = await fetch(`${api.origin}/api/payments/sandbox/elements?client_secret=pi_nothing_secret_x`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });

  it('lets the page with the client secret read the intent through the declared endpoint', async () => {
    const intent = await newIntent(1_500);
    const response = await fetch(`${api.origin}/api/payments/sandbox/intents/${intent.id}?client_secret=${encodeURIComponent(intent.clientSecret)}`);
    expect(await response.json()).toEqual({
      id: intent.id,
      status: 'requires_payment_method',
      amountPence: 1_500,
      currency: 'gbp',
      card: null,
      lastError: null,
      nextActionUrl: null,
    });
    const wrong = await fetch(`${api.origin}/api/payments/sandbox/intents/${intent.id}?client_secret=nope`);
    expect(wrong.status).toBe(404);
  });

  it('keeps the card-taking calls out of the shop’s API description', async () => {
    const document = (await (await fetch(`${api.origin}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    const paymentPaths = Object.keys(document.paths).filter((path) => path.startsWith('/api/payments'));
    expect(paymentPaths.toSorted()).toEqual(['/api/payments/config', '/api/payments/sandbox/intents/{intentId}', '/api/payments/webhooks/{gateway}']);
  });

  it('tells the browser which card field to show', async () => {
    const response = await fetch(`${api.origin}/api/payments/config`);
    expect(await response.json()).toEqual({ kind: 'sandbox', frameUrl: 'http://localhost:3000/api/payments/sandbox/elements' });
  });
});

describe('the 3-D Secure challenge page', () => {
  const challengeOf = async () => {
    const intent = await newIntent(3_000);
    await pay(intent, TEST_CARDS.requiresAuthentication);
    return intent;
  };
  const answer = (intent: PaymentIntent, outcome: string) =>
    fetch(`${api.origin}/api/payments/sandbox/challenge/${intent.id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: intent.clientSecret, outcome }),
    });

  it('shows Complete and Fail, and Complete makes the payment succeed and tells the opener', async () => {
    const intent = await challengeOf();
    const page = await fetch(`${api.origin}/api/payments/sandbox/challenge/${intent.id}?client_secret=${encodeURIComponent(intent.clientSecret)}`);
    const html = await page.text();
    expect(html).toContain('Confirm your payment');
    expect(html).toContain('£30.00');
    expect(html).toMatch(/<button[^>]*value="complete">Complete<\/button>/);
    expect(html).toMatch(/<button[^>]*value="fail">Fail<\/button>/);

    const done = await answer(intent, 'complete');
    expect(done.status).toBe(200);
    const result = await done.text();
    expect(result).toContain('Payment confirmed');
    expect(result).toContain('target.postMessage(message, "http://localhost:3000")');
    expect(result).toContain('"status":"succeeded"');
    expectRunnableScripts(result);
    expect((await retrieve(intent)).status).toBe('succeeded');
    // Once answered, the challenge cannot be answered again.
    expect((await answer(intent, 'fail')).status).toBe(409);
  });

  it('Fail returns the intent to requires_payment_method with an authentication failure', async () => {
    const intent = await challengeOf();
    const failed = await answer(intent, 'fail');
    expect(await failed.text()).toContain('Payment not confirmed');
    expect(await retrieve(intent)).toMatchObject({ status: 'requires_payment_method', lastError: { code: 'payment_intent_authentication_failure' } });
  });

  it('sends the customer back to the return URL given at confirm time, as Stripe does', async () => {
    const intent = await newIntent(3_000);
    const returnUrl = 'http://localhost:3000/checkout/payment?step=3';
    await pay(intent, TEST_CARDS.requiresAuthentication, { returnUrl });
    const done = await answer(intent, 'complete');
    expect(done.status).toBe(303);
    const location = new URL(done.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:3000/checkout/payment');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      step: '3',
      payment_intent: intent.id,
      payment_intent_client_secret: intent.clientSecret,
      redirect_status: 'succeeded',
    });
  });

  it('refuses a return URL outside the shop (no open redirect)', async () => {
    const intent = await newIntent(3_000);
    const refused = await pay(intent, TEST_CARDS.requiresAuthentication, { returnUrl: 'https://evil.example/' });
    expect(refused).toMatchObject({ status: 400, body: { code: 'PAYMENT_RETURN_URL_INVALID' } });
  });
});

/** The pages' inline scripts (allowed by the nonce in their CSP) at least parse. */
function expectRunnableScripts(html: string) {
  const scripts = [...html.matchAll(/<script nonce="([^"]+)">([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, nonce, code] of scripts) {
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(() => new vm.Script(code!)).not.toThrow();
  }
}

const PANS = ['4242424242424242', '4000002500003155', '4000000000009995', '4000000000000002', '4111111111111111'];
const spaced = (pan: string) => pan.replace(/(\d{4})(?=\d)/g, '$1 ');

describe('card numbers stay out of the shop', () => {
  it('no table holds a card number after payments with every test card', async () => {
    const allTables = Object.values(tables).filter((value) => typeof value === 'object' && value !== null && Symbol.for('drizzle:Name') in value);
    expect(allTables.length).toBeGreaterThanOrEqual(8);
    let rows = 0;
    for (const table of allTables) {
      const name: string = getTableName(table as Parameters<typeof getTableName>[0]);
      const result = await api.database.db.execute(sql.raw(`select row_to_json(t)::text as row from "${name}" t`));
      const texts = (result as unknown as { rows: { row: string }[] }).rows.map((row) => row.row);
      rows += texts.length;
      for (const text of texts) {
        for (const pan of PANS) {
          expect(text).not.toContain(pan);
          expect(text).not.toContain(spaced(pan));
        }
      }
    }
    expect(rows).toBeGreaterThan(20);
  });

  it('no log line holds a card number, even at trace level', async () => {
    const lines: string[] = [];
    const capture = (fd: number, data: unknown) => {
      if (fd === 1 || fd === 2) lines.push(String(data));
    };
    const write = vi.spyOn(fs, 'write').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
      capture(fd, data);
      const callback = rest.find((item) => typeof item === 'function') as ((error: null, written: number) => void) | undefined;
      callback?.(null, Buffer.byteLength(String(data)));
    }) as never);
    const writeSync = vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown) => {
      capture(fd, data);
      return Buffer.byteLength(String(data));
    }) as never);
    const database = await createTestDatabase();
    const config = loadApiConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' });
    const app = await buildApi({ config, database, logger: true });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const logged = sandboxGateway(app);
      for (const pan of PANS) {
        const intent = await logged.createIntent({ amountPence: 1_000, idempotencyKey: randomUUID() });
        await confirmLikeTheFrame(origin, intent, { number: spaced(pan) });
        await confirmLikeTheFrame(origin, intent, { number: pan, expiry: `01 / ${nextYear - 5}` }); // refused: expired
      }
      await confirmLikeTheFrame(origin, { id: 'pi_unknown', clientSecret: 'x' }, { number: PANS[0]! });
    } finally {
      await app.close();
      await database.close();
      write.mockRestore();
      writeSync.mockRestore();
    }
    const all = lines.join('');
    expect(all).toContain('/api/payments/sandbox/intents/'); // the requests were logged…
    for (const pan of PANS) {
      expect(all).not.toContain(pan); // …their card numbers were not
      expect(all).not.toContain(spaced(pan));
    }
  });
});
