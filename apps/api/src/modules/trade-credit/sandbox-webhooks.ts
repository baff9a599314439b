/**
 * The credit sandbox's webhooks, sent as Two sends its own: each event signed with a secret shared
 * with the shop (`Two-Signature: t=…,v1=…`, an HMAC over the timestamp and the exact body), and,
 * as real providers do, sent twice, the copy late (after the events that follow it may have arrived).
 */
import { randomBytes } from 'node:crypto';
import type { CreditEventType } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import { exponentialBackoff } from '../../platform/jobs.ts';
import { checkWebhookSignature, signWebhook } from '../../platform/webhook-signature.ts';
import { WebhookRefused, type CreditWebhookEvent, type ProviderOrder } from './credit-provider.ts';
import * as repository from './sandbox.repository.ts';

export const TWO_SIGNATURE_HEADER = 'two-signature';
/** How long after the first the copy of each event is sent. */
export const LATE_COPY_MS = 5_000;
const SECRET_SETTING = 'webhook_secret';
const MAX_ATTEMPTS = 12;
const LEASE_MS = 30_000;
const TIMEOUT_MS = 5_000;

/** The event as the sandbox sends it (dates as ISO strings). */
interface SandboxEventBody {
  id: string;
  type: CreditEventType;
  occurred_at: string;
  organisation_number: string | null;
  order:
    | (Omit<ProviderOrder, 'fulfilledAt' | 'paidAt' | 'netPence' | 'vatPence' | 'lines'> &
        Partial<Pick<ProviderOrder, 'netPence' | 'vatPence' | 'lines'>> & { fulfilledAt: string | null; paidAt: string | null })
    | null;
  decision: CreditWebhookEvent['decision'];
}

export interface SandboxWebhooks {
  secret(): Promise<string>;
  /**
   * Queues the event's two deliveries: now, and the late copy. Given the transaction of the change the
   * event tells of, they are queued in it (an outbox): a change that rolls back sends nothing, and one
   * that commits is sent even if the process stops at once.
   */
  send(event: Omit<CreditWebhookEvent, 'id'>, tx?: Transaction): Promise<CreditWebhookEvent>;
  /** One pass of the sender: due deliveries POSTed, signed, to `url`. */
  deliverDue(url: string, batch?: number): Promise<{ claimed: number; sent: number; failed: number }>;
  parse(rawBody: string, signature: string | undefined, now: Date): Promise<CreditWebhookEvent>;
}

const toBody = (event: CreditWebhookEvent): SandboxEventBody => ({
  id: event.id,
  type: event.type,
  occurred_at: event.occurredAt.toISOString(),
  organisation_number: event.organisationNumber,
  order: event.order && { ...event.order, fulfilledAt: event.order.fulfilledAt?.toISOString() ?? null, paidAt: event.order.paidAt?.toISOString() ?? null },
  decision: event.decision,
});

const date = (text: string | null) => (text ? new Date(text) : null);

export function createSandboxWebhooks(options: { db: Database; clock: Clock; webhookSecret?: string }): SandboxWebhooks {
  const { db, clock } = options;
  let secret: Promise<string> | null = null;
  const secretNow = () =>
    (secret ??= options.webhookSecret
      ? Promise.resolve(options.webhookSecret)
      : repository.ensureSetting(db, SECRET_SETTING, () => `twhsec_${randomBytes(32).toString('base64url')}`));

  return {
    secret: secretNow,

    async send(input, tx) {
      const event: CreditWebhookEvent = { ...input, id: `evt_${randomBytes(12).toString('hex')}` };
      const payload = JSON.stringify(toBody(event));
      const now = clock.now();
      const row = { eventId: event.id, type: event.type, payload };
      await repository.insertDeliveries(tx ?? db, [
        { ...row, sendAfter: now },
        { ...row, sendAfter: new Date(now.getTime() + LATE_COPY_MS) },
      ]);
      return event;
    },

    async deliverDue(url, batch = 50) {
      const rows = await repository.claimDeliveries(db, clock.now(), LEASE_MS, batch, MAX_ATTEMPTS);
      const key = await secretNow();
      let sent = 0;
      for (const row of rows) {
        const error = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TWO_SIGNATURE_HEADER]: signWebhook(key, row.payload, Math.floor(clock.now().getTime() / 1000)) },
          body: row.payload,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }).then(
          async (response) => (await response.arrayBuffer(), response.ok ? null : `the shop answered ${response.status}`),
          (failure: unknown) => (failure instanceof Error ? failure.message : String(failure)),
        );
        const retryAt = new Date(clock.now().getTime() + exponentialBackoff(row.attempts, 2_000, 600_000));
        await repository.settleDelivery(db, row.id, error ? { error: error.slice(0, 500), retryAt } : { sentAt: clock.now() });
        if (!error) sent++;
      }
      return { claimed: rows.length, sent, failed: rows.length - sent };
    },

    async parse(rawBody, signature, now) {
      const why = checkWebhookSignature(await secretNow(), rawBody, signature, Math.floor(now.getTime() / 1000), { headerName: 'Two-Signature' });
      if (why) throw new WebhookRefused(why);
      const body = JSON.parse(rawBody) as SandboxEventBody;
      return {
        id: body.id,
        type: body.type,
        occurredAt: new Date(body.occurred_at),
        organisationNumber: body.organisation_number,
        // An event queued before the sandbox kept an order's contents says none of them.
        order: body.order && {
          ...body.order,
          netPence: body.order.netPence ?? null,
          vatPence: body.order.vatPence ?? null,
          lines: body.order.lines ?? null,
          fulfilledAt: date(body.order.fulfilledAt),
          paidAt: date(body.order.paidAt),
        },
        decision: body.decision,
      };
    },
  };
}
