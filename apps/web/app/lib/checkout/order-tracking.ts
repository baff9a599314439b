import type { OrderStatus } from '@shop/contracts';
import { ApiError } from '@shop/api-client';
import { FULFILMENT_STEPS, formatPence, londonLongDateTime, normaliseOrderNumber, ORDER_NUMBER_EXAMPLE } from '@shop/contracts';

/** The order's journey as the shopper follows it: the policy's fulfilment steps. */
export const ORDER_TIMELINE = FULFILMENT_STEPS;

export const STATUS_NAMES: Record<OrderStatus, string> = {
  placed: 'Order placed',
  processing: 'Processing',
  picking: 'Being picked',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export interface TimelineStep {
  status: (typeof ORDER_TIMELINE)[number];
  state: 'done' | 'current' | 'upcoming';
  at: string | null;
}

/** How a customer's order status looks as a badge: delivered is good news, cancelled and refunded are over. */
export function statusTone(status: OrderStatus): 'info' | 'success' | 'neutral' {
  if (status === 'delivered') return 'success';
  return status === 'cancelled' || status === 'refunded' ? 'neutral' : 'info';
}

/**
 * What a customer is told about money back: "£12.50 refunded to your card", or for an order paid on account (before dispatch
 * its order with Two made smaller, after it its invoice credited) "£12.50 credited to your account with Two"; null for none.
 */
export function refundText(refundedPence: number, paidOnAccount = false): string | null {
  if (refundedPence <= 0) return null;
  return paidOnAccount ? `${formatPence(refundedPence)} credited to your account with Two` : `${formatPence(refundedPence)} refunded to your card`;
}

type HistoryEntry = { status: OrderStatus; at: string; kind?: 'status' | 'refund' | 'change' };

/** Each step of the journey: done, the current one, or still to come; with when it happened (a refund is not a step). */
export function timelineSteps(status: OrderStatus, history: readonly HistoryEntry[]): TimelineStep[] {
  const reached = (ORDER_TIMELINE as readonly OrderStatus[]).indexOf(status);
  // A cancelled or refunded order stopped at the last step its history shows.
  const lastReached = reached >= 0 ? reached : Math.max(0, ...history.map((entry) => (ORDER_TIMELINE as readonly OrderStatus[]).indexOf(entry.status)));
  const stopped = reached < 0;
  return ORDER_TIMELINE.map((step, index) => ({
    status: step,
    state: index < lastReached || (stopped && index === lastReached) ? 'done' : index === lastReached ? 'current' : 'upcoming',
    at: history.findLast((entry) => entry.status === step && (entry.kind ?? 'status') === 'status')?.at ?? null,
  }));
}

/** An order number as typed (spaces, hyphens, lower case) → as we write it, `BP-K7M-3QX-9P6` (or an older `BP12345678`); null when it cannot be one. */
export { normaliseOrderNumber };

export interface TrackingFieldErrors {
  orderNumber?: string;
  emailAddress?: string;
}

/** What is wrong with the tracking form as typed, field by field (nothing when it can be looked up). */
export function trackingFieldErrors(orderNumber: string, emailAddress: string): TrackingFieldErrors {
  const errors: TrackingFieldErrors = {};
  if (!normaliseOrderNumber(orderNumber)) errors.orderNumber = `Enter your order number as it is on your confirmation e-mail, like ${ORDER_NUMBER_EXAMPLE}.`;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailAddress.trim())) errors.emailAddress = 'Enter the e-mail address you ordered with, like name@example.com.';
  return errors;
}

/** What to say when a tracking lookup fails. */
export function trackingProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) {
    return 'We couldn’t find an order with that number and e-mail address. Check both match your order confirmation e-mail.';
  }
  if (error instanceof ApiError && error.status === 429) return 'Too many lookups just now. Wait a minute, then try again.';
  if (error instanceof ApiError && error.status === 0) return 'We couldn’t reach the shop. Check your connection and try again.';
  if (error instanceof ApiError && error.status < 500) return error.message;
  return 'Something went wrong on our side. Please try again in a minute.';
}

/** An instant as a UK date and time: `21 November 2026 at 19:20`. */
export const formatInstant = (iso: string) => londonLongDateTime(iso);

/** The tracking page, with the order number filled in. */
export const trackOrderPath = (orderNumber?: string) => (orderNumber ? `/track-order?orderNumber=${encodeURIComponent(orderNumber)}` : '/track-order');
