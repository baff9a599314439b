import {
  CALLBACK_SLOT_NAMES,
  CATALOGUE_NAMES,
  ENQUIRY_TOPIC_NAMES,
  formatPence,
  WEEE_ITEM_TYPE_NAMES,
  WEEE_METHOD_NAMES,
  HELP_REQUEST_STATUSES,
  HELP_REQUEST_STATUS_NAMES,
  HELP_REQUEST_TYPES,
  HELP_REQUEST_TYPE_NAMES,
  type HelpInboxQuery,
  type HelpInboxSort,
  type HelpRequestStatus,
  type HelpRequestType,
} from '@shop/contracts';
import type { BadgeTone } from '../../components/ui/badge.tsx';

/** Who the inbox is for (its contract: role `order-admin`), as the pages say so. */
export const HELP_INBOX_AUDIENCE = { what: 'The help inbox', who: 'order administrators' };
export const HELP_INBOX_ROLES = ['order-admin'] as const;
export const HELP_INBOX_PAGE_SIZE = 20;
export const HELP_INBOX_PATH = '/staff/help';

// The contract's lists, repeated here: the browser's build takes no module that holds zod schemas.
export const INBOX_SORTS = ['newest', 'oldest'] as const satisfies readonly HelpInboxSort[];
/** Where staff can move a request by hand (`new` is only where one starts). */
export const STAFF_STATUSES = ['in_progress', 'waiting_for_customer', 'closed'] as const satisfies readonly HelpRequestStatus[];

export const STATUS_BADGES: Record<HelpRequestStatus, { label: string; tone: BadgeTone }> = {
  new: { label: HELP_REQUEST_STATUS_NAMES.new, tone: 'accent' },
  in_progress: { label: HELP_REQUEST_STATUS_NAMES.in_progress, tone: 'info' },
  waiting_for_customer: { label: HELP_REQUEST_STATUS_NAMES.waiting_for_customer, tone: 'neutral' },
  closed: { label: HELP_REQUEST_STATUS_NAMES.closed, tone: 'success' },
};

/** The list's filters as kept in the address (`?type=&status=&reference=&age=&from=&to=&sort=&page=`). */
export interface InboxFilters {
  type?: HelpRequestType;
  status?: HelpRequestStatus;
  reference?: string;
  /** Older than this many days, as typed. */
  age?: string;
  from?: string;
  to?: string;
  sort: HelpInboxSort;
  page: number;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;
const typed = (value: string | null, max: number) => value?.trim().slice(0, max) || undefined;

/** Reads the filters from the address: choices outside the lists are dropped; what was typed goes to the API, which says what is wrong with it. */
export function inboxFilters(search: URLSearchParams): InboxFilters {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    type: oneOf(HELP_REQUEST_TYPES, search.get('type')),
    status: oneOf(HELP_REQUEST_STATUSES, search.get('status')),
    reference: typed(search.get('reference'), 12),
    age: typed(search.get('age'), 6),
    from: typed(search.get('from'), 10),
    to: typed(search.get('to'), 10),
    sort: oneOf(INBOX_SORTS, search.get('sort')) ?? 'newest',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The inbox call's query for these filters. */
export function inboxQuery(filters: InboxFilters): HelpInboxQuery {
  return {
    type: filters.type,
    status: filters.status,
    reference: filters.reference,
    olderThanDays: filters.age,
    createdFrom: filters.from,
    createdTo: filters.to,
    sort: filters.sort,
    pageNumber: filters.page,
    pageSize: HELP_INBOX_PAGE_SIZE,
  };
}

/** The address of the list with these filters (defaults left out). */
export function inboxHref(filters: InboxFilters): string {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (filters.reference) params.set('reference', filters.reference);
  if (filters.age) params.set('age', filters.age);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return `${HELP_INBOX_PATH}${query ? `?${query}` : ''}`;
}

export const hasFilters = (filters: InboxFilters) => Boolean(filters.type || filters.status || filters.reference || filters.age || filters.from || filters.to);

/** The address of a request's page. */
export const requestHref = (reference: string) => `${HELP_INBOX_PATH}/${encodeURIComponent(reference)}`;

/** The pages other parts of the help centre give the special types. */
export function specialPage(type: HelpRequestType, reference: string): { label: string; to: string } | null {
  if (type === 'ACCOUNT_DELETION') return { label: 'Review the erasure', to: `${requestHref(reference)}/erasure` };
  if (type === 'UNWANTED_ITEMS') return { label: 'Manage this return', to: `${requestHref(reference)}/return` };
  return null;
}

export const typeName = (type: HelpRequestType) => HELP_REQUEST_TYPE_NAMES[type];

/** "question", "competitorPricePence" → "Question", "Competitor price": a field name of a form, for staff to read. */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/Pence$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : name;
}

/** A field's value as text: lists joined, objects as their fields, yes and no for true and false. */
/** The words customers chose from, by the form field that offered them: staff read those, not the codes. */
const CHOICE_NAMES: Record<string, Record<string, string>> = {
  topic: ENQUIRY_TOPIC_NAMES,
  oldItemType: WEEE_ITEM_TYPE_NAMES,
  method: WEEE_METHOD_NAMES,
  slot: CALLBACK_SLOT_NAMES,
  catalogue: CATALOGUE_NAMES,
};

export function fieldValue(value: unknown, name?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (name && typeof value === 'string' && CHOICE_NAMES[name]?.[value]) return CHOICE_NAMES[name][value];
  // Money is kept in pence (`competitorPricePence`): shown in pounds.
  if (name?.endsWith('Pence') && typeof value === 'number') return formatPence(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => fieldValue(item)).join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${fieldLabel(key)}: ${fieldValue(inner)}`)
      .join('; ');
  return JSON.stringify(value) ?? '—';
}

export { formatBytes } from '../file-size.ts';
