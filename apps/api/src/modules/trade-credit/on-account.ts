/**
 * Paying on account at checkout (decision 0088): whether the provider would take this order, its
 * approval (the provider's order, made with an idempotency key per basket state), and after the
 * shop's order is placed, dispatch (the provider starts the term) and refunds (the account is
 * credited). The provider decides; the shop says what its answer means and what to do.
 */
import { formatPenceShort, type OnAccountOption, type OnAccountRefusal } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import type { AccountCredit } from '../orders/index.ts';
import type { CreditHolder } from '../trade/index.ts';
import { AppError } from '../../platform/errors.ts';
import { customerOf, holderOf, viaProvider, type Business } from './credit-access.ts';
import {
  CREDIT_TERM_DAYS,
  CreditOrderRefused,
  CreditProviderUnavailable,
  type CreditOrderRequest,
  type CreditPayee,
  type ProviderCredit,
  type ProviderOrder,
} from './credit-provider.ts';
import type { TradeCreditContext, TradeCreditDeps } from './trade-credit.deps.ts';
import { creditBy, type CreditBy } from './order-rules.ts';
import { editedOrder } from './on-account-changes.ts';
import { TradeCreditErrors } from './trade-credit.errors.ts';
import * as repository from './trade-credit.repository.ts';

/** What checkout asks the provider to approve: the basket's amount, lines and delivery address. */
export type OnAccountOrder = Omit<CreditOrderRequest, 'merchantUserId'>;

/** An order the provider approved, to be placed by checkout with its id. */
export interface ApprovedCreditOrder {
  providerOrderId: string;
  tradeAccountId: number;
  amountPence: number;
  /** Where the invoice is paid, when the provider gives it with its approval. */
  payee: CreditPayee | null;
}

/** How each way of crediting is kept for staff's timeline. */
const CREDIT_KINDS: Record<CreditBy, 'cancellation' | 'edit' | 'refund'> = { cancel: 'cancellation', edit: 'edit', refund: 'refund' };

const ARREARS = 'Your account with Two is overdue. Pay what is overdue to Two before ordering on account again; you can pay by card meanwhile.';

/** Each refusal in plain words, with what to do (the order's amount and the credit left where they matter). */
export function refusalWords(
  refusal: OnAccountRefusal,
  amountPence: number,
  credit: Pick<ProviderCredit, 'availablePence' | 'maxSingleOrderPence'> | null,
): string {
  switch (refusal) {
    case 'not_verified':
      return (
        'Before you can pay on account, apply and verify your details with Two, our trade credit provider, from your trade dashboard. ' +
        'Pay by card meanwhile.'
      );
    case 'business_declined':
      return (
        'Two, our trade credit provider, do not offer your business credit, so this order cannot go on account. ' +
        'Pay by card; your trade prices stay the same.'
      );
    case 'manual_review':
      return (
        'Two are still checking your business (usually within a working day). ' +
        'Pay by card for this order, or wait for their decision on your trade dashboard.'
      );
    case 'in_arrears':
      return ARREARS;
    case 'over_available_credit':
      return (
        `This order (${formatPenceShort(amountPence)}) is more than the ${formatPenceShort(credit?.availablePence ?? 0)} of credit you have left with Two. ` +
        'Pay by card, or remove some items and pay for the rest on account.'
      );
    case 'over_single_order_limit':
      return (
        `Two allow orders of up to ${formatPenceShort(credit?.maxSingleOrderPence ?? 0)} on account; this one is ${formatPenceShort(amountPence)}. ` +
        'Pay by card, or split it into smaller orders.'
      );
    case 'delivery_address_refused':
      return 'Two send goods bought on account to UK addresses only. Choose a UK delivery address or click & collect, or pay by card.';
    case 'provider_unavailable':
      return 'We cannot reach Two, our trade credit provider, just now, so paying on account is not available. Pay by card, or try again in a few minutes.';
  }
}

export interface OnAccountPayments {
  onAccountOption(ctx: TradeCreditContext, order: OnAccountOrder): Promise<OnAccountOption | null>;
  /** `holder`: the caller's trade account as checkout read it for this order (`trade.tradeBuyerFor`), not read again. */
  approveOrder(ctx: TradeCreditContext, order: OnAccountOrder, idempotencyKey: string, holder?: CreditHolder | null): Promise<ApprovedCreditOrder>;
  /** An approved order that did not become the shop's: cancelled at the provider, so its credit is free again. */
  giveUpOrder(ctx: TradeCreditContext, providerOrderId: string): Promise<void>;
  /** In the transaction that places the order: the provider's order beside the shop's. */
  recordPlacedOrder(db: Transaction, input: ApprovedCreditOrder & { orderId: string; placedAt: Date }): Promise<void>;
  /**
   * Orders' refunds of an order paid on account: the provider credits the account (a gateway refund's shape), before
   * dispatch by editing its order to what is left (or cancelling it), after it by a refund (decision 0153).
   */
  refund(
    ctx: { db: Database | Transaction; clock: Clock; log?: TradeCreditContext['log'] },
    credit: AccountCredit,
  ): Promise<{ id: string; intentRef: string; amountPence: number; status: 'succeeded' | 'pending' | 'failed' }>;
  /** In the dispatch's transaction: noted, so the provider is told even if the process stops just after. */
  noteDispatched(db: Transaction, orderRef: string, now: Date): Promise<void>;
  /** After the dispatch commits: the provider is told and the term starts; one it cannot be told now is told by `fulfilDispatched`. */
  fulfil(ctx: { db: Database | Transaction; clock: Clock; log?: TradeCreditContext['log'] }, orderRef: string): Promise<void>;
  /** One batch of dispatched orders the provider has not been told about yet (it could not be reached at dispatch). */
  fulfilDispatched(ctx: { db: Database; clock: Clock; log?: TradeCreditContext['log'] }, batch?: number): Promise<{ told: number; left: number }>;
}

export function createOnAccountPayments(deps: TradeCreditDeps): OnAccountPayments {
  const { provider } = deps;

  /** The holder, its customer key at the provider and whether its user there has verified; null when not a business that can pay on account. */
  async function accountOf(
    ctx: TradeCreditContext,
    known?: CreditHolder | null,
  ): Promise<{ holder: Business; customer: ReturnType<typeof customerOf>; started: boolean } | null> {
    if (!deps.payingOnAccount) return null;
    const holder = await holderOf(deps, ctx, known).catch((error: unknown) => {
      if (error instanceof AppError && (error.status === 404 || error.status === 422)) return null;
      throw error;
    });
    if (!holder) return null;
    const link = await repository.findLink(ctx.db, holder.tradeAccountId);
    return { holder, customer: customerOf(holder, link), started: Boolean(link?.providerUserId) };
  }

  async function verified(ctx: TradeCreditContext, account: NonNullable<Awaited<ReturnType<typeof accountOf>>>): Promise<boolean> {
    if (!account.started || !account.customer) return false;
    const customer = account.customer;
    const user = await viaProvider(deps, ctx, () => provider.findCustomerUser(customer, account.holder.userId));
    return user?.verified === true;
  }

  const option = (refusal: OnAccountRefusal | null, amountPence: number, credit: ProviderCredit | null): OnAccountOption => ({
    offered: refusal === null,
    termDays: CREDIT_TERM_DAYS,
    availablePence: credit && credit.arrearsPence === 0 ? credit.availablePence : 0,
    maxSingleOrderPence: credit?.maxSingleOrderPence ?? 0,
    refusal,
    message: refusal
      ? refusalWords(refusal, amountPence, credit)
      : `Two, our trade credit provider, invoice you for this order; it is due ${CREDIT_TERM_DAYS} days after we dispatch it.`,
  });

  const refused = (refusal: OnAccountRefusal, amountPence: number, credit: ProviderCredit | null) =>
    TradeCreditErrors.orderRefused(refusal, refusalWords(refusal, amountPence, credit));

  /** The provider's answer for an order, written down beside the shop's (the due date once fulfilled). */
  async function saved(db: Database | Transaction, order: ProviderOrder, now: Date): Promise<ProviderOrder> {
    await repository.saveProviderOrder(db, order, now);
    return order;
  }

  /**
   * The credit made at the provider with the refund's key: its order cancelled, edited to what is left (what it refunded stays
   * deducted), or refunded; a dispatch it was not told of yet is told first, as Two refunds only a fulfilled order.
   */
  async function creditAtProvider(
    ctx: { db: Database | Transaction; clock: Clock },
    by: CreditBy,
    credit: AccountCredit,
    known: repository.CreditOrderRow | undefined,
  ): Promise<ProviderOrder> {
    const { orderRef, amountPence, idempotencyKey, after } = credit;
    if (by === 'cancel') return provider.cancelOrder(orderRef, idempotencyKey);
    if (by === 'refund') {
      if (known && !known.fulfilledAt) await saved(ctx.db, await provider.fulfilOrder(orderRef, `credit-fulfil:${orderRef}`), ctx.clock.now());
      return provider.refundOrder(orderRef, amountPence, idempotencyKey);
    }
    const figures = { amountPence: after.amountPence + (known?.refundedPence ?? 0), vatPence: after.vatPence };
    const edited = await provider.updateOrder(orderRef, editedOrder(after, figures, after.lines, after.deliveryAddress), idempotencyKey);
    // A lower amount is never declined; an answer that says so is the provider refusing the edit.
    if (!edited.approved) throw new CreditOrderRefused(`the provider declined editing order ${orderRef} to ${figures.amountPence} (${edited.reason})`);
    return edited.order;
  }

  async function fulfil(ctx: { db: Database | Transaction; clock: Clock; log?: TradeCreditContext['log'] }, orderRef: string): Promise<void> {
    try {
      await saved(ctx.db, await provider.fulfilOrder(orderRef, `credit-fulfil:${orderRef}`), ctx.clock.now());
    } catch (error) {
      ctx.log?.warn({ err: error, providerOrder: orderRef }, 'the credit provider was not told of a dispatch; it will be told later');
    }
  }

  return {
    async onAccountOption(ctx, order) {
      const account = await accountOf(ctx);
      if (!account) return null;
      const { customer } = account;
      if (!customer) return option('not_verified', order.amountPence, null);
      try {
        const request = { ...order, merchantUserId: account.holder.userId };
        const [credit, decision] = await viaProvider(deps, ctx, () => Promise.all([provider.credit(customer), provider.checkOrder(customer, request)]));
        // The provider's decision first: a business it declines is told so, not asked to verify.
        if (!decision.approved) return option(decision.reason, order.amountPence, credit);
        return option((await verified(ctx, account)) ? null : 'not_verified', order.amountPence, credit);
      } catch (error) {
        if (error instanceof AppError && error.code === 'CREDIT_PROVIDER_UNAVAILABLE') return option('provider_unavailable', order.amountPence, null);
        throw error;
      }
    },

    async approveOrder(ctx, order, idempotencyKey, known) {
      const account = await accountOf(ctx, known);
      if (!account) throw TradeCreditErrors.accountNotFound();
      const { customer } = account;
      if (!customer) throw refused('not_verified', order.amountPence, null);
      const request = { ...order, merchantUserId: account.holder.userId };
      if (!(await verified(ctx, account))) {
        const decision = await viaProvider(deps, ctx, () => provider.checkOrder(customer, request));
        throw refused(decision.approved ? 'not_verified' : decision.reason, order.amountPence, await viaProvider(deps, ctx, () => provider.credit(customer)));
      }
      let answer = await viaProvider(deps, ctx, () => provider.createOrder(customer, request, idempotencyKey));
      // This basket's order was given up before (it could not be placed then): this is a new attempt.
      if (answer.state === 'CANCELLED') {
        const retry = `${idempotencyKey}:after-${answer.id}`;
        answer = await viaProvider(deps, ctx, () => provider.createOrder(customer, request, retry));
      }
      if (answer.state === 'REJECTED') {
        const credit = await viaProvider(deps, ctx, () => provider.credit(customer)).catch(() => null);
        throw refused(answer.declineReason ?? 'business_declined', order.amountPence, credit);
      }
      // Still being checked (CREATED): never placed without the provider's approval.
      if (answer.state !== 'VERIFIED') throw TradeCreditErrors.orderPending();
      return { providerOrderId: answer.id, tradeAccountId: account.holder.tradeAccountId, amountPence: answer.amountPence, payee: answer.payee };
    },

    async giveUpOrder(ctx, providerOrderId) {
      try {
        await provider.cancelOrder(providerOrderId, `credit-cancel:${providerOrderId}`);
      } catch (error) {
        // Not cancelled now: the provider lapses an order never confirmed; staff see it in the log.
        ctx.log?.error({ err: error, providerOrder: providerOrderId }, 'an order on account that was not placed could not be cancelled at the provider');
      }
    },

    async recordPlacedOrder(db, input) {
      await repository.insertCreditOrder(db, {
        providerOrderId: input.providerOrderId,
        orderId: input.orderId,
        tradeAccountId: input.tradeAccountId,
        amountPence: input.amountPence,
        payee: input.payee,
        placedAt: input.placedAt,
      });
    },

    async refund(ctx, credit) {
      const { orderRef, amountPence, idempotencyKey } = credit;
      const known = await repository.findCreditOrder(ctx.db, orderRef);
      const by = known ? creditBy(known, credit.after.amountPence) : 'refund';
      let after: ProviderOrder;
      try {
        after = await creditAtProvider(ctx, by, credit, known);
      } catch (error) {
        if (error instanceof CreditOrderRefused) throw TradeCreditErrors.refundRefused();
        // Not reached, or no answer: it may have been made, so the shop's refund stays pending and a retry (same key) finishes it.
        if (error instanceof CreditProviderUnavailable) {
          ctx.log?.warn({ provider: provider.kind, reason: error.detail, providerOrder: orderRef }, 'the credit provider did not confirm a credit');
          throw TradeCreditErrors.creditUnconfirmed();
        }
        throw error;
      }
      const now = ctx.clock.now();
      await saved(ctx.db, after, now);
      // Kept once by its key for staff's timeline: the provider's webhook about it comes later and only confirms it.
      const leftPence = after.state === 'CANCELLED' ? 0 : Math.max(0, after.amountPence - after.refundedPence);
      await repository.insertCredit(ctx.db, { idempotencyKey, providerOrderId: orderRef, kind: CREDIT_KINDS[by], amountPence, leftPence, at: now });
      return { id: `${orderRef}:${idempotencyKey}`, intentRef: orderRef, amountPence, status: 'succeeded' };
    },

    async noteDispatched(db, orderRef, now) {
      await repository.markDispatched(db, orderRef, now);
    },

    fulfil,

    async fulfilDispatched(ctx, batch = 50) {
      const due = await repository.dispatchedUnfulfilled(ctx.db, batch);
      let told = 0;
      for (const row of due) {
        await fulfil(ctx, row.providerOrderId);
        if ((await repository.findCreditOrder(ctx.db, row.providerOrderId))?.fulfilledAt) told++;
      }
      return { told, left: due.length - told };
    },
  };
}
