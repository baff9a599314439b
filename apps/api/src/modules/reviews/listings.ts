import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  REVIEW_SOURCES,
  REVIEW_STATUSES,
  type reviewListingEndpoints as endpoints,
  type BodyOf,
  type HelpfulVote,
  type OfferingInsights,
  type QnaListing,
  type QueryOf,
  type ReviewListing,
  type ReviewSearchFacetsPage,
  type ReviewSearchPage,
  type ReviewSummary,
  type StaffReview,
} from '@shop/contracts';
import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import { ListingErrors } from './listings.errors.ts';
import { averageTenths, NO_REVIEWS, summarise, topWords, totalPages, ukMonth } from './review-listing-rules.ts';
import { ukDayStart } from '../../platform/uk-time.ts';
import { productSlugOf } from './review-rules.ts';
import type { ReviewsDeps } from './reviews.service.ts';
import { productQuestions, reviewHelpfulVotes, reviews, reviewSummaries } from './reviews.tables.ts';
import { figuresOfRow } from './summaries.ts';
import { shownReview } from './review-view.ts';

type DbContext = Pick<ServiceContext, 'db'>;
export type ReviewListingQueryInput = QueryOf<typeof endpoints.listReviews>;
export type QnaListingQueryInput = QueryOf<typeof endpoints.listQuestions>;
export type ReviewSearchInput = BodyOf<typeof endpoints.searchReviews>;
export type AdvancedReviewSearchInput = BodyOf<typeof endpoints.searchReviewsAdvanced>;

/** Reading reviews: listings, summaries and questions (public), helpful votes, staff search and insights. */
export interface ReviewListingsService {
  listReviews(ctx: DbContext, query: ReviewListingQueryInput): Promise<ReviewListing>;
  getReviewSummary(ctx: DbContext, slug: string): Promise<ReviewSummary>;
  listQuestions(ctx: DbContext, query: QnaListingQueryInput): Promise<QnaListing>;
  /** One vote per person: the signed-in actor, else the client's address (kept only hashed). */
  voteHelpful(ctx: CallerContext, reviewId: string, clientAddress: string): Promise<HelpfulVote>;
  searchReviews(ctx: DbContext, search: ReviewSearchInput): Promise<ReviewSearchPage>;
  searchReviewsAdvanced(ctx: DbContext, search: AdvancedReviewSearchInput): Promise<ReviewSearchPage>;
  searchReviewsAdvancedWithFacets(ctx: DbContext, search: AdvancedReviewSearchInput): Promise<ReviewSearchFacetsPage>;
  getOfferingInsights(ctx: DbContext, sku: string): Promise<OfferingInsights>;
}

async function productBySlug(deps: ReviewsDeps, ctx: DbContext, slug: string) {
  const productSlug = productSlugOf(slug);
  const product = productSlug === '' ? null : await deps.catalogue.findReviewedProduct(ctx, { slug: productSlug });
  if (!product) throw ListingErrors.productNotFound();
  return product;
}

type ReviewRow = typeof reviews.$inferSelect;
const PUBLISHED = eq(reviews.status, 'published');

const toPublished = (row: ReviewRow) => ({ id: row.id, ...shownReview(row), helpfulCount: row.helpfulCount, photoCount: row.photoCount });

const toStaff = (row: ReviewRow): StaffReview => ({
  id: row.id,
  sku: row.sku,
  productId: row.productId,
  source: row.source,
  status: row.status,
  heldReason: row.heldReason,
  rejectionReason: row.rejectionReason,
  version: row.version,
  rating: row.rating,
  title: row.title,
  text: row.text,
  publishedTitle: row.publishedTitle,
  publishedText: row.publishedText,
  edited: row.edited,
  displayName: row.displayName,
  town: row.town,
  verifiedPurchase: row.source === 'VerifiedOrder',
  shopReply: row.shopReply,
  helpfulCount: row.helpfulCount,
  photoCount: row.photoCount,
  createdAt: row.createdAt.toISOString(),
  moderatedAt: row.moderatedAt?.toISOString() ?? null,
});

const ORDERS: Record<string, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  oldest: [asc(reviews.createdAt), asc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  most_helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)],
};

async function page(ctx: DbContext, where: SQL | undefined, sort: string, pageNumber: number, size: number) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(...ORDERS[sort]!)
      .limit(size)
      .offset((pageNumber - 1) * size),
    ctx.db.select({ count: count() }).from(reviews).where(where),
  ]);
  const totalCount = total?.count ?? 0;
  return { rows, paging: { page: pageNumber, size, totalCount, totalPages: totalPages(totalCount, size) } };
}

async function listReviews(deps: ReviewsDeps, ctx: DbContext, query: ReviewListingQueryInput): Promise<ReviewListing> {
  const product = await productBySlug(deps, ctx, query.slug);
  const where = and(
    eq(reviews.productId, product.id),
    PUBLISHED,
    query.rating === undefined ? undefined : eq(reviews.rating, query.rating),
    query.withPhotos ? gt(reviews.photoCount, 0) : undefined,
  );
  const { rows, paging } = await page(ctx, where, query.sort, query.page, query.size);
  return { slug: product.slug, sku: product.sku, productName: product.name, items: rows.map(toPublished), ...paging };
}

async function getReviewSummary(deps: ReviewsDeps, ctx: DbContext, slug: string): Promise<ReviewSummary> {
  const product = await productBySlug(deps, ctx, slug);
  const [row] = await ctx.db.select().from(reviewSummaries).where(eq(reviewSummaries.productId, product.id));
  return { slug: product.slug, sku: product.sku, productName: product.name, ...summarise(row ? figuresOfRow(row) : NO_REVIEWS) };
}

async function listQuestions(deps: ReviewsDeps, ctx: DbContext, query: QnaListingQueryInput): Promise<QnaListing> {
  const product = await productBySlug(deps, ctx, query.slug);
  const where = and(eq(productQuestions.productId, product.id), eq(productQuestions.status, 'published'), isNotNull(productQuestions.answer));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(productQuestions)
      .where(where)
      .orderBy(desc(productQuestions.createdAt), desc(productQuestions.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    ctx.db.select({ count: count() }).from(productQuestions).where(where),
  ]);
  const totalCount = total?.count ?? 0;
  return {
    slug: product.slug,
    sku: product.sku,
    items: rows.map((row) => ({
      id: row.id,
      question: row.question,
      askerName: row.askerName,
      askedAt: row.createdAt.toISOString(),
      answer: row.answer!,
      answeredAt: row.answeredAt?.toISOString() ?? null,
    })),
    page: query.page,
    size: query.size,
    totalCount,
    totalPages: totalPages(totalCount, query.size),
  };
}

/** Who is voting: a signed-in user by id, a guest by their address, hashed (the address itself is never kept). */
export const voterKeyOf = (actor: CallerContext['actor'], clientAddress: string): string =>
  actor ? `user:${actor.userId}` : `guest:${createHash('sha256').update(`review-helpful-vote:${clientAddress}`).digest('hex')}`;

async function voteHelpful(ctx: CallerContext, reviewId: string, clientAddress: string): Promise<HelpfulVote> {
  const voterKey = voterKeyOf(ctx.actor, clientAddress);
  return ctx.db.transaction(async (db) => {
    const [review] = await db
      .select({ id: reviews.id, helpfulCount: reviews.helpfulCount })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), PUBLISHED));
    if (!review) throw ListingErrors.reviewNotFound();
    // The vote's primary key decides: of two at once by one person, one inserts, the other finds it.
    const inserted = await db.insert(reviewHelpfulVotes).values({ reviewId, voterKey, at: ctx.clock.now() }).onConflictDoNothing().returning();
    if (inserted.length === 0) {
      return { reviewId, helpfulCount: review.helpfulCount, alreadyCounted: true };
    }
    const [updated] = await db
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
      .where(eq(reviews.id, reviewId))
      .returning({ helpfulCount: reviews.helpfulCount });
    return { reviewId, helpfulCount: updated!.helpfulCount, alreadyCounted: false };
  });
}

async function searchReviews(ctx: DbContext, search: ReviewSearchInput): Promise<ReviewSearchPage> {
  if (search.startDate && search.endDate && search.startDate > search.endDate) throw ListingErrors.datesReversed();
  const where = and(
    search.startDate ? gte(reviews.createdAt, ukDayStart(search.startDate)) : undefined,
    search.endDate ? lt(reviews.createdAt, ukDayStart(search.endDate, true)) : undefined,
    search.skuCode ? eq(reviews.sku, search.skuCode.toUpperCase()) : undefined,
    search.source ? eq(reviews.source, search.source) : undefined,
    search.status ? eq(reviews.status, search.status) : undefined,
  );
  const { rows, paging } = await page(ctx, where, 'newest', search.page, search.size);
  return { items: rows.map(toStaff), ...paging };
}

/** `%` and `_` typed by staff are looked for as themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The advanced search's conditions; null when it can match nothing (an unknown brand or category). */
async function advancedWhere(deps: ReviewsDeps, ctx: DbContext, search: AdvancedReviewSearchInput, omit?: 'rating' | 'status' | 'source' | 'verified') {
  if (search.ratingFrom !== undefined && search.ratingTo !== undefined && search.ratingFrom > search.ratingTo) throw ListingErrors.ratingsReversed();
  let productIds: number[] | undefined;
  if (search.brand || search.category) {
    productIds = await deps.catalogue.findProductIdsBy(ctx, { brand: search.brand || undefined, category: search.category || undefined });
    if (productIds.length === 0) return null;
  }
  const text = search.text ? likeText(search.text) : undefined;
  return and(
    text ? or(ilike(reviews.title, text), ilike(reviews.text, text), ilike(reviews.publishedTitle, text), ilike(reviews.publishedText, text)) : undefined,
    omit !== 'rating' && search.ratingFrom !== undefined ? gte(reviews.rating, search.ratingFrom) : undefined,
    omit !== 'rating' && search.ratingTo !== undefined ? lte(reviews.rating, search.ratingTo) : undefined,
    search.hasPhotos === true ? gt(reviews.photoCount, 0) : search.hasPhotos === false ? eq(reviews.photoCount, 0) : undefined,
    omit !== 'verified' && search.verifiedOnly ? eq(reviews.source, 'VerifiedOrder') : undefined,
    productIds ? inArray(reviews.productId, productIds) : undefined,
    omit !== 'status' && search.status ? eq(reviews.status, search.status) : undefined,
    omit !== 'source' && search.source ? eq(reviews.source, search.source) : undefined,
  );
}

const emptyPage = (search: AdvancedReviewSearchInput) => ({ items: [], page: search.page, size: search.size, totalCount: 0, totalPages: 1 });

async function searchReviewsAdvanced(deps: ReviewsDeps, ctx: DbContext, search: AdvancedReviewSearchInput): Promise<ReviewSearchPage> {
  const where = await advancedWhere(deps, ctx, search);
  if (where === null) return emptyPage(search);
  const { rows, paging } = await page(ctx, where, search.sort, search.page, search.size);
  return { items: rows.map(toStaff), ...paging };
}

/** Counts by value over what the search matched; every value listed, zeros included. */
async function facet(ctx: DbContext, where: SQL | undefined, column: SQL, values: readonly string[]) {
  const rows = await ctx.db
    .select({ value: sql<string>`${column}::text`, count: count() })
    .from(reviews)
    .where(where)
    .groupBy(column);
  const counts = new Map(rows.map((row) => [row.value, row.count]));
  return values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
}

async function searchReviewsAdvancedWithFacets(deps: ReviewsDeps, ctx: DbContext, search: AdvancedReviewSearchInput): Promise<ReviewSearchFacetsPage> {
  const result = await searchReviewsAdvanced(deps, ctx, search);
  const where = await advancedWhere(deps, ctx, search);
  const zeros = (values: readonly string[]) => values.map((value) => ({ value, count: 0 }));
  const ratings = ['5', '4', '3', '2', '1'];
  if (where === null) {
    return { ...result, facets: { rating: zeros(ratings), status: zeros(REVIEW_STATUSES), source: zeros(REVIEW_SOURCES), verified: zeros(['true', 'false']) } };
  }
  const [rating, status, source, verified] = await Promise.all([
    facet(ctx, where, sql`${reviews.rating}`, ratings),
    facet(ctx, where, sql`${reviews.status}`, REVIEW_STATUSES),
    facet(ctx, where, sql`${reviews.source}`, REVIEW_SOURCES),
    facet(ctx, where, sql`(${reviews.source} = 'VerifiedOrder')`, ['true', 'false']),
  ]);
  return { ...result, facets: { rating, status, source, verified } };
}

async function getOfferingInsights(deps: ReviewsDeps, ctx: DbContext, sku: string): Promise<OfferingInsights> {
  const product = await deps.catalogue.findReviewedProduct(ctx, { sku: sku.trim().toUpperCase() });
  if (!product) throw ListingErrors.productNotFound();
  const [published, [questions]] = await Promise.all([
    ctx.db
      .select({
        rating: reviews.rating,
        title: reviews.title,
        text: reviews.text,
        publishedTitle: reviews.publishedTitle,
        publishedText: reviews.publishedText,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(and(eq(reviews.productId, product.id), PUBLISHED))
      .orderBy(asc(reviews.createdAt)),
    ctx.db.select({ count: count() }).from(productQuestions).where(eq(productQuestions.productId, product.id)),
  ]);
  const months = new Map<string, { count: number; sum: number }>();
  for (const review of published) {
    const month = ukMonth(review.createdAt);
    const figures = months.get(month) ?? { count: 0, sum: 0 };
    figures.count += 1;
    figures.sum += review.rating;
    months.set(month, figures);
  }
  const words = (keep: (rating: number) => boolean) =>
    topWords(
      published.filter((review) => keep(review.rating)).map((review) => `${review.publishedTitle ?? review.title}\n${review.publishedText ?? review.text}`),
    );
  const ratingSum = published.reduce((sum, review) => sum + review.rating, 0);
  return {
    sku: product.sku,
    slug: product.slug,
    productName: product.name,
    reviewsCount: published.length,
    averageRating: averageTenths(ratingSum, published.length) / 10,
    ratingTrend: [...months]
      .toSorted(([a], [b]) => (a < b ? -1 : 1))
      .map(([month, figures]) => ({ month, count: figures.count, averageRating: averageTenths(figures.sum, figures.count) / 10 })),
    lowReviewWords: words((rating) => rating <= 2),
    highReviewWords: words((rating) => rating >= 4),
    questionsAsked: questions?.count ?? 0,
  };
}

export function createListings(deps: ReviewsDeps): ReviewListingsService {
  return {
    listReviews: (ctx, query) => listReviews(deps, ctx, query),
    getReviewSummary: (ctx, slug) => getReviewSummary(deps, ctx, slug),
    listQuestions: (ctx, query) => listQuestions(deps, ctx, query),
    voteHelpful,
    searchReviews,
    searchReviewsAdvanced: (ctx, search) => searchReviewsAdvanced(deps, ctx, search),
    searchReviewsAdvancedWithFacets: (ctx, search) => searchReviewsAdvancedWithFacets(deps, ctx, search),
    getOfferingInsights: (ctx, sku) => getOfferingInsights(deps, ctx, sku),
  };
}
