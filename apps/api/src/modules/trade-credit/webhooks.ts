/**
 * The provider's webhooks (decision 0098): verified by their signature and age before anything is
 * read, each event recorded once however often it comes, and an order's event applied only when it
 * happened after the state the shop holds, so a copy arriving late never puts an order back. Staff
 * list them with what each did, and with the sandbox make it send any event.
 */
import { CREDIT_EVENT_TYPES, formatPenceShort, londonLongDate, type CreditEventType, type CreditWebhookEffect, type CreditWebhookPage } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { CreditOrderRefused, WebhookRefused, type CreditWebhookEvent } from './credit-provider.ts';
import type { CreditSandbox } from './sandbox-provider.ts';
import type { TradeCreditContext, TradeCreditDeps } from './trade-credit.deps.ts';
import { TradeCreditErrors } from './trade-credit.errors.ts';
import * as repository from './trade-credit.repository.ts';

export interface CreditWebhooksService {
  receiveCreditWebhook(
    ctx: ServiceContext,
    input: { rawBody: string; signature: string | undefined },
  ): Promise<{ received: true; duplicate: boolean; effect: CreditWebhookEffect }>;
  listCreditWebhooks(ctx: TradeCreditContext, page: { pageNumber: number; pageSize: number }): Promise<CreditWebhookPage>;
  /** Staff, with the sandbox only: the sandbox moves the order on and sends the event (twice, the copy late). */
  sendSandboxCreditEvent(
    ctx: TradeCreditContext,
    input: { type: CreditEventType; orderNumber?: string; tradeAccountId?: number },
  ): Promise<{ eventId: string; type: CreditEventType }>;
  /** One pass of the sandbox's webhook sender, to the shop's endpoint at `url` (nothing without the sandbox). */
  sendSandboxWebhooks(url: string, batch?: number): Promise<{ claimed: number }>;
}

const STATE_WORDS: Record<string, string> = {
  CREATED: 'being checked',
  VERIFIED: 'approved',
  REJECTED: 'declined',
  FULFILLED: 'dispatched',
  REFUNDED: 'refunded',
  CANCELLED: 'cancelled',
};

/**
 * The provider's events that may credit an order: a refund (a credit note), a cancellation, or an edit before
 * fulfilment (what is left on the order; decisions 0153, 0157).
 */
const CREDIT_EVENTS: readonly CreditEventType[] = ['order.refunded', 'order.cancelled', 'order.updated'];

/** An edited order as staff read it: its new gross amount, the VAT in it and its lines, when the provider says them. */
function editSummary(order: NonNullable<CreditWebhookEvent['order']>): string {
  const vat = order.vatPence === null ? '' : ` (VAT ${formatPenceShort(order.vatPence)})`;
  const items = order.lines?.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  const lines = order.lines ? `, ${items} ${items === 1 ? 'item' : 'items'} on ${order.lines.length} ${order.lines.length === 1 ? 'line' : 'lines'}` : '';
  const refunded = order.refundedPence > 0 ? `, ${formatPenceShort(order.refundedPence)} credited back` : '';
  return `Order edited before dispatch: ${formatPenceShort(order.amountPence)}${vat}${lines}${refunded}`;
}

/** The event in a line, as staff read it in the list and the timeline. */
export function eventSummary(event: CreditWebhookEvent): string {
  if (event.decision) {
    const why = event.decision.declineReason ? ` (${event.decision.declineReason.replaceAll('_', ' ')})` : '';
    return `Credit decision: ${event.decision.decision.replace('_', ' ')}${why}`;
  }
  const order = event.order;
  if (!order) return event.type;
  if (event.type === 'order.updated') return editSummary(order);
  if (order.paidAt) return `Invoice paid (${formatPenceShort(order.amountPence - order.refundedPence)})`;
  const refunded = order.refundedPence > 0 ? `, ${formatPenceShort(order.refundedPence)} credited back` : '';
  // The provider's due date is a calendar day: said as people say it, "27 December 2026".
  const due = order.dueDate ? `, due ${londonLongDate(`${order.dueDate}T12:00:00Z`)}` : '';
  return `Order ${STATE_WORDS[order.state] ?? order.state}: ${formatPenceShort(order.amountPence)}${refunded}${due}`;
}

export function createCreditWebhooks(deps: TradeCreditDeps): CreditWebhooksService {
  const { provider } = deps;
  const sandbox = provider.kind === 'sandbox' ? (provider as CreditSandbox) : null;

  /** What the event does here, in the transaction that records it. */
  async function apply(tx: Transaction, event: CreditWebhookEvent, now: Date): Promise<{ effect: CreditWebhookEffect; tradeAccountId: number | null }> {
    if (event.order) {
      const applied = await repository.applyProviderOrder(tx, event.order, event.occurredAt, now);
      if (applied !== null) return { effect: 'applied', tradeAccountId: applied };
      const known = await repository.findCreditOrder(tx, event.order.id);
      return known ? { effect: 'superseded', tradeAccountId: known.tradeAccountId } : { effect: 'unknown', tradeAccountId: null };
    }
    // A credit decision changes nothing the shop keeps (the provider is asked for credit each time): it is the account's timeline's.
    const account = event.organisationNumber ? await repository.accountOfOrganisation(tx, event.organisationNumber) : null;
    return { effect: account ? 'applied' : 'unknown', tradeAccountId: account };
  }

  /**
   * The provider says it credited or edited the order (every copy of the event, after it is recorded): a refund of the shop's
   * left pending because the provider's answer to it was lost is finished now with its own key (decisions 0113, 0157).
   * Not finished now (the provider unreachable again): it stays pending, and the next copy or the action repeated finishes it.
   */
  async function finishLostCredit(ctx: ServiceContext, providerOrderId: string): Promise<void> {
    const known = await repository.findCreditOrder(ctx.db, providerOrderId);
    if (!known) return;
    try {
      if (await deps.orders.finishPendingRefund(ctx, known.orderId))
        ctx.log.info({ providerOrder: providerOrderId }, 'a credit whose answer was lost was settled');
    } catch (error) {
      ctx.log.warn({ err: error, providerOrder: providerOrderId }, 'a credit whose answer was lost could not be settled yet; it stays pending');
    }
  }

  return {
    async receiveCreditWebhook(ctx, { rawBody, signature }) {
      const now = ctx.clock.now();
      let event: CreditWebhookEvent;
      try {
        event = await provider.parseWebhook(rawBody, signature, now);
      } catch (error) {
        if (error instanceof WebhookRefused) {
          ctx.log?.warn({ reason: error.message }, 'a credit provider webhook was refused');
          throw TradeCreditErrors.webhookSignatureInvalid(error.message);
        }
        if (error instanceof SyntaxError || error instanceof RangeError) throw TradeCreditErrors.webhookMalformed();
        throw error;
      }
      if (!event.id || Number.isNaN(event.occurredAt.getTime())) throw TradeCreditErrors.webhookMalformed();
      // A kind of event the provider has added since: acknowledged so it is not sent again, logged, and
      // neither recorded nor applied (the staff list names only the kinds the shop reads).
      if (!CREDIT_EVENT_TYPES.includes(event.type)) {
        ctx.log?.warn(
          { eventType: String(event.type).slice(0, 64) },
          'a credit provider webhook of a kind the shop does not read was acknowledged and ignored',
        );
        return { received: true as const, duplicate: false, effect: 'unknown' as const };
      }
      const answer = await ctx.db.transaction(async (tx) => {
        const recorded = await repository.recordWebhook(tx, {
          eventId: event.id,
          type: event.type,
          occurredAt: event.occurredAt,
          organisationNumber: event.organisationNumber,
          providerOrderId: event.order?.id ?? null,
          tradeAccountId: null,
          effect: 'unknown',
          summary: eventSummary(event),
          receivedAt: now,
        });
        if (!recorded.first) return { received: true as const, duplicate: true, effect: recorded.effect };
        const { effect, tradeAccountId } = await apply(tx, event, now);
        await repository.setWebhookEffect(tx, event.id, effect, tradeAccountId);
        return { received: true as const, duplicate: false, effect };
      });
      if (event.order && CREDIT_EVENTS.includes(event.type)) await finishLostCredit(ctx, event.order.id);
      return answer;
    },

    async listCreditWebhooks(ctx, { pageNumber, pageSize }) {
      const { rows, total } = await repository.webhooksPage(ctx.db, pageNumber, pageSize);
      const accountIds = [...new Set(rows.flatMap((row) => (row.webhook.tradeAccountId ? [row.webhook.tradeAccountId] : [])))];
      const [names, orders] = await Promise.all([
        deps.trade.businessNamesOf(ctx, accountIds),
        deps.orders.orderStates(
          ctx,
          rows.flatMap((row) => (row.orderId ? [row.orderId] : [])),
        ),
      ]);
      return {
        sandbox: sandbox !== null,
        items: rows.map(({ webhook, orderId }) => ({
          eventId: webhook.eventId,
          type: webhook.type,
          occurredAt: webhook.occurredAt.toISOString(),
          receivedAt: webhook.receivedAt.toISOString(),
          deliveries: webhook.deliveries,
          businessName: webhook.tradeAccountId ? (names.get(webhook.tradeAccountId) ?? null) : null,
          orderNumber: orderId ? (orders.get(orderId)?.orderNumber ?? null) : null,
          effect: webhook.effect,
          summary: webhook.summary,
        })),
        pageNumber,
        pageSize,
        totalCount: total,
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
      };
    },

    async sendSandboxCreditEvent(ctx, input) {
      if (!sandbox) throw TradeCreditErrors.sandboxOnly();
      let subject: { providerOrderId: string } | { organisationNumber: string };
      if (input.type === 'credit.decision') {
        if (!input.tradeAccountId) throw TradeCreditErrors.sandboxEventNeedsSubject(input.type);
        const organisationNumber = (await repository.findLink(ctx.db, input.tradeAccountId))?.organisationNumber;
        if (!organisationNumber) throw TradeCreditErrors.sandboxEventRefused('the business has not applied to pay on account');
        subject = { organisationNumber };
      } else {
        if (!input.orderNumber) throw TradeCreditErrors.sandboxEventNeedsSubject(input.type);
        const order = await deps.orders.getOrderForStaff(ctx, input.orderNumber).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        });
        const credit = order && (await repository.creditOrderOf(ctx.db, order.orderGuid));
        if (!credit) throw TradeCreditErrors.orderNotOnAccount(input.orderNumber);
        subject = { providerOrderId: credit.providerOrderId };
      }
      try {
        const event = await sandbox.sendEvent(input.type, subject);
        return { eventId: event.id, type: event.type };
      } catch (error) {
        if (error instanceof CreditOrderRefused) throw TradeCreditErrors.sandboxEventRefused(error.message);
        throw error;
      }
    },

    async sendSandboxWebhooks(url, batch) {
      return sandbox ? sandbox.webhooks.deliverDue(url, batch) : { claimed: 0 };
    },
  };
}
