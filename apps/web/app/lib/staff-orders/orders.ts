import { formatPence, ORDER_STATUSES, type Order, type OrderStatus, type OrderSummary } from '@shop/contracts';
import { ApiError } from '@shop/api-client';
import type { BadgeTone } from '../../components/ui/badge.tsx';
import { apiProblemMessage } from '../api-problem.ts';
import { STATUS_NAMES } from '../checkout/order-tracking.ts';

/** Who the order pages are for (their contract: role `order-admin`), as the pages say so. */
export const ORDERS_AUDIENCE = { what: 'Handling orders', who: 'order administrators' };
export const ORDER_ROLES = ['order-admin'] as const;

export const ORDERS_PAGE_SIZE = 20;

/** A page of the search's answer (`OrderPage` in the contract). */
export interface OrderPage {
  items: OrderSummary[];
  pageNumber: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export const STATUS_BADGES: Record<OrderStatus, { label: string; tone: BadgeTone }> = {
  placed: { label: STATUS_NAMES.placed, tone: 'accent' },
  processing: { label: STATUS_NAMES.processing, tone: 'info' },
  picking: { label: STATUS_NAMES.picking, tone: 'info' },
  dispatched: { label: STATUS_NAMES.dispatched, tone: 'info' },
  delivered: { label: STATUS_NAMES.delivered, tone: 'success' },
  cancelled: { label: STATUS_NAMES.cancelled, tone: 'neutral' },
  refunded: { label: STATUS_NAMES.refunded, tone: 'sale' },
};

// ── the list's filters, kept in the address ────────────────────────────────────────────────────

/** The list's search, status and page, as kept in the address (`?q=&status=&page=`). */
export interface OrderFilters {
  q?: string;
  status?: OrderStatus;
  page: number;
}

/** Reads the filters from the address, dropping anything the API would refuse. */
export function orderFilters(search: URLSearchParams): OrderFilters {
  const q = search.get('q')?.trim().slice(0, 120) || undefined;
  const status = search.get('status') ?? '';
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    q,
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : undefined,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The search call's query for these filters. */
export const searchQuery = ({ q, status, page }: OrderFilters) => ({ search: q, status, pageNumber: page, pageSize: ORDERS_PAGE_SIZE });

/** The address of the list with these filters (page 1 and empty filters left out). */
export function ordersHref(filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return `/staff/orders${query ? `?${query}` : ''}`;
}

export const hasFilters = (filters: OrderFilters) => Boolean(filters.q || filters.status);

/** The address of an order's page. */
export const orderHref = (orderNumber: string) => `/staff/orders/${encodeURIComponent(orderNumber)}`;

// ── showing an order ───────────────────────────────────────────────────────────────────────────

/** "1 item", "3 items: Oval basin and 1 more". */
export function itemsText(itemCount: number, firstLine: string | null, lineCount?: number): string {
  const count = `${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
  if (!firstLine) return count;
  const others = (lineCount ?? 1) - 1;
  return others > 0 ? `${count}: ${firstLine} and ${others} more` : `${count}: ${firstLine}`;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** A calendar day from the API (`2026-11-24`) → "Tue 24 Nov 2026" (a day, not an instant: no time zone shift). */
export const formatCalendarDay = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

/** When the delivery option said it would arrive: "On Tue 24 Nov 2026", "Tue 24 Nov 2026 to Thu 26 Nov 2026", or null. */
export function deliveryWhen(delivery: Pick<Order['delivery'], 'date' | 'earliestDate' | 'latestDate'>): string | null {
  if (delivery.date) return `On ${formatCalendarDay(delivery.date)}`;
  const { earliestDate: from, latestDate: to } = delivery;
  if (from && to && from !== to) return `${formatCalendarDay(from)} to ${formatCalendarDay(to)}`;
  if (from ?? to) return `From ${formatCalendarDay((from ?? to)!)}`;
  return null;
}

/** An address as the lines of a label. */
export function addressLines(address: NonNullable<Order['deliveryAddress']>): string[] {
  return [address.name, address.company, address.line1, address.line2, address.town, address.county, address.postcode].filter((line): line is string =>
    Boolean(line?.trim()),
  );
}

/** "Visa ending 4242", or the method when no card was used. */
export function paymentText(payment: Pick<Order['payment'], 'method' | 'cardBrand' | 'cardLast4' | 'status'>): string {
  if (payment.cardLast4) return `${payment.cardBrand ? capitalise(payment.cardBrand) : 'Card'} ending ${payment.cardLast4}`;
  return capitalise(payment.method.replaceAll('_', ' '));
}
/** "Captured", "£10.00 of £49.99 refunded", "Refunded in full". */
export function paymentStatusText(payment: Pick<Order['payment'], 'status' | 'refundedPence' | 'capturedPence'>): string {
  if (payment.refundedPence >= payment.capturedPence && payment.refundedPence > 0) return 'Refunded in full';
  if (payment.refundedPence > 0) return `${formatPence(payment.refundedPence)} of ${formatPence(payment.capturedPence)} refunded`;
  return capitalise(payment.status.replaceAll('_', ' '));
}
const capitalise = (text: string) => (text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text);

// ── moving an order on ─────────────────────────────────────────────────────────────────────────

/** The fulfilment steps staff can move an order to, in order (as the API's flow). */
export const FORWARD_STEPS = ['processing', 'picking', 'dispatched', 'delivered'] as const;
export type ForwardStep = (typeof FORWARD_STEPS)[number];
const FLOW: readonly OrderStatus[] = ['placed', ...FORWARD_STEPS];

export const STEP_ACTIONS: Record<ForwardStep, { label: string; hint: string; done: string }> = {
  processing: { label: 'Mark processing', hint: 'Payment checked; the order is being prepared.', done: 'is now processing' },
  picking: { label: 'Start picking', hint: 'The items are being picked in the warehouse.', done: 'is being picked' },
  dispatched: { label: 'Mark dispatched', hint: 'Handed to the carrier: needs the carrier and tracking number.', done: 'is dispatched' },
  delivered: { label: 'Mark delivered', hint: 'The customer has it (or collected it).', done: 'is delivered' },
};

/** The moves the API allows from a status: any later step; none from delivered, cancelled or refunded. */
export function nextSteps(status: OrderStatus): ForwardStep[] {
  const from = FLOW.indexOf(status);
  if (from === -1) return [];
  return FORWARD_STEPS.filter((step) => FLOW.indexOf(step) > from);
}

/** The carriers whose tracking pages the API links to. */
export const CARRIERS = ['DPD', 'Royal Mail', 'Parcelforce'] as const;

export interface AdvanceValues {
  status: ForwardStep;
  carrier: string;
  trackingNumber: string;
  note: string;
}

/** The advance call's body: carrier and tracking only for dispatching, empty text left out. */
export function advanceBody(values: AdvanceValues) {
  const text = (value: string) => value.trim() || undefined;
  const dispatching = values.status === 'dispatched';
  return {
    status: values.status,
    carrier: dispatching ? text(values.carrier) : undefined,
    trackingNumber: dispatching ? text(values.trackingNumber) : undefined,
    note: text(values.note),
  };
}

export type AdvanceField = 'carrier' | 'trackingNumber' | 'note';
export interface AdvanceProblem {
  fields: Partial<Record<AdvanceField, string>>;
  /** The API's sentence for the whole request (shown above the button). */
  summary: string;
  /** The order moved on meanwhile (someone else changed it): reload to see where it is now. */
  stale: boolean;
}

const FIELDS: readonly AdvanceField[] = ['carrier', 'trackingNumber', 'note'];

/**
 * Where the API's refusal belongs: its `errors[]` next to their fields (path `body.<field>`). The
 * tracking-required error names only the tracking number, so an empty carrier gets its own word.
 */
export function advanceProblem(error: unknown, values: AdvanceValues): AdvanceProblem {
  const problem: AdvanceProblem = { fields: {}, summary: apiProblemMessage(error), stale: false };
  if (!(error instanceof ApiError)) return problem;
  const data = error.data as { code?: unknown; errors?: { path?: unknown; message?: unknown }[] } | null | undefined;
  for (const item of Array.isArray(data?.errors) ? data.errors : []) {
    const field = typeof item.path === 'string' ? item.path.replace(/^body\./, '') : '';
    if ((FIELDS as readonly string[]).includes(field) && typeof item.message === 'string') problem.fields[field as AdvanceField] ??= item.message;
  }
  if (data?.code === 'ORDER_TRACKING_REQUIRED' && !values.carrier.trim()) problem.fields.carrier ??= 'Choose the carrier';
  problem.stale = data?.code === 'ORDER_STATUS_NOT_ALLOWED';
  return problem;
}
