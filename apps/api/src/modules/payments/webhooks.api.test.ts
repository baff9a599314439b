import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/context.ts';
import { describeJobs, retryFailedItem } from '../../platform/job-operations.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import type { PaymentEventNotice } from './payments.service.ts';
import { paymentWebhookEvents, sandboxWebhookDeliveries } from './payments.tables.ts';
import type { SandboxGateway } from './sandbox-gateway.ts';
import { CHAOS_DELAY_MS, deliverDueWebhooks, loopbackWebhookUrl } from './sandbox-webhooks.ts';
import { listDeliveries } from './sandbox.repository.ts';
import { confirmLikeTheFrame, sandboxGateway, TEST_CARDS } from './testing.ts';
import { checkWebhookSignature, signWebhook } from './webhook-signature.ts';

const SECRET = 'sandbox-webhook-secret-for-tests';
let api: TestApi;
let gateway: SandboxGateway;

/** The shop's webhook endpoint behind a receiver that answers 503 while `failing` > 0, and records what came. */
interface Receiver {
  url: string;
  failing: number;
  received: { body: string; signature: string; status: number }[];
  close(): Promise<void>;
}

async function startReceiver(forwardTo: string): Promise<Receiver> {
  const receiver: Receiver = { url: '', failing: 0, received: [], close: async () => {} };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on(
      'end',
      () =>
        void (async () => {
          const signature = String(request.headers['sandbox-signature'] ?? '');
          if (receiver.failing > 0) {
            receiver.failing--;
            receiver.received.push({ body, signature, status: 503 });
            response.writeHead(503).end();
            return;
          }
          const forwarded = await fetch(forwardTo, { method: 'POST', headers: { 'content-type': 'application/json', 'sandbox-signature': signature }, body });
          receiver.received.push({ body, signature, status: forwarded.status });
          response.writeHead(forwarded.status, { 'content-type': 'application/json' }).end(await forwarded.text());
        })(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

let receiver: Receiver;
let notices: PaymentEventNotice[];
let unsubscribe: () => void;
/** The time the sandbox's sender runs at: now, plus `offsetMs`. */
const after = (offsetMs: number): Clock => ({ now: () => new Date(Date.now() + offsetMs) });
const deliver = (offsetMs: number) => deliverDueWebhooks(api.database.db, { url: receiver.url, secret: SECRET }, after(offsetMs));

beforeAll(async () => {
  api = await startTestApi({ seed: false, env: { SANDBOX_WEBHOOK_CHAOS: 'always', SANDBOX_WEBHOOK_SECRET: SECRET } });
  gateway = sandboxGateway(api.app);
  receiver = await startReceiver(loopbackWebhookUrl(api.app)!);
});
afterAll(async () => {
  await receiver.close();
  await api.close();
});
beforeEach(async () => {
  await api.database.db.delete(sandboxWebhookDeliveries);
  receiver.received = [];
  receiver.failing = 0;
  notices = [];
  unsubscribe = api.app.composed.services.payments.onEvent(async (notice) => {
    notices.push(notice);
  });
});
afterEach(() => unsubscribe());

const paidIntent = async (number: string = TEST_CARDS.succeeds) => {
  const intent = await gateway.createIntent({ amountPence: 4_200, idempotencyKey: randomUUID() });
  await confirmLikeTheFrame(api.origin, intent, { number });
  return intent;
};

describe('sandbox webhooks', () => {
  it('are signed with HMAC-SHA256 over "t.body", and retried with backoff after the receiver fails', async () => {
    receiver.failing = 2;
    const intent = await paidIntent();
    expect(await deliver(0)).toMatchObject({ claimed: 1, delivered: 0, retrying: 1 });
    expect(await deliver(1_000)).toMatchObject({ claimed: 0 }); // backoff: 2 s after the first attempt
    expect(await deliver(2_500)).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await deliver(4_000)).toMatchObject({ claimed: 0 }); // then 4 s
    expect(await deliver(CHAOS_DELAY_MS + 2_000)).toMatchObject({ claimed: 2, delivered: 2 }); // the retry and the chaos copy

    const [first] = receiver.received;
    expect(first!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const seconds = Number(/t=(\d+)/.exec(first!.signature)![1]);
    expect(checkWebhookSignature(SECRET, first!.body, first!.signature, seconds)).toBeNull();
    expect(JSON.parse(first!.body)).toMatchObject({
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.id, status: 'succeeded' } },
    });
    expect(receiver.received.map((delivery) => delivery.status)).toEqual([503, 503, 200, 200]);

    // Delivered twice (the retry and the copy), handled once.
    expect(notices.map((notice) => [notice.event.type, notice.intent?.status])).toEqual([['payment_intent.succeeded', 'succeeded']]);
    const deliveries = await listDeliveries(api.database.db);
    expect(deliveries.map((row) => row.status)).toEqual(['delivered', 'delivered']);
    expect(deliveries.map((row) => row.attempts).toSorted((a, b) => a - b)).toEqual([1, 3]);
  });

  it('gives a delivery up after the last attempt, with the reason kept', async () => {
    await paidIntent();
    const unreachable = { url: 'http://127.0.0.1:9/hooks', secret: SECRET };
    expect(await deliverDueWebhooks(api.database.db, unreachable, after(0), { maxAttempts: 2 })).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await deliverDueWebhooks(api.database.db, unreachable, after(2_500), { maxAttempts: 2 })).toMatchObject({ claimed: 1, failed: 1 });
    // The event's chaos copy, due later, is still waiting; the one sent twice is given up.
    const deliveries = await listDeliveries(api.database.db);
    expect(deliveries.map((row) => `${row.status} ${row.attempts}`).toSorted((a, b) => a.localeCompare(b))).toEqual(['failed 2', 'pending 0']);
    const given = deliveries.find((row) => row.status === 'failed');
    expect(given!.lastError).toBeTruthy();

    // Staff's operations page lists it and sends it round again, once however often it is asked.
    const ctx = { db: api.database.db, clock: after(3_000) };
    const webhooks = async () => (await describeJobs(ctx, api.app.jobs.jobs)).jobs.find((job) => job.name === 'sandbox-webhooks')!;
    expect(await webhooks()).toMatchObject({ waiting: 1, failed: [{ id: given!.id, what: 'Webhook: payment_intent.succeeded', attempts: 2 }] });
    const retry = () => retryFailedItem(ctx, api.app.jobs.jobs, 'sandbox-webhooks', given!.id);
    expect((await Promise.all([retry(), retry()])).filter((result) => result.retried)).toHaveLength(1);
    expect(await webhooks()).toMatchObject({ waiting: 2, failed: [] });
    expect(await deliver(3_000)).toMatchObject({ claimed: 1, delivered: 1 });
    await expect(retryFailedItem(ctx, api.app.jobs.jobs, 'sandbox-webhooks', 'whd_unknown')).rejects.toMatchObject({ code: 'FAILED_JOB_ITEM_NOT_FOUND' });
  });

  it('a late or repeated event never moves a payment backwards: subscribers get the intent as it is now', async () => {
    // Declined first, then paid with another card: payment_failed, then succeeded.
    const intent = await gateway.createIntent({ amountPence: 4_200, idempotencyKey: randomUUID() });
    await confirmLikeTheFrame(api.origin, intent, { number: TEST_CARDS.insufficientFunds });
    await confirmLikeTheFrame(api.origin, intent, { number: TEST_CARDS.succeeds });
    receiver.failing = 1; // the payment_failed event's first delivery fails, so it arrives after succeeded
    expect(await deliver(0)).toMatchObject({ claimed: 2, delivered: 1, retrying: 1 });
    expect(await deliver(CHAOS_DELAY_MS + 1_000)).toMatchObject({ claimed: 3, delivered: 3 });

    const types = receiver.received.filter((delivery) => delivery.status === 200).map((delivery) => JSON.parse(delivery.body).type);
    expect(types).toEqual(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.payment_failed', 'payment_intent.succeeded']);
    expect(notices.map((notice) => [notice.event.type, notice.intent?.status])).toEqual([
      ['payment_intent.succeeded', 'succeeded'],
      // The stale event's own snapshot says declined; the intent handed over says paid.
      ['payment_intent.payment_failed', 'succeeded'],
    ]);
    expect(notices[1]!.event.intent?.status).toBe('requires_payment_method');
  });

  it('canceled and refunded payments are announced too', async () => {
    const intent = await paidIntent();
    await gateway.refund(intent.id, 1_000, randomUUID());
    const open = await gateway.createIntent({ amountPence: 900, idempotencyKey: randomUUID() });
    await gateway.cancelIntent(open.id, randomUUID());
    await deliver(CHAOS_DELAY_MS + 1_000);
    expect(notices.map((notice) => [notice.event.type, notice.intent?.status, notice.intent?.amountRefundedPence])).toEqual([
      ['payment_intent.succeeded', 'succeeded', 1_000],
      ['charge.refunded', 'succeeded', 1_000],
      ['payment_intent.canceled', 'canceled', 0],
    ]);
  });

  it('a subscriber that fails leaves the event unrecorded, so the redelivery is handled', async () => {
    let fail = true;
    const stop = api.app.composed.services.payments.onEvent(async () => {
      if (fail) throw new Error('the order could not be written');
    });
    try {
      const intent = await paidIntent();
      const recorded = async () => (await api.database.db.select().from(paymentWebhookEvents)).filter((event) => event.intentRef === intent.id);
      expect(await deliver(0)).toMatchObject({ retrying: 1 });
      expect(await recorded()).toEqual([]); // rolled back with the failing subscriber's transaction
      fail = false;
      expect(await deliver(3_000)).toMatchObject({ delivered: 1 });
      expect(await recorded()).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('a forged, missing or stale signature is refused with 400 and changes nothing', async () => {
    const intent = await paidIntent();
    const [row] = await listDeliveries(api.database.db);
    const body = row!.payload;
    const url = loopbackWebhookUrl(api.app)!;
    const post = (signature?: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature && { 'sandbox-signature': signature }) }, body });
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [signWebhook('not-the-secret-at-all', body, now), undefined, signWebhook(SECRET, body, now - 3_600), 'v1=abc']) {
      const response = await post(signature);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(await response.json()).toMatchObject({ code: 'PAYMENT_WEBHOOK_SIGNATURE_INVALID' });
    }
    const tampered = body.replace('"succeeded"', '"canceled"');
    const forged = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sandbox-signature': signWebhook(SECRET, body, now) },
      body: tampered,
    });
    expect(forged.status).toBe(400);
    expect(notices).toHaveLength(0);
    expect((await api.database.db.select().from(paymentWebhookEvents)).map((event) => event.intentRef)).not.toContain(intent.id);

    const good = await post(signWebhook(SECRET, body, now));
    expect(await good.json()).toEqual({ received: true, duplicate: false });
    expect(await (await post(signWebhook(SECRET, body, now))).json()).toEqual({ received: true, duplicate: true });
    expect(notices).toHaveLength(1);
  });

  it('refuses webhooks for the gateway the shop does not use', async () => {
    const response = await fetch(`${api.origin}/api/payments/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'PAYMENT_GATEWAY_NOT_CONFIGURED' });
  });
});

describe('the background sender', () => {
  it('delivers to the API itself when it is listening', async () => {
    const live = await startTestApi({ seed: false, env: { JOBS: 'sandbox-webhooks', SANDBOX_WEBHOOK_POLL_MS: '20' } });
    const seen: string[] = [];
    const stop = live.app.composed.services.payments.onEvent(async (notice) => {
      seen.push(notice.event.intentRef ?? '');
    });
    try {
      const liveGateway = sandboxGateway(live.app);
      const intent = await liveGateway.createIntent({ amountPence: 1_000, idempotencyKey: randomUUID() });
      await confirmLikeTheFrame(live.origin, intent, { number: TEST_CARDS.succeeds });
      await expect.poll(() => seen, { timeout: 10_000 }).toContain(intent.id);
    } finally {
      stop();
      await live.close();
    }
  });
});
