import { sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '../../../platform/context.ts';

/**
 * What the PostgreSQL engine asks of the catalogue's tables (decision 0059): which products match,
 * in which order. It reads them by name and never writes them; what a listing shows of each
 * product (prices, facets, stock) comes through the catalogue's source. Words are matched as
 * typed ('simple': no stemming, as the memory engine matches them) through the expression indexes
 * declared with the tables (`products_name_words_idx`, `products_all_words_idx`,
 * `products_all_trgm_idx`, `offerings_code_key_idx`; migration 0042): every expression here is
 * written exactly as its index is, or the index is not used.
 */
type Db = ServiceContext['db'];

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const nameWords = sql`to_tsvector('simple'::regconfig, p.name)`;
const allWords = sql`to_tsvector('simple'::regconfig, p.name || ' ' || p.search_text)`;
const allText = sql`(p.name || ' ' || p.search_text)`;
const codeKey = sql`lower(regexp_replace(o.sku, '[^[:alnum:]]+', '', 'g'))`;
/** A listing shows a product on sale with a priced default offering (the memory engine's snapshot holds only those). */
const listed = sql`p.withdrawn_at is null
  and exists (select 1 from offerings d join prices dp on dp.offering_id = d.id where d.product_id = p.id and d.is_default)`;
/** Ids as one array parameter: thousands of them would pass the protocol's bound on parameters. */
const idArray = (ids: readonly number[]) => sql`string_to_array(${ids.join(',')}, ',')::int[]`;

/** The products of the given categories, in id order. */
export async function productIdsInCategories(db: Db, categoryIds: readonly number[]): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select p.id from products p where p.category_id = any(${idArray(categoryIds)}) and ${listed} order by p.id`,
  );
  return rows.map((row) => row.id);
}

/** Every listed product, or those badged new, in id order. */
export async function listedProductIds(db: Db, onlyNew: boolean): Promise<number[]> {
  const badged = onlyNew ? sql`and exists (select 1 from product_badges b where b.product_id = p.id and b.badge = 'new')` : sql``;
  const rows = await rowsOf<{ id: number }>(db, sql`select p.id from products p where ${listed} ${badged} order by p.id`);
  return rows.map((row) => row.id);
}

export interface WordMatch {
  id: number;
  name: string;
}

/**
 * Up to `limit` listed products whose searchable text matches `query` (a tsquery in the 'simple'
 * configuration), those matching in their name first, best sellers first within each, then by id
 * (the memory engine's "recommended" order).
 */
export async function productsMatching(db: Db, query: string, limit: number): Promise<WordMatch[]> {
  return rowsOf<WordMatch>(
    db,
    sql`select p.id, p.name from products p, to_tsquery('simple'::regconfig, ${query}) q
      where ${allWords} @@ q and ${listed}
      order by (${nameWords} @@ q) desc, p.popularity desc, p.id
      limit ${limit}`,
  );
}

/** Whether any product's searchable text has a word `query` matches. */
export async function anyProductMatches(db: Db, query: string): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from products p where ${allWords} @@ to_tsquery('simple'::regconfig, ${query})) as found`,
  );
  return row?.found ?? false;
}

/** Trigram word similarity a text needs for its words to be looked at as typos of a term: low, since the caller checks each word's spelling. */
const TYPO_SIMILARITY = '0.3';

/**
 * Up to `limit` distinct words of the products whose searchable text has something like `term` in
 * it (pg_trgm's word similarity, through the trigram index): the words a typo may have meant.
 */
export async function wordsLike(db: Db, term: string, limit: number): Promise<string[]> {
  // The threshold is the operator's (`<%` uses the index, a similarity function would not), set for this transaction only.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_SIMILARITY}, true)`);
    const rows = await rowsOf<{ word: string }>(
      tx,
      sql`select distinct w.word from products p, unnest(tsvector_to_array(${allWords})) as w(word)
        where ${term} <% ${allText} limit ${limit}`,
    );
    return rows.map((row) => row.word);
  });
}

export interface CodedOffering {
  productId: number;
  sku: string;
}

/**
 * The priced skus, in the product's order, of up to `limit` listed products with a priced sku whose
 * code key (letters and digits, lower-cased) starts with `prefix`, those with the lowest such key
 * first. The range is written with text_pattern_ops' own operators so the index serves it however
 * the statement is planned (a LIKE with a parameter cannot use it in a generic plan).
 */
export async function offeringsWithCodesStarting(db: Db, prefix: string, limit: number): Promise<CodedOffering[]> {
  return rowsOf<CodedOffering>(
    db,
    sql`with matching as (
        select o.product_id, min(${codeKey}) as first_key
        from offerings o join prices op on op.offering_id = o.id join products p on p.id = o.product_id
        where ${codeKey} ~>=~ ${prefix} and ${codeKey} ~<~ (${prefix} || chr(65535)) and ${listed}
        group by o.product_id
        order by first_key, o.product_id
        limit ${limit}
      )
      select m.product_id as "productId", o.sku
      from matching m join offerings o on o.product_id = m.product_id join prices op on op.offering_id = o.id
      order by m.first_key, m.product_id, o.position, o.id`,
  );
}

/** Every value products have for the given facets (`product_facet_values`), once each. */
export async function facetValues(db: Db, facets: readonly string[]): Promise<[string, string][]> {
  if (facets.length === 0) return [];
  const rows = await rowsOf<{ facet: string; value: string }>(
    db,
    sql`select distinct facet, value from product_facet_values where facet = any(string_to_array(${facets.join('\u001f')}, chr(31)))`,
  );
  return rows.map((row) => [row.facet, row.value]);
}

/**
 * Staff review search reads the reviews' table by name, as the product search reads the
 * catalogue's (decision 0061). A review's words are its four texts (as reviews' `reviewWords`
 * joins them), accents off (NFKD, combining marks removed) and lower-cased, as the memory engine
 * folds them; the expression is written exactly as `reviews_words_trgm_idx` (migration 0043,
 * declared with reviews' tables) is, so pg_trgm's index serves the word patterns.
 */
const reviewTexts = sql`(r.title || chr(10) || r.text || chr(10) || coalesce(r.published_title, '') || chr(10) || coalesce(r.published_text, ''))`;
const COMBINING_MARKS = sql.raw(`'[\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]'`);
const reviewFolded = sql`lower(regexp_replace(normalize(${reviewTexts}, NFKD), ${COMBINING_MARKS}, '', 'g'))`;

export interface ReviewRowsWanted {
  /** Words already folded (letters and digits only): each must start a word of the review. */
  words: readonly string[];
  hasPhotos?: boolean;
  productIds?: readonly number[];
  /** Rating range, status and source the page's reviews must have (the counts ignore them). */
  ratingFrom?: number;
  ratingTo?: number;
  status?: string;
  source?: string;
  /** Only reviews from a verified order. */
  verifiedOnly?: boolean;
  sort: 'newest' | 'oldest' | 'highest' | 'lowest' | 'most_helpful';
  offset: number;
  limit: number;
}

export interface ReviewGroupRow {
  rating: number;
  status: string;
  source: string;
  count: number;
}

/** The memory engine's orders: each sort's key, then newest first (oldest first for `oldest`), ties by id. */
const REVIEW_ORDERS = {
  newest: sql`r.created_at desc, r.id desc`,
  oldest: sql`r.created_at asc, r.id asc`,
  highest: sql`r.rating desc, r.created_at desc, r.id desc`,
  lowest: sql`r.rating asc, r.created_at desc, r.id desc`,
  most_helpful: sql`r.helpful_count desc, r.created_at desc, r.id desc`,
} as const;

/**
 * The reviews the words, photos and products match, counted by rating, status and source, and
 * the page of those that also pass the rating, status, source and verified filters: one statement, so both
 * are read from one snapshot.
 */
export async function reviewsMatching(db: Db, wanted: ReviewRowsWanted): Promise<{ groups: ReviewGroupRow[]; ids: string[] }> {
  const conditions: SQL[] = wanted.words.map((word) => sql`${reviewFolded} ~ ${`(^|[^[:alnum:]])${word}`}`);
  if (wanted.hasPhotos !== undefined) conditions.push(wanted.hasPhotos ? sql`r.photo_count > 0` : sql`r.photo_count = 0`);
  if (wanted.productIds) conditions.push(sql`r.product_id = any(${idArray(wanted.productIds)})`);
  const matched = conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
  const filters: SQL[] = [sql`true`];
  if (wanted.ratingFrom !== undefined) filters.push(sql`r.rating >= ${wanted.ratingFrom}`);
  if (wanted.ratingTo !== undefined) filters.push(sql`r.rating <= ${wanted.ratingTo}`);
  if (wanted.status !== undefined) filters.push(sql`r.status = ${wanted.status}`);
  if (wanted.source !== undefined) filters.push(sql`r.source = ${wanted.source}`);
  if (wanted.verifiedOnly) filters.push(sql`r.source = 'VerifiedOrder'`);
  const [row] = await rowsOf<{ groups: ReviewGroupRow[] | null; ids: string[] | null }>(
    db,
    sql`with matched as materialized (
        select r.id, r.rating, r.status, r.source, r.helpful_count, r.created_at from reviews r where ${matched}
      )
      select
        (select json_agg(json_build_object('rating', g.rating, 'status', g.status, 'source', g.source, 'count', g.n))
          from (select r.rating, r.status, r.source, count(*)::int as n from matched r group by 1, 2, 3) g) as groups,
        (select json_agg(p.id order by p.place)
          from (select r.id::text as id, row_number() over (order by ${REVIEW_ORDERS[wanted.sort]}) as place
            from matched r where ${sql.join(filters, sql` and `)}
            order by ${REVIEW_ORDERS[wanted.sort]} offset ${wanted.offset} limit ${wanted.limit}) p) as ids`,
  );
  return { groups: row?.groups ?? [], ids: row?.ids ?? [] };
}
