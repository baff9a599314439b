import { and, asc, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '../../../platform/context.ts';
import { writeUnderWay } from '../../../db/writers.ts';
import type { ReviewSource, SourcedReview } from '../../search/index.ts';
import { reviews, reviewWords } from '../reviews.tables.ts';

/**
 * Where staff search's index reads reviews from (decision 0043): every insert and update of a
 * review takes a change number (`reviews.changed_seq`, migration 0032), so the index reads the
 * rows changed since it last looked.
 */
type Db = ServiceContext['db'];

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

/** What the index keeps of each review `where` finds (oldest first when `slice` is given). */
async function readFacts(db: Db, where: SQL | undefined, slice?: number): Promise<SourcedReview[]> {
  const query = db.select(FACTS).from(reviews).where(where);
  return slice === undefined ? await query : await query.orderBy(asc(reviews.createdAt), asc(reviews.id)).limit(slice);
}

export const reviewSearchSource: ReviewSource = {
  async changeNumber(db) {
    const result = (await db.execute(sql`select case when is_called then last_value else 0 end::text as seen from review_changes`)) as unknown as {
      rows: { seen: string }[];
    };
    return Number(result.rows[0]!.seen);
  },
  writeUnderWay: (db) => writeUnderWay(db, ['reviews']),
  async estimatedCount(db) {
    const result = (await db.execute(sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'reviews'::regclass`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  },
  slice: (db, after, limit) =>
    readFacts(db, after ? sql`(${reviews.createdAt}, ${reviews.id}) > (${after.createdKey}::timestamptz, ${after.id})` : undefined, limit),
  changed: (db, from, to) => readFacts(db, and(gt(reviews.changedSeq, from), lte(reviews.changedSeq, to))),
};
