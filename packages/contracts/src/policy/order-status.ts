/**
 * How an order's status moves (docs/domain.md §7): which status may follow which, and who may move
 * it. The orders module checks every move a person asks for against this table (what the payment
 * provider reports is recorded, not refused), and the help centre and the staff screens offer only
 * what it allows.
 */
import type { OrderStatus } from '../enumerations.ts';

/**
 * Who moves an order: `staff` in the back-office, the `customer` through self-service (signed in or
 * by an e-mailed link), and `payment`, the payment provider's answer: a refund that settles (at once
 * or by its webhook), or one made at the provider itself. No carrier feed moves orders yet: staff mark
 * them dispatched and delivered.
 */
export type OrderMover = 'staff' | 'customer' | 'payment';

const STAFF = ['staff'] as const;
/** A person asks for the cancellation; it is made when the payment provider has the money back. */
const CANCEL = ['customer', 'staff', 'payment'] as const;
/** Before dispatch only a customer's cancelling of every line, or a refund at the provider, refunds it all. */
const REFUND_BEFORE_DISPATCH = ['customer', 'payment'] as const;
/** After dispatch staff refund (goods back, a return accepted, goodwill); the provider's answer settles it. */
const REFUND_AFTER_DISPATCH = ['staff', 'payment'] as const;

/**
 * `ORDER_STATUS_MOVES[from][to]`: who may move an order from one status to the next. Fulfilment only
 * goes forward and may skip steps; cancelled and refunded are the ends (a refund at the provider after
 * a cancellation's refund came back is the one move out of cancelled).
 */
export const ORDER_STATUS_MOVES: Readonly<Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderMover[]>>>> = {
  placed: { processing: STAFF, picking: STAFF, dispatched: STAFF, delivered: STAFF, cancelled: CANCEL, refunded: REFUND_BEFORE_DISPATCH },
  processing: { picking: STAFF, dispatched: STAFF, delivered: STAFF, cancelled: CANCEL, refunded: REFUND_BEFORE_DISPATCH },
  picking: { dispatched: STAFF, delivered: STAFF, cancelled: CANCEL, refunded: REFUND_BEFORE_DISPATCH },
  dispatched: { delivered: STAFF, refunded: REFUND_AFTER_DISPATCH },
  delivered: { refunded: REFUND_AFTER_DISPATCH },
  cancelled: { refunded: ['payment'] },
  refunded: {},
};

/** May `by` move an order from `from` to `to`? */
export const mayMoveOrder = (from: OrderStatus, to: OrderStatus, by: OrderMover): boolean => ORDER_STATUS_MOVES[from][to]?.includes(by) ?? false;

const statusesFrom = (to: OrderStatus, by: OrderMover): readonly OrderStatus[] =>
  (Object.keys(ORDER_STATUS_MOVES) as OrderStatus[]).filter((from) => mayMoveOrder(from, to, by));

/** Not yet dispatched: a customer or staff may cancel the whole order, or some of its lines. */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = statusesFrom('cancelled', 'customer');
/** Dispatched or delivered: money goes back as a refund, in part or in full. */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = statusesFrom('refunded', 'staff');
/** Open: placed and not yet delivered, cancelled or refunded; staff can still move it on to delivered. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = statusesFrom('delivered', 'staff');
/** Is the order still open (not delivered, cancelled or refunded)? */
export const isOrderOpen = (status: OrderStatus): boolean => OPEN_ORDER_STATUSES.includes(status);
/** A change to what was ordered can be made only before picking starts (§10.2). */
export const AMENDABLE_STATUSES: readonly OrderStatus[] = ['placed', 'processing'];
/** Not yet dispatched: the customer may still pay for faster or specific-day delivery (docs/domain.md §2.3, "until dispatch"). */
export const UPGRADABLE_STATUSES: readonly OrderStatus[] = statusesFrom('dispatched', 'staff');
/** The fulfilment steps in order, as the order's tracking shows them. */
export const FULFILMENT_STEPS = ['placed', 'processing', 'picking', 'dispatched', 'delivered'] as const satisfies readonly OrderStatus[];
