import {
  londonShortDate,
  REVIEW_HOLD_REASONS,
  REVIEW_REJECTION_REASON_NAMES,
  REVIEW_REJECTION_REASONS,
  REVIEW_SOURCES,
  type AdvancedReviewSearch,
  type ModeratedReview,
  type ReviewForModeration,
  type ReviewHoldReason,
  type ReviewRejectionReason,
  type ReviewSearchSort,
  type ReviewSource,
  type ReviewStatus,
  type StaffReview,
} from '@shop/contracts';
import type { BadgeTone } from '../../components/ui/badge.tsx';

/**
 * The staff moderation queue (`/staff/reviews`, issue 21): who it is for, its filters as kept in
 * the address, the search call's body, and the words for statuses, holds and reasons.
 */

/** Who the moderation pages are for (their contracts: role `review-moderator`), as the pages say so. */
export const REVIEWS_AUDIENCE = { what: 'Moderating reviews', who: 'review moderators' };
export const REVIEW_ROLES = ['review-moderator'] as const;
export const REVIEWS_PATH = '/staff/reviews';
export const REVIEWS_PAGE_SIZE = 20;
/** The search's largest page (the contract's REVIEW_SEARCH_MAX_SIZE): the export reads pages of this size. */
export const REVIEWS_SEARCH_MAX_SIZE = 100;

// The contract's lists, repeated here: the browser's build takes no module that holds zod schemas.
export const REVIEW_SORTS = ['newest', 'oldest', 'highest', 'lowest', 'most_helpful'] as const satisfies readonly ReviewSearchSort[];
export const SORT_NAMES: Record<ReviewSearchSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  highest: 'Highest rated first',
  lowest: 'Lowest rated first',
  most_helpful: 'Most helpful first',
};

/** The queue's tabs: a status, or every review. */
export const REVIEW_TABS = ['pending', 'published', 'rejected', 'all'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];
export const TAB_NAMES: Record<ReviewTab, string> = { pending: 'Pending', published: 'Published', rejected: 'Rejected', all: 'All reviews' };

export const STATUS_BADGES: Record<ReviewStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'accent' },
  published: { label: 'Published', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'neutral' },
};

/** What the first pass found, as "Held: phone number" says it. */
export const HOLD_REASON_NAMES: Record<ReviewHoldReason, string> = {
  link: 'link',
  email_address: 'e-mail address',
  phone_number: 'phone number',
  profanity: 'profanity',
  duplicate: 'copy of an earlier review',
};
export const heldLabel = (reason: ReviewHoldReason) => `Held: ${HOLD_REASON_NAMES[reason]}`;

export const SOURCE_NAMES: Record<ReviewSource, string> = { Website: 'Website', VerifiedOrder: 'From an order (verified)' };

/** The only reasons a review can be rejected, with their names (never "negative": there is no such reason). */
export const REJECTION_REASON_OPTIONS = REVIEW_REJECTION_REASONS.map((value) => ({ value, label: REVIEW_REJECTION_REASON_NAMES[value] }));
export const isRejectionReason = (value: unknown): value is ReviewRejectionReason =>
  typeof value === 'string' && (REVIEW_REJECTION_REASONS as readonly string[]).includes(value);

// ── the queue's filters, kept in the address ───────────────────────────────────────────────────

/** `?status=&q=&from=&to=&photos=&verified=&source=&brand=&category=&sort=&page=`: the waiting tab, oldest first, by default. */
export interface ReviewFilters {
  tab: ReviewTab;
  q?: string;
  ratingFrom?: number;
  ratingTo?: number;
  photos?: 'with' | 'without';
  verifiedOnly: boolean;
  source?: ReviewSource;
  brand?: string;
  category?: string;
  /** As chosen; else the tab's own order (`defaultSort`). */
  sort?: ReviewSearchSort;
  page: number;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;
const typed = (value: string | null, max: number) => value?.trim().slice(0, max) || undefined;
const stars = (value: string | null) => {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= 1 && number <= 5 ? number : undefined;
};

/** The waiting queue is worked oldest first; everything else reads newest first. */
export const defaultSort = (tab: ReviewTab): ReviewSearchSort => (tab === 'pending' ? 'oldest' : 'newest');
export const sortOf = (filters: ReviewFilters): ReviewSearchSort => filters.sort ?? defaultSort(filters.tab);

/** Reads the filters from the address: choices outside the lists are dropped; what was typed goes to the API, which says what is wrong with it. */
export function reviewFilters(search: URLSearchParams): ReviewFilters {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    tab: oneOf(REVIEW_TABS, search.get('status')) ?? 'pending',
    q: typed(search.get('q'), 200),
    ratingFrom: stars(search.get('from')),
    ratingTo: stars(search.get('to')),
    photos: oneOf(['with', 'without'] as const, search.get('photos')),
    verifiedOnly: search.get('verified') === '1',
    source: oneOf(REVIEW_SOURCES, search.get('source')),
    brand: typed(search.get('brand'), 100),
    category: typed(search.get('category'), 200),
    sort: oneOf(REVIEW_SORTS, search.get('sort')),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The address of the queue with these filters (defaults left out). */
export function reviewsHref(filters: ReviewFilters): string {
  const params = new URLSearchParams();
  if (filters.tab !== 'pending') params.set('status', filters.tab);
  if (filters.q) params.set('q', filters.q);
  if (filters.ratingFrom) params.set('from', String(filters.ratingFrom));
  if (filters.ratingTo) params.set('to', String(filters.ratingTo));
  if (filters.photos) params.set('photos', filters.photos);
  if (filters.verifiedOnly) params.set('verified', '1');
  if (filters.source) params.set('source', filters.source);
  if (filters.brand) params.set('brand', filters.brand);
  if (filters.category) params.set('category', filters.category);
  if (filters.sort && filters.sort !== defaultSort(filters.tab)) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return `${REVIEWS_PATH}${query ? `?${query}` : ''}`;
}

/** Whether anything narrows the tab (the tab and the order do not). */
export const hasFilters = (filters: ReviewFilters) =>
  Boolean(filters.q || filters.ratingFrom || filters.ratingTo || filters.photos || filters.verifiedOnly || filters.source || filters.brand || filters.category);

/** The advanced search's body for these filters, at `page` of `size`. */
export function searchBody(filters: ReviewFilters, page = filters.page, size = REVIEWS_PAGE_SIZE): AdvancedReviewSearch {
  return {
    text: filters.q,
    ratingFrom: filters.ratingFrom,
    ratingTo: filters.ratingTo,
    hasPhotos: filters.photos === undefined ? undefined : filters.photos === 'with',
    verifiedOnly: filters.verifiedOnly || undefined,
    source: filters.source,
    brand: filters.brand,
    category: filters.category,
    status: filters.tab === 'all' ? undefined : filters.tab,
    sort: sortOf(filters),
    page,
    size,
  };
}

/** The holds, for the history's "held: phone_number" notes. */
export function historyNote(note: string | null): string | null {
  if (!note) return null;
  const held = /^held: (\w+)$/.exec(note)?.[1];
  if (held && (REVIEW_HOLD_REASONS as readonly string[]).includes(held)) return heldLabel(held as ReviewHoldReason);
  return note.charAt(0).toUpperCase() + note.slice(1);
}

/** A review's page. */
export const reviewHref = (reviewId: string) => `${REVIEWS_PATH}/${encodeURIComponent(reviewId)}`;
/** A product's insights page. */
export const insightsHref = (sku: string) => `${REVIEWS_PATH}/insights/${encodeURIComponent(sku)}`;

/** A review as the queue shows it: the search's answer, or its moderation page's after a change. */
export type QueueReview = Omit<StaffReview, 'productId'>;

/** The review as the queue shows it, from its moderation page's answer (after a change, or read again). */
export function queueReviewOf(review: ReviewForModeration): QueueReview {
  return {
    id: review.reviewId,
    sku: review.sku,
    productName: review.productName,
    productSlug: review.productSlug,
    source: review.source,
    rating: review.rating,
    displayName: review.displayName,
    town: review.town,
    verifiedPurchase: review.verifiedPurchase,
    helpfulCount: review.helpfulCount,
    photoCount: review.photoCount,
    createdAt: review.createdAt,
    ...moderationFields(review),
  };
}

/** The title and text as shown to shoppers: the moderator's edit when there is one. */
export const shownTitle = (review: Pick<StaffReview, 'title' | 'publishedTitle'>) => review.publishedTitle ?? review.title;
export const shownText = (review: Pick<StaffReview, 'text' | 'publishedText'>) => review.publishedText ?? review.text;

/** "3 Nov 2026" (UK time). */
export const formatDay = (iso: string) => londonShortDate(iso);

/** What moderating changes of a review, from a moderator call's answer (shown words: the edit, when there is one). */
function moderationFields(moderated: ModeratedReview) {
  return {
    status: moderated.status,
    version: moderated.version,
    heldReason: moderated.heldReason,
    rejectionReason: moderated.rejectionReason,
    title: moderated.authorTitle,
    text: moderated.authorText,
    publishedTitle: moderated.edited && moderated.title !== moderated.authorTitle ? moderated.title : null,
    publishedText: moderated.edited && moderated.text !== moderated.authorText ? moderated.text : null,
    edited: moderated.edited,
    shopReply: moderated.shopReply,
    photos: moderated.photos,
    moderatedAt: moderated.moderatedAt,
  };
}
