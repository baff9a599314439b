import { londonSortableDateTime, REVIEW_REJECTION_REASON_NAMES } from '@shop/contracts';
import { toCsv } from '../staff-discounts/csv.ts';
import { HOLD_REASON_NAMES, STATUS_BADGES, shownText, shownTitle, type QueueReview } from './queue.ts';

/**
 * The moderation queue's "Download CSV" (issue 21), made in the browser from the search calls (the
 * moderator's token lives there): the rows, the columns, the file's name, and reading every page of
 * a search up to a cap. Fields are escaped and guarded against spreadsheet formulas by `toCsv`.
 */

/** At most this many reviews in one file: narrow the search for more. */
export const REVIEWS_CSV_CAP = 10_000;

export const REVIEWS_CSV_HEADINGS = [
  'Review id',
  'Date',
  'Status',
  'Product code',
  'Product name',
  'Rating',
  'Title',
  'Text',
  'Author',
  'Town',
  'Verified purchase',
  'Held reason',
  'Rejection reason',
  'Helpful votes',
] as const;

/** The day and time in the UK, sortable in a spreadsheet: "2026-11-03 14:05". */
export const csvTime = (iso: string): string => londonSortableDateTime(iso);

/** One review as a row: the title and text as shoppers see them (the moderator's edit when there is one), words for codes. */
export function reviewCsvRow(review: QueueReview): (string | number | null)[] {
  return [
    review.id,
    csvTime(review.createdAt),
    STATUS_BADGES[review.status].label,
    review.sku,
    review.productName,
    review.rating,
    shownTitle(review),
    shownText(review),
    review.displayName,
    review.town,
    review.verifiedPurchase ? 'Yes' : 'No',
    review.heldReason ? HOLD_REASON_NAMES[review.heldReason] : null,
    review.rejectionReason ? REVIEW_REJECTION_REASON_NAMES[review.rejectionReason] : null,
    review.helpfulCount,
  ];
}

/** The file's text: the headings, then a row per review (CRLF between rows). */
export const reviewsCsv = (reviews: readonly QueueReview[]) => toCsv([REVIEWS_CSV_HEADINGS, ...reviews.map(reviewCsvRow)]);

/** "reviews-pending-2026-11-21.csv" (the day in the UK, as the file is made). */
export const reviewsCsvFilename = (tab: string, now: Date) => `reviews-${tab}-${csvTime(now.toISOString()).slice(0, 10)}.csv`;

export interface SearchPage<T> {
  items: readonly T[];
  totalCount: number;
  totalPages: number;
}

/**
 * Every page of a search, one after another, up to `cap` items: a review seen on an earlier page
 * (the queue moved on meanwhile) is kept once. `onProgress` hears how many are read of how many.
 */
export async function readAllPages<T extends { id: string }>(
  readPage: (page: number) => Promise<SearchPage<T>>,
  onProgress: (read: number, total: number) => void,
  cap = REVIEWS_CSV_CAP,
): Promise<{ items: T[]; totalCount: number; capped: boolean }> {
  const seen = new Map<string, T>();
  let totalCount = 0;
  for (let page = 1; ; page += 1) {
    const answer = await readPage(page);
    totalCount = answer.totalCount;
    for (const item of answer.items) if (seen.size < cap && !seen.has(item.id)) seen.set(item.id, item);
    onProgress(seen.size, Math.min(totalCount, cap));
    if (seen.size >= cap || answer.items.length === 0 || page >= answer.totalPages) break;
  }
  return { items: [...seen.values()], totalCount, capped: totalCount > seen.size && seen.size >= cap };
}
