import { and, asc, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '../../platform/context.ts';
import { watchCache } from '../../platform/cache.ts';
import { writeUnderWay } from '../../db/writers.ts';
import { ReviewSearchIndex, type IndexedReview } from './review-search-index.ts';
import { reviews, reviewWords } from './reviews.tables.ts';

/**
 * Staff search's in-memory index of every review (decision 0043), one per database, kept current
 * by the change numbers every insert and update of a review takes (`reviews.changed_seq`,
 * migration 0032). Before each search it reads the rows changed since it last looked, so a search
 * sees every change committed before it was asked, on any instance. The numbers come from a
 * sequence, taken before a writer commits: a look that found a writer under way reads the same
 * numbers again next time, until a look finds none (db/writers.ts).
 *
 * The first load is started when the shop starts (`loadReviewSearchIndex`); about 10 s at
 * 1,000,000 reviews, a search asked meanwhile waits for it.
 */
type Db = ServiceContext['db'];

/**
 * Rows read per query while loading: each slice is parsed and indexed between requests. 5,000 held
 * the thread for 20–25 ms a slice (pg's parsing, then the index's words), so every start and every
 * reload stalled product pages for 10 s; 1,000 hold it for about 5 ms, and the load takes as long.
 */
const LOAD_SLICE = 1000;
/** Room for the reviews written while the index lives, so its arrays are not copied whole (tens of ms) to grow. */
const ROOM_TO_GROW = 1.25;
/** More changes than this since the last look: loading afresh is quicker than catching up. */
const CATCH_UP_AT_MOST = 50_000;
/** Whatever the changes, the index is loaded afresh this often: a safety net (a review removed with its product). */
const RELOAD_AFTER_MS = 30 * 60_000;
/** How long a load waits for a moment when no review is being written, before loading anyway (and again soon). */
const QUIET_WAIT_MS = 5000;
const QUIET_POLL_MS = 20;

interface Kept {
  index: ReviewSearchIndex | null;
  /** Every change numbered up to here is in the index. */
  seen: number;
  loadedAt: number;
  loading: Promise<void> | null;
  /** The look under way, and the one that will follow it for callers who arrived after it began. */
  looking: Promise<void> | null;
  nextLook: Promise<void> | null;
}
const kept = new WeakMap<Db, Kept>();
const figures = { searches: 0, reviews: 0, bytes: 0 };
watchCache('reviews-search-index', () => ({
  entries: figures.reviews,
  bytes: figures.bytes,
  maxEntries: 0,
  maxBytes: null,
  hits: figures.searches,
  misses: 0,
  evictions: 0,
}));

const FACTS = {
  id: reviews.id,
  rating: reviews.rating,
  status: reviews.status,
  source: reviews.source,
  photoCount: reviews.photoCount,
  productId: reviews.productId,
  // To the microsecond, as the database orders reviews written in one millisecond.
  createdAt: sql<number>`(extract(epoch from ${reviews.createdAt}) * 1000)::float8`,
  helpfulCount: reviews.helpfulCount,
  texts: sql<string>`${reviewWords(reviews)}`,
  /** The date to the microsecond, as the next slice of a load starts after it (a Date keeps milliseconds). */
  createdKey: sql<string>`${reviews.createdAt}::text`,
};
type Facts = IndexedReview & { createdKey: string };

/** What the index keeps of each review `where` finds (oldest first when `slice` is given). */
async function readFacts(db: Db, where: SQL | undefined, slice?: number): Promise<Facts[]> {
  const query = db.select(FACTS).from(reviews).where(where);
  return slice === undefined ? await query : await query.orderBy(asc(reviews.createdAt), asc(reviews.id)).limit(slice);
}

async function changeNumber(db: Db): Promise<number> {
  const result = (await db.execute(sql`select case when is_called then last_value else 0 end::text as seen from review_changes`)) as unknown as {
    rows: { seen: string }[];
  };
  return Number(result.rows[0]!.seen);
}

/** The change number, read at a moment no review was being written (or after QUIET_WAIT_MS, with `settled` false). */
async function settledChangeNumber(db: Db): Promise<{ seen: number; settled: boolean }> {
  const giveUpAt = Date.now() + QUIET_WAIT_MS;
  for (;;) {
    const seen = await changeNumber(db);
    if (!(await writeUnderWay(db, ['reviews']))) return { seen, settled: true };
    if (Date.now() >= giveUpAt) return { seen, settled: false };
    await new Promise((resolve) => setTimeout(resolve, QUIET_POLL_MS));
  }
}

async function reviewsInTable(db: Db): Promise<number> {
  const result = (await db.execute(sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'reviews'::regclass`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** Every review, oldest first (so the index's rows are in date order, which its newest and oldest sorts use). */
async function load(db: Db, entry: Kept): Promise<void> {
  const { seen, settled } = await settledChangeNumber(db);
  const index = new ReviewSearchIndex((await reviewsInTable(db)) * ROOM_TO_GROW + 1024);
  let after: Facts | null = null;
  for (;;) {
    const rows = await readFacts(
      db,
      after ? sql`(${reviews.createdAt}, ${reviews.id}) > (${after.createdKey}::timestamptz, ${after.id})` : undefined,
      LOAD_SLICE,
    );
    for (const row of rows) index.upsert(row);
    if (rows.length < LOAD_SLICE) break;
    after = rows.at(-1)!;
  }
  entry.index = index;
  entry.seen = seen;
  // A writer that never let up: what it wrote shows when the index is loaded again, in a minute.
  entry.loadedAt = settled ? Date.now() : Date.now() - RELOAD_AFTER_MS + 60_000;
  figures.reviews = index.size;
  figures.bytes = index.bytes;
}

/** Reads the reviews changed since the index last looked. */
async function catchUp(db: Db, entry: Kept): Promise<void> {
  const index = entry.index!;
  const upTo = await changeNumber(db);
  const writing = await writeUnderWay(db, ['reviews']);
  if (upTo <= entry.seen) return;
  if (upTo - entry.seen > CATCH_UP_AT_MOST) return reload(db, entry);
  for (const row of await readFacts(db, and(gt(reviews.changedSeq, entry.seen), lte(reviews.changedSeq, upTo)))) index.upsert(row);
  // Loaded afresh meanwhile, the new index has its own reading of where it stands.
  if (!writing && entry.index === index) entry.seen = upTo;
  figures.reviews = index.size;
  figures.bytes = index.bytes;
}

function reload(db: Db, entry: Kept): Promise<void> {
  entry.loading ??= load(db, entry).finally(() => {
    entry.loading = null;
  });
  return entry.loading;
}

/** A look that began after this call: one begun before may have read before a change this caller made. */
function look(db: Db, entry: Kept): Promise<void> {
  if (!entry.looking) {
    entry.looking = catchUp(db, entry).finally(() => {
      entry.looking = null;
    });
    return entry.looking;
  }
  entry.nextLook ??= entry.looking
    .catch(() => {})
    .then(() => {
      entry.nextLook = null;
      return look(db, entry);
    });
  return entry.nextLook;
}

function keptFor(db: Db): Kept {
  let entry = kept.get(db);
  if (!entry) {
    const created: Kept = { index: null, seen: 0, loadedAt: 0, loading: null, looking: null, nextLook: null };
    reload(db, created).catch(() => {
      // Tried again by the next search.
      if (kept.get(db) === created) kept.delete(db);
    });
    kept.set(db, created);
    entry = created;
  }
  return entry;
}

/** Starts loading `db`'s index, so the first search need not wait for it. */
export function loadReviewSearchIndex(db: Db): void {
  keptFor(db);
}

/** The index of `db`'s reviews, with every change committed before this call. */
export async function reviewSearchIndex(db: Db): Promise<ReviewSearchIndex> {
  const entry = keptFor(db);
  while (!entry.index) await (entry.loading ?? reload(db, entry));
  if (Date.now() - entry.loadedAt >= RELOAD_AFTER_MS) reload(db, entry).catch(() => {});
  await look(db, entry);
  figures.searches += 1;
  return entry.index!;
}
