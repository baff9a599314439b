/**
 * A placed order's delivery upgraded after it was placed (the delivery-upgrade module's completion,
 * decision 0087): under the order's row lock, in the caller's transaction, the version the upgrade
 * was priced on is checked (dispatch, an order change or another upgrade moves it on), the order
 * takes the new delivery (its agreed day, when one was chosen), the difference paid joins what was
 * captured and is kept as a charge of its own (`order_charges`), and the history says so.
 */
import { UPGRADABLE_STATUSES, type ShopDetails } from '@shop/contracts';
import { invoiceBeforeChange, reissueAfterChange, STANDARD_VAT_RATE_BASIS_POINTS, vatIn } from './vat-invoice.ts';
import { orderForChange, type ChangeCaller } from './order-changes.ts';
import * as repository from './orders.repository.ts';
import type { OrderDelivery } from './orders.tables.ts';

export interface DeliveryUpgradeChange {
  orderNumber: string;
  /** The order's version the upgrade was priced on: another makes it stale (nothing written). */
  expectedVersion: number;
  delivery: OrderDelivery;
  deliveryPence: number;
  /** Paid by card for the upgrade (0 when nothing was due). */
  chargedPence: number;
  paymentIntentRef: string | null;
  /** The difference was agreed by the credit provider on the order's invoice (an order paid on account), not paid by card. */
  onAccount?: boolean;
  /** In words, for the history and the e-mail. */
  summary: string;
}

/** The VAT in a delivery upgrade's difference (delivery is standard-rated): what the order's VAT grows by. */
export const upgradeVatOf = (differencePence: number) => vatIn(differencePence, STANDARD_VAT_RATE_BASIS_POINTS);

/** Why an upgrade can no longer be applied to the order as it is now, in words; null when it can. */
export function whyNotUpgradable(order: { status: string; version: number }, expectedVersion: number): string | null {
  if (!UPGRADABLE_STATUSES.includes(order.status as never)) return `The order is now ${order.status}, so its delivery can no longer be changed.`;
  if (order.version !== expectedVersion) return 'The order was changed since you chose this delivery (in another window, or by our staff).';
  return null;
}

export async function applyDeliveryUpgrade(
  caller: ChangeCaller,
  change: DeliveryUpgradeChange,
  now: Date,
  shop: ShopDetails,
): Promise<{ version: number; stale: string | null }> {
  const { db, actor } = caller;
  const order = await orderForChange(caller, change.orderNumber, true);
  const stale = whyNotUpgradable(order, change.expectedVersion);
  if (stale) return { version: order.version, stale };
  const charged = change.chargedPence;
  const invoice = await invoiceBeforeChange(db, (await repository.findOrder(db, repository.byId(order.id)))!, shop);
  const version = await repository.writeDeliveryUpgrade(db, order, { ...change, deliveryVatPence: upgradeVatOf(charged) }, actor?.userId ?? null, now);
  // A new delivery charge is a new supply: the issued invoice is cancelled by a credit note and replaced.
  if (invoice) await reissueAfterChange(db, order.id, invoice, shop, now);
  return { version, stale: null };
}
