import { eq, getTableColumns, max, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../platform/context.ts';
import { answerWeight, LruCache, watchCache } from '../../platform/cache.ts';
import { matchedOf, type CountGroup } from './review-search-rules.ts';
import { reviewEvents, reviewSummaries } from './reviews.tables.ts';

/**
 * A product's review listings and summary kept per process (decision 0037), keyed by the version
 * of the product's `review_summaries` row: its `xmin`, the id of the transaction that last wrote
 * it. Every publish and take-down changes that row in its own transaction (summaries.ts), so the
 * first read after one commits, on any instance, finds a new version and misses: a publish shows
 * at once everywhere, with no message between instances. Reading the version is one primary-key
 * lookup, which also gives the published counts (a listing's total without counting rows).
 * `updated_at` alone would not do: two publishes in one millisecond (or under a test's frozen
 * clock) would leave it unchanged. What changes a published review without changing its
 * product's figures (a helpful vote; anything else done to a published review that does not write
 * the summary row) shows when its entry ages out, after ANSWER_TTL_MS.
 */
type Db = ServiceContext['db'];
export type SummaryRow = typeof reviewSummaries.$inferSelect;

/** How long a kept answer may be served: helpful counts lag by at most this much. */
export const ANSWER_TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;
/** Listing pages are a few kB each: this keeps thousands, and no flood of odd queries can grow the process past it. */
const MAX_BYTES = 32 * 1024 * 1024;

const answers = new LruCache<string, Promise<unknown>>({ maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, sizeOf: () => 0, ttlMs: ANSWER_TTL_MS });
watchCache('reviews-listings', () => answers.stats());

// A process has one database; tests open several, whose answers must never meet.
const databaseIds = new WeakMap<object, number>();
let databasesSeen = 0;
const databaseId = (db: Db): number => {
  let id = databaseIds.get(db);
  if (id === undefined) {
    databasesSeen += 1;
    id = databasesSeen;
    databaseIds.set(db, id);
  }
  return id;
};

/** The product's summary row (undefined before its first published review) and the version answers are kept under. */
export async function summaryWithVersion(db: Db, productId: number): Promise<{ row: SummaryRow | undefined; version: string }> {
  const [found] = await db
    .select({ ...getTableColumns(reviewSummaries), version: sql<string>`xmin::text` })
    .from(reviewSummaries)
    .where(eq(reviewSummaries.productId, productId));
  if (!found) return { row: undefined, version: 'none' };
  const { version, ...row } = found;
  return { row, version };
}

/**
 * The answer kept for `key` under `version`, or `load()`'s, kept for the next callers. Callers
 * arriving while it loads share the one load; the same object is handed to each, so the HTTP layer
 * writes it out and hashes its ETag once (platform/bind.ts).
 */
export function keptAnswer<T>(db: Db, key: string, version: string, load: () => Promise<T>): Promise<T> {
  const cacheKey = `${databaseId(db)}|${version}|${key}`;
  return answers.getOrLoad(cacheKey, load as () => Promise<unknown>, Date.now(), (answer) => answerWeight(cacheKey, answer)) as Promise<T>;
}

/**
 * Staff search's counts (by rating, status and source, review-search-rules.ts) for what its words,
 * photos and products match, kept when they took many reviews to count (KEEP_COUNTS_FROM): a broad
 * search (the pending queue: every review) costs a scan of an index of them all, too slow to repeat
 * for each page and each moderator. Kept counts are keyed by the newest `review_events` row, which
 * every review written, published or rejected adds: after one, the next search counts again. What
 * changes reviews without a history row (a photo added) shows within FRESH_COUNTS_MS: an entry
 * older than that is still served while it is counted again, and one not asked for in
 * MAX_COUNTS_AGE_MS is counted before it is served. Narrow searches are counted every time.
 */
export const KEEP_COUNTS_FROM = 10_000;
export const FRESH_COUNTS_MS = 30_000;
const MAX_COUNTS_AGE_MS = 5 * 60_000;

interface KeptCounts {
  version: number;
  at: number;
  groups: Promise<CountGroup[]>;
  refreshing: boolean;
}
const keptCounts = new LruCache<string, KeptCounts>({ maxEntries: 2_000 });
let countingAgain = false;
watchCache('reviews-search-counts', () => keptCounts.stats());

/** Moves on with every review written, published or rejected: the newest history row. */
async function reviewsVersion(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(reviewEvents.id) }).from(reviewEvents);
  return Number(row?.id ?? 0);
}

/** The search's counts: kept ones while the reviews have not changed (see above), else counted by `count()`. */
export async function searchCounts(db: Db, baseKey: string, query: () => PromiseLike<CountGroup[]>): Promise<CountGroup[]> {
  // A query builder runs again for every `then`: one promise of its rows is what is kept and shared.
  const count = async () => query();
  const version = await reviewsVersion(db);
  const key = `${databaseId(db)}|${baseKey}`;
  const now = Date.now();
  const entry = keptCounts.get(key);
  if (entry && entry.version === version && now - entry.at < MAX_COUNTS_AGE_MS) {
    // One count again at a time in the background: a broad one takes a core for a while, and the kept counts serve meanwhile.
    if (now - entry.at >= FRESH_COUNTS_MS && !entry.refreshing && !countingAgain) {
      entry.refreshing = true;
      countingAgain = true;
      count()
        .then(
          (groups) => (matchedOf(groups) >= KEEP_COUNTS_FROM ? keptCounts.set(key, keptFor(version, now, Promise.resolve(groups))) : keptCounts.delete(key)),
          () => {
            entry.refreshing = false;
          },
        )
        .finally(() => {
          countingAgain = false;
        });
    }
    return entry.groups;
  }
  const groups = count();
  const counted = keptFor(version, now, groups);
  // Callers arriving while it counts share the count; a small or failed one is not kept.
  keptCounts.set(key, counted);
  groups.then(
    (found) => {
      if (matchedOf(found) < KEEP_COUNTS_FROM && keptCounts.get(key) === counted) keptCounts.delete(key);
    },
    () => {
      if (keptCounts.get(key) === counted) keptCounts.delete(key);
    },
  );
  return groups;
}

const keptFor = (version: number, at: number, groups: Promise<CountGroup[]>): KeptCounts => ({ version, at, groups, refreshing: false });
