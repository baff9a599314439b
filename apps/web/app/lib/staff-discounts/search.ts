import { PROMOTION_STATUSES, SALES_CHANNELS, type PromotionStatus, type SalesChannel } from '@shop/contracts';

export const DISCOUNTS_PAGE_SIZE = 20;

/** The list's filters and page, as kept in the address (`?text=&channel=&status=&from=&to=&page=`). */
export interface DiscountFilters {
  text?: string;
  channel?: SalesChannel;
  status?: PromotionStatus;
  from?: string;
  to?: string;
  page: number;
}

const CHANNEL_VALUES: readonly number[] = Object.values(SALES_CHANNELS);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** Reads the filters from the address, dropping anything the API would refuse. */
export function discountFilters(search: URLSearchParams): DiscountFilters {
  const text = search.get('text')?.trim().slice(0, 100) || undefined;
  const channel = Number(search.get('channel'));
  const status = search.get('status');
  const from = search.get('from');
  const to = search.get('to');
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    text,
    channel: CHANNEL_VALUES.includes(channel) ? (channel as SalesChannel) : undefined,
    status: (PROMOTION_STATUSES as readonly string[]).includes(status ?? '') ? (status as PromotionStatus) : undefined,
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The search call's query for these filters. */
export function searchQuery({ page, ...filters }: DiscountFilters) {
  return { ...filters, pageNumber: page, pageSize: DISCOUNTS_PAGE_SIZE };
}

/** The address of the list with these filters (page 1 and empty filters left out). */
export function discountsHref(filters: DiscountFilters): string {
  const params = new URLSearchParams();
  if (filters.text) params.set('text', filters.text);
  if (filters.channel) params.set('channel', String(filters.channel));
  if (filters.status) params.set('status', filters.status);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return `/staff/discounts${query ? `?${query}` : ''}`;
}

export const hasFilters = (filters: DiscountFilters) => Boolean(filters.text || filters.channel || filters.status || filters.from || filters.to);
