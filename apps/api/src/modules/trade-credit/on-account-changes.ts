/**
 * An order paid on account, changed after it was placed (decision 0101) or its delivery upgraded: a higher total is agreed by
 * the provider on its order (Two's "Edit order") before the change is made, and refused it changes
 * nothing; a change agreed but then not made puts the provider's order back. A lower total is credited
 * through orders' refund path, which credits the account (never a card).
 */
import { formatPenceShort, type Address, type OnAccountChangeKind } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { ChangeableOrder } from '../orders/index.ts';
import { viaProvider } from './credit-access.ts';
import { CreditOrderRefused, type CreditOrderDecline, type CreditOrderRequest } from './credit-provider.ts';
import type { TradeCreditContext, TradeCreditDeps } from './trade-credit.deps.ts';
import { TradeCreditErrors } from './trade-credit.errors.ts';
import * as repository from './trade-credit.repository.ts';

/**
 * A change to an order paid on account (its basket of changes, or its delivery upgraded): the order as it
 * stands, and its figures after the change, which the provider is asked to agree.
 */
export interface OnAccountChange {
  /** What is changing: the refusal's words say what the customer can do instead. */
  kind: OnAccountChangeKind;
  /**
   * The order as it stands: its number (the merchant's reference), customer (the provider's merchant user), the provider's order,
   * and its VAT, lines and address, which the provider's order is set back to if the change is agreed but not made.
   */
  order: Pick<ChangeableOrder, 'orderNumber' | 'customerId' | 'onAccount' | 'delivery' | 'deliveryAddress' | 'vatPence' | 'lines'>;
  /** What the change adds to the total. */
  differencePence: number;
  /** The VAT in the order's total after the change. */
  vatPence: number;
  /** The order's lines after the change. */
  lines: readonly { sku: string; productName: string; quantity: number; unitPriceIncVat: number }[];
  /** The delivery address the change gives the order, if it gives one. */
  deliveryAddress?: Address | null;
}

export interface OnAccountChanges {
  /** Before the change is made: the provider agrees the higher total on its order; CREDIT_ORDER_CHANGE_REFUSED (422) otherwise, nothing changed. */
  agreeOrderChange(ctx: TradeCreditContext, change: OnAccountChange, idempotencyKey: string): Promise<void>;
  /** The change was agreed but not made (the order moved on first): the provider's order goes back to its amount before. */
  undoOrderChange(ctx: TradeCreditContext, change: OnAccountChange, idempotencyKey: string): Promise<void>;
  /**
   * In the transaction that makes the change (a higher total agreed first, or a lower one to be credited): kept for staff's
   * timeline of the account, with what it added (negative: took off) and the amount on account with the provider after it.
   */
  recordOrderChange(
    db: Transaction,
    change: Pick<OnAccountChange, 'kind' | 'differencePence'> & { order: Pick<ChangeableOrder, 'orderNumber' | 'onAccount'> },
    at: Date,
  ): Promise<void>;
}

/** What the customer can do instead, by what they were changing. */
const INSTEAD: Record<OnAccountChange['kind'], { what: string; smaller: string; apart: string }> = {
  order_change: { what: '', smaller: 'Remove some of the changes, or order the extra items separately.', apart: 'order the extra items separately' },
  delivery_upgrade: { what: ' for the faster delivery', smaller: 'Keep the delivery you have, or choose a cheaper one.', apart: 'keep the delivery you have' },
};

/** Each refusal of a higher total in plain words, with what to do: never a card, as the order is on account. */
export function changeRefusalWords(reason: CreditOrderDecline, differencePence: number, kind: OnAccountChange['kind']): string {
  const instead = INSTEAD[kind];
  const apart = `${instead.apart.charAt(0).toUpperCase()}${instead.apart.slice(1)}.`;
  const more = `Two, our trade credit provider, will not add ${formatPenceShort(differencePence)}${instead.what} to this order on account`;
  const nothing = 'Nothing has changed on your order.';
  switch (reason) {
    case 'over_available_credit':
      return `${more}: it is more than the credit you have left with them. ${nothing} ${instead.smaller}`;
    case 'over_single_order_limit':
      return `${more}: the order would be more than the most they allow on one order. ${nothing} ${apart}`;
    case 'in_arrears':
      return `${more} while your account with Two is overdue. ${nothing} Pay what is overdue to Two first, or ${instead.apart}.`;
    case 'delivery_address_refused':
      return `${more}: they send goods bought on account to UK addresses only. ${nothing} Choose a UK delivery address.`;
    case 'manual_review':
    case 'business_declined':
      return `${more}: they are not offering your business more credit just now. ${nothing} ${apart}`;
  }
}

/**
 * The provider's order as it now stands (the body of Two's "Edit order"): the shop's order number as the merchant's
 * reference, its customer, its gross amount and VAT, the lines still to be sent and where they go (null: collected).
 */
export function editedOrder(
  order: { orderNumber: string; customerId: string | null },
  figures: { amountPence: number; vatPence: number },
  lines: readonly { sku: string; productName: string; quantity: number; unitPriceIncVat: number }[],
  address: Address | null,
): CreditOrderRequest {
  return {
    merchantReference: order.orderNumber,
    merchantUserId: order.customerId ?? '',
    ...figures,
    lines: lines.map(({ sku, productName: name, quantity, unitPriceIncVat: unitPricePence }) => ({
      sku,
      name,
      quantity,
      unitPricePence,
      lineTotalPence: quantity * unitPricePence,
    })),
    deliveryAddress: address && { line1: address.line1, town: address.town, postcode: address.postcode, country: address.countryCode },
  };
}

/** The provider's order and the shop's amount for it: a change of an order paid by card has none (a caller's mistake). */
function accountOf(change: { order: Pick<ChangeableOrder, 'orderNumber' | 'onAccount'> }): NonNullable<ChangeableOrder['onAccount']> {
  if (!change.order.onAccount) throw new Error(`order ${change.order.orderNumber} is not paid on account`);
  return change.order.onAccount;
}

export function createOnAccountChanges(deps: TradeCreditDeps): OnAccountChanges {
  const { provider } = deps;

  /**
   * The provider's order set to `amountPence` with these contents (the order's after the change, or as it stands): an amount
   * worked out from the shop's order at the version the change was made on, so two completions at once ask for the same, not twice.
   */
  async function edit(
    ctx: TradeCreditContext,
    change: OnAccountChange,
    contents: { amountPence: number; vatPence: number; lines: OnAccountChange['lines']; address: Address | null },
    idempotencyKey: string,
  ) {
    const { order } = change;
    const { amountPence, vatPence, lines, address } = contents;
    const request = editedOrder(order, { amountPence, vatPence }, lines, order.delivery.code === 'click_collect' ? null : address);
    try {
      return await viaProvider(deps, ctx, () => provider.updateOrder(accountOf(change).providerOrderId, request, idempotencyKey));
    } catch (error) {
      // Fulfilled or cancelled at the provider meanwhile: the order is no longer one to change on account.
      if (error instanceof CreditOrderRefused) throw TradeCreditErrors.orderChangeNotAgreed();
      throw error;
    }
  }

  return {
    async agreeOrderChange(ctx, change, idempotencyKey) {
      const amountPence = accountOf(change).amountPence + change.differencePence;
      const address = change.deliveryAddress ?? change.order.deliveryAddress;
      const answer = await edit(ctx, change, { amountPence, vatPence: change.vatPence, lines: change.lines, address }, idempotencyKey);
      if (!answer.approved) throw TradeCreditErrors.orderChangeRefused(answer.reason, changeRefusalWords(answer.reason, change.differencePence, change.kind));
      await repository.saveProviderOrder(ctx.db, answer.order, ctx.clock.now());
    },

    async undoOrderChange(ctx, change, idempotencyKey) {
      try {
        // Its amount, VAT, lines and address as they were before: the change's own were agreed, never made.
        const { order } = change;
        const lines = order.lines.filter((line) => line.quantity > 0);
        const before = { amountPence: accountOf(change).amountPence, vatPence: order.vatPence, lines, address: order.deliveryAddress };
        const answer = await edit(ctx, change, before, idempotencyKey);
        if (answer.approved) await repository.saveProviderOrder(ctx.db, answer.order, ctx.clock.now());
      } catch (error) {
        // Not put back now: the provider's order says more than the shop's, which staff see in the log and credit by a refund.
        if (!(error instanceof AppError)) throw error;
        const providerOrder = change.order.onAccount?.providerOrderId;
        ctx.log?.error({ err: error, providerOrder }, 'an order change agreed on account but not made could not be undone');
      }
    },

    async recordOrderChange(db, change, at) {
      const { kind, differencePence } = change;
      await repository.insertOrderChange(db, { providerOrderId: accountOf(change).providerOrderId, kind, differencePence }, at);
    },
  };
}
