import type { ServiceContext } from '../../../platform/context.ts';
import type { CacheStats } from '../../../platform/cache.ts';
import type { ReviewSearch, ReviewSource, SourcedReview } from '../search.port.ts';
import { ReviewSearchIndex } from './review-search-index.ts';
import { facetsOf, totalOf } from './review-search-rules.ts';

/**
 * Staff search's in-memory index of every review (decision 0043), one per database, kept current
 * by the change numbers every insert and update of a review takes (`reviews.changed_seq`,
 * migration 0032). Before each search it reads the rows changed since it last looked, so a search
 * sees every change committed before it was asked, on any instance. The numbers come from a
 * sequence, taken before a writer commits: a look that found a writer under way reads the same
 * numbers again next time, until a look finds none (db/writers.ts).
 *
 * The first load is started when the shop starts (`build`); about 10 s at
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

/** What the engine keeps per database: its index and where it stands in the change numbers. */
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
/** The staff review engine in memory, over `source`'s reviews: one index per database. */
export function memoryReviewSearch(source: ReviewSource): ReviewSearch & { indexOf(db: Db): Promise<ReviewSearchIndex>; stats(): CacheStats } {
  const kept = new WeakMap<Db, Kept>();
  const figures = { searches: 0, reviews: 0, bytes: 0 };

  /** The change number, read at a moment no review was being written (or after QUIET_WAIT_MS, with `settled` false). */
  async function settledChangeNumber(db: Db): Promise<{ seen: number; settled: boolean }> {
    const giveUpAt = Date.now() + QUIET_WAIT_MS;
    for (;;) {
      const seen = await source.changeNumber(db);
      if (!(await source.writeUnderWay(db))) return { seen, settled: true };
      if (Date.now() >= giveUpAt) return { seen, settled: false };
      await new Promise((resolve) => setTimeout(resolve, QUIET_POLL_MS));
    }
  }

  /** Every review, oldest first (so the index's rows are in date order, which its newest and oldest sorts use). */
  async function load(db: Db, entry: Kept): Promise<void> {
    const { seen, settled } = await settledChangeNumber(db);
    const index = new ReviewSearchIndex((await source.estimatedCount(db)) * ROOM_TO_GROW + 1024);
    let after: SourcedReview | null = null;
    for (;;) {
      const rows = await source.slice(db, after, LOAD_SLICE);
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
    const upTo = await source.changeNumber(db);
    const writing = await source.writeUnderWay(db);
    if (upTo <= entry.seen) return;
    if (upTo - entry.seen > CATCH_UP_AT_MOST) return reload(db, entry);
    for (const row of await source.changed(db, entry.seen, upTo)) index.upsert(row);
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

  /** The index of `db`'s reviews, with every change committed before this call. */
  async function indexOf(db: Db): Promise<ReviewSearchIndex> {
    const entry = keptFor(db);
    while (!entry.index) await (entry.loading ?? reload(db, entry));
    if (Date.now() - entry.loadedAt >= RELOAD_AFTER_MS) reload(db, entry).catch(() => {});
    await look(db, entry);
    figures.searches += 1;
    return entry.index!;
  }

  return {
    build: ({ db }) => void keptFor(db),
    // Every search catches up first; a published change starts that look now, so the next search finds less to read.
    update: ({ db }) => {
      const entry = kept.get(db);
      if (entry?.index) look(db, entry).catch(() => {});
    },
    async search({ db }, query) {
      // An unknown brand or category finds nothing: no need to wait for the index.
      if (query.productIds?.size === 0) return { ids: [], total: 0, facets: facetsOf([], query.filters) };
      const { groups, ids } = (await indexOf(db)).search(query);
      return { ids, total: totalOf(groups, query.filters), facets: facetsOf(groups, query.filters) };
    },
    indexOf,
    stats: () => ({ entries: figures.reviews, bytes: figures.bytes, maxEntries: 0, maxBytes: null, hits: figures.searches, misses: 0, evictions: 0 }),
  };
}
