import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../enumerations.ts';
import {
  AMENDABLE_STATUSES,
  CANCELLABLE_STATUSES,
  FULFILMENT_STEPS,
  OPEN_ORDER_STATUSES,
  ORDER_STATUS_MOVES,
  REFUNDABLE_STATUSES,
  isOrderOpen,
  mayMoveOrder,
} from './order-status.ts';

describe('the order-status table (docs/domain.md §7)', () => {
  it('lets staff move fulfilment forward only, skipping steps if they must, never back', () => {
    FULFILMENT_STEPS.forEach((from, i) => FULFILMENT_STEPS.forEach((to, j) => expect(mayMoveOrder(from, to, 'staff'), `${from} → ${to}`).toBe(j > i)));
    expect(mayMoveOrder('placed', 'processing', 'customer')).toBe(false);
    expect(mayMoveOrder('dispatched', 'delivered', 'payment')).toBe(false);
  });

  it('cancels before dispatch and refunds after it', () => {
    expect(CANCELLABLE_STATUSES).toEqual(['placed', 'processing', 'picking']);
    expect(REFUNDABLE_STATUSES).toEqual(['dispatched', 'delivered']);
    for (const status of CANCELLABLE_STATUSES) expect(mayMoveOrder(status, 'cancelled', 'staff') && mayMoveOrder(status, 'cancelled', 'customer')).toBe(true);
    for (const status of REFUNDABLE_STATUSES) expect(mayMoveOrder(status, 'cancelled', 'staff')).toBe(false);
    expect(AMENDABLE_STATUSES.every((status) => CANCELLABLE_STATUSES.includes(status))).toBe(true);
  });

  it('counts an order open until it is delivered, cancelled or refunded', () => {
    expect(OPEN_ORDER_STATUSES).toEqual(['placed', 'processing', 'picking', 'dispatched']);
    expect(ORDER_STATUSES.filter((status) => !isOrderOpen(status))).toEqual(['delivered', 'cancelled', 'refunded']);
  });

  it('ends at refunded, and leaves cancelled only for a refund the payment provider made', () => {
    expect(ORDER_STATUS_MOVES.refunded).toEqual({});
    expect(ORDER_STATUS_MOVES.cancelled).toEqual({ refunded: ['payment'] });
    for (const status of ORDER_STATUSES) expect(mayMoveOrder(status, status, 'staff'), `${status} → itself`).toBe(false);
  });

  it('has a row for every status and names only statuses that exist', () => {
    expect(Object.keys(ORDER_STATUS_MOVES).toSorted()).toEqual(ORDER_STATUSES.toSorted());
    for (const moves of Object.values(ORDER_STATUS_MOVES)) for (const to of Object.keys(moves)) expect(ORDER_STATUSES).toContain(to as OrderStatus);
  });
});
