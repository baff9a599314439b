import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import { loopbackUrl } from '../../platform/loopback.ts';
import { exponentialBackoff, type Job, type JobQueue } from '../../platform/jobs.ts';
import type { PaymentEventType, PaymentIntent, Refund } from './gateway.ts';
import * as repository from './sandbox.repository.ts';
import { signWebhook, SANDBOX_SIGNATURE_HEADER } from './webhook-signature.ts';

export type WebhookChaos = 'off' | 'random' | 'always';

/** How late the chaos copy of an event is sent: late enough to arrive after the events that follow it. */
export const CHAOS_DELAY_MS = 5_000;
const CHAOS_PROBABILITY = 0.2;

/** The event as the sandbox sends it: Stripe's envelope around the port's intent. */
export interface SandboxEventPayload {
  id: string;
  object: 'event';
  type: PaymentEventType;
  created: number;
  data: { object: PaymentIntent; refund?: Refund };
}

/**
 * Queues an event in the caller's transaction (the one that changed the intent): it is sent only if
 * that commits. With chaos, a second copy follows `CHAOS_DELAY_MS` later, as real gateways sometimes
 * deliver an event twice and out of order.
 */
export async function enqueueEvent(
  db: Database,
  event: { type: PaymentEventType; intent: PaymentIntent; refund?: Refund },
  options: { now: Date; chaos: WebhookChaos; random?: () => number },
): Promise<SandboxEventPayload> {
  const payload: SandboxEventPayload = {
    id: repository.newId('evt'),
    object: 'event',
    type: event.type,
    created: Math.floor(options.now.getTime() / 1000),
    data: { object: event.intent, ...(event.refund && { refund: event.refund }) },
  };
  const body = JSON.stringify(payload);
  const twice = options.chaos === 'always' || (options.chaos === 'random' && (options.random ?? Math.random)() < CHAOS_PROBABILITY);
  const row = { eventId: payload.id, type: payload.type, payload: body };
  await repository.insertDeliveries(db, [
    { ...row, nextAttemptAt: options.now },
    ...(twice ? [{ ...row, nextAttemptAt: new Date(options.now.getTime() + CHAOS_DELAY_MS) }] : []),
  ]);
  return payload;
}

export interface DeliveryPolicy {
  batchSize: number;
  leaseMs: number;
  maxAttempts: number;
  baseBackoffMs: number;
  maxBackoffMs: number;
  timeoutMs: number;
}

export const defaultDeliveryPolicy: DeliveryPolicy = {
  batchSize: 10,
  leaseMs: 60_000,
  // Stripe retries for three days; the sandbox gives up sooner (2 s, 4 s … capped at 10 min).
  maxAttempts: 12,
  baseBackoffMs: 2_000,
  maxBackoffMs: 10 * 60_000,
  timeoutMs: 10_000,
};

export function deliveryBackoffMs(attempts: number, policy: Pick<DeliveryPolicy, 'baseBackoffMs' | 'maxBackoffMs'> = defaultDeliveryPolicy): number {
  return exponentialBackoff(attempts, policy.baseBackoffMs, policy.maxBackoffMs);
}

export interface DeliveryTarget {
  url: string;
  secret: string;
}

export interface DeliveryResult {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
}

/** One pass: claims due deliveries, POSTs each, signed, and records the outcome (2xx = delivered). */
export async function deliverDueWebhooks(db: Database, target: DeliveryTarget, clock: Clock, policy: Partial<DeliveryPolicy> = {}): Promise<DeliveryResult> {
  const p = { ...defaultDeliveryPolicy, ...policy };
  const claimed = await repository.claimDueDeliveries(db, clock.now(), p.leaseMs, p.batchSize);
  const result: DeliveryResult = { claimed: claimed.length, delivered: 0, retrying: 0, failed: 0 };
  // In order, one at a time: the chaos copies are what make deliveries arrive out of order.
  for (const row of claimed) {
    const error = await post(target, row.payload, clock, p.timeoutMs);
    if (!error) {
      await repository.markDelivered(db, row, clock.now());
      result.delivered++;
      continue;
    }
    const giveUp = row.attempts >= p.maxAttempts;
    await repository.markDeliveryFailed(db, row, error, giveUp ? null : new Date(clock.now().getTime() + deliveryBackoffMs(row.attempts, p)));
    if (giveUp) result.failed++;
    else result.retrying++;
  }
  return result;
}

/** Null when the receiver answered 2xx; otherwise why not. */
async function post(target: DeliveryTarget, body: string, clock: Clock, timeoutMs: number): Promise<string | null> {
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signWebhook(target.secret, body, Math.floor(clock.now().getTime() / 1000)),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.ok ? null : `the receiver answered ${response.status}`;
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).slice(0, 500);
  }
}

/**
 * The sandbox's webhook sender as a job of the platform's runner, every `SANDBOX_WEBHOOK_POLL_MS`
 * and straight away again while batches come back full. It sends to `SANDBOX_WEBHOOK_URL` or, by
 * default, to this instance's own endpoint over loopback; until the API listens it claims nothing.
 */
export function sandboxWebhooksJob(app: FastifyInstance, webhookSecret: () => Promise<string>): Job {
  const { webhookPollMs, webhookUrl } = app.platform.config.payments.sandbox;
  return {
    name: 'sandbox-webhooks',
    everyMs: webhookPollMs,
    batchSize: defaultDeliveryPolicy.batchSize,
    async runOnce({ db, clock, log }) {
      const url = webhookUrl ?? loopbackWebhookUrl(app);
      if (!url) return { claimed: 0 };
      const result = await deliverDueWebhooks(db, { url, secret: await webhookSecret() }, clock);
      if (result.retrying || result.failed) log.warn({ webhooks: result }, 'some sandbox webhooks were not delivered');
      return result;
    },
    queue: deliveryQueue,
  };
}

/**
 * The deliveries as staff's operations page sees them: those waiting, and those given up on (the
 * receiver down for longer than the backoff's dozen tries), each to send again as Stripe's
 * dashboard resends an event.
 */
const deliveryQueue: JobQueue = {
  async inspect({ db }, limit) {
    const [waiting, failed] = [await repository.countUndelivered(db), await repository.listFailedDeliveries(db, limit)];
    return {
      waiting,
      failed: failed.map((row) => ({ id: row.id, what: `Webhook: ${row.type}`, queuedAt: row.createdAt, attempts: row.attempts, message: row.lastError })),
    };
  },
  async retry({ db, clock }, id) {
    if (await repository.requeueFailedDelivery(db, id, clock.now())) return 'retried';
    const row = await repository.findDelivery(db, id);
    return row ? 'already' : 'unknown';
  },
};

/** This instance's own webhook endpoint, as the sandbox reaches it: over loopback, once listening. */
export function loopbackWebhookUrl(app: FastifyInstance): string | null {
  return loopbackUrl(app, '/api/payments/webhooks/sandbox');
}
