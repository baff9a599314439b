import { createHash } from 'node:crypto';
import {
  type reviewListingEndpoints as endpoints,
  type BodyOf,
  type HelpfulVote,
  type OfferingInsights,
  type QnaListing,
  type QueryOf,
  type ReviewListing,
  type ReviewPhoto,
  type ReviewSearchFacetsPage,
  type ReviewSearchPage,
  type ReviewSummary,
  type StaffReview,
  londonDayStart,
} from '@shop/contracts';
import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import { ListingErrors } from './listings.errors.ts';
import { averageTenths, NO_REVIEWS, summarise, topWords, totalPages, ukMonth } from './review-listing-rules.ts';
import { productSlugOf } from './review-rules.ts';
import type { ReviewsDeps } from './reviews.deps.ts';
import { figuresOfRow } from './summaries.ts';
import { createListingCache, type ListingCache } from './listing-cache.ts';
import * as repository from './repository/index.ts';
import type { ReviewFilter, ReviewRow, SummaryRow } from './repository/index.ts';
import type { ReviewSearch } from '../search/index.ts';
import { publishedAnswererName } from './question-rules.ts';
import { photosOfReviews, shownReview } from './review-view.ts';
import { productFieldsOf, productNamesOf, type ReviewedProductName } from './reviewed-products.ts';

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
  /** Starts loading the advanced search's index of `ctx.db`'s reviews, so the first search need not wait for it. */
  loadSearchIndex(ctx: DbContext): void;
  getOfferingInsights(ctx: DbContext, sku: string): Promise<OfferingInsights>;
}

/** What reading takes: the module's deps and this service's own kept answers. */
type ReadingDeps = ReviewsDeps & { cache: ListingCache };

async function productBySlug(deps: ReadingDeps, ctx: DbContext, slug: string) {
  const productSlug = productSlugOf(slug);
  const product = productSlug === '' ? null : await deps.cache.keptProduct(productSlug, () => deps.catalogue.findReviewedProduct(ctx, { slug: productSlug }));
  if (!product) throw ListingErrors.productNotFound();
  return product;
}

type Photos = ReadonlyMap<string, ReviewPhoto[]>;

const toPublished = (row: ReviewRow, photos: Photos) => ({
  id: row.id,
  ...shownReview(row),
  helpfulCount: row.helpfulCount,
  photoCount: row.photoCount,
  photos: photos.get(row.id) ?? [],
});

const toStaff = (row: ReviewRow, names: ReadonlyMap<string, ReviewedProductName>, photos: Photos): StaffReview => ({
  id: row.id,
  sku: row.sku,
  productId: row.productId,
  ...productFieldsOf(names, row.sku),
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
  photos: photos.get(row.id) ?? [],
  createdAt: row.createdAt.toISOString(),
  moderatedAt: row.moderatedAt?.toISOString() ?? null,
});

/** A page of reviews and their total: counted, unless the caller knows it (`knownTotal`). */
async function page(ctx: DbContext, filter: ReviewFilter, sort: string, pageNumber: number, size: number, knownTotal?: number) {
  const { rows, totalCount } = await repository.reviewsPage(ctx.db, filter, sort, pageNumber, size, knownTotal);
  return { rows, paging: { page: pageNumber, size, totalCount, totalPages: totalPages(totalCount, size) } };
}

/** Published reviews of a product (of one star rating): its summary row counts them. */
const publishedCount = (summary: SummaryRow | undefined, rating: number | undefined): number =>
  summary ? (rating === undefined ? summary.count : [summary.stars1, summary.stars2, summary.stars3, summary.stars4, summary.stars5][rating - 1]!) : 0;

/** What a kept listing or summary of the product is for: its id, and what the answer says of it (renamed, it is another answer). */
const productKey = (product: { id: number; slug: string; sku: string; name: string }) => `${product.id}|${product.slug}|${product.sku}|${product.name}`;

async function listReviews(deps: ReadingDeps, ctx: DbContext, query: ReviewListingQueryInput): Promise<ReviewListing> {
  const product = await productBySlug(deps, ctx, query.slug);
  // Kept until the product's summary row changes (every publish and take-down) or for ANSWER_TTL_MS (decision 0037).
  const { row: summary, version } = await repository.summaryWithVersion(ctx.db, product.id);
  const key = `listing|${productKey(product)}|${query.sort}|${query.page}|${query.size}|${query.rating ?? ''}|${query.withPhotos ?? ''}`;
  return deps.cache.keptAnswer(key, version, () => loadListing(ctx, product, summary, query));
}

async function loadListing(
  ctx: DbContext,
  product: Awaited<ReturnType<typeof productBySlug>>,
  summary: SummaryRow | undefined,
  query: ReviewListingQueryInput,
) {
  const filter: ReviewFilter = { productId: product.id, status: 'published', rating: query.rating, withPhotos: query.withPhotos };
  const known = query.withPhotos ? undefined : publishedCount(summary, query.rating);
  const { rows, paging } = await page(ctx, filter, query.sort, query.page, query.size, known);
  const photos = await photosOfReviews(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { slug: product.slug, sku: product.sku, productName: product.name, items: rows.map((row) => toPublished(row, photos)), ...paging };
}

async function getReviewSummary(deps: ReadingDeps, ctx: DbContext, slug: string): Promise<ReviewSummary> {
  const product = await productBySlug(deps, ctx, slug);
  const { row, version } = await repository.summaryWithVersion(ctx.db, product.id);
  // The same object for every caller until the row changes: the HTTP layer writes it out once.
  return deps.cache.keptAnswer(`summary|${productKey(product)}`, version, async () => ({
    slug: product.slug,
    sku: product.sku,
    productName: product.name,
    ...summarise(row ? figuresOfRow(row) : NO_REVIEWS),
  }));
}

async function listQuestions(deps: ReadingDeps, ctx: DbContext, query: QnaListingQueryInput): Promise<QnaListing> {
  const product = await productBySlug(deps, ctx, query.slug);
  const { rows, totalCount } = await repository.publishedQuestionsPage(ctx.db, product.id, query.page, query.size);
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
      // Rows from before answers had a source were the shop's own (the demo seed's).
      answerSource: row.answerSource ?? 'shop',
      answererName: publishedAnswererName(row.answererName, deps.notifications.shopDetails().tradingName),
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
    const review = await repository.publishedReview(db, reviewId);
    if (!review) throw ListingErrors.reviewNotFound();
    const helpfulCount = await repository.countHelpfulVote(db, { reviewId, voterKey, at: ctx.clock.now() });
    if (helpfulCount === null) return { reviewId, helpfulCount: review.helpfulCount, alreadyCounted: true };
    return { reviewId, helpfulCount, alreadyCounted: false };
  });
}

/** A page of reviews for staff, each with its product's name and link (one catalogue call for the page). */
async function staffItems(deps: ReviewsDeps, ctx: DbContext, rows: ReviewRow[]): Promise<StaffReview[]> {
  const [names, photos] = await Promise.all([
    productNamesOf(
      deps,
      ctx,
      rows.map((row) => row.sku),
    ),
    photosOfReviews(
      ctx.db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => toStaff(row, names, photos));
}

async function searchReviews(deps: ReviewsDeps, ctx: DbContext, search: ReviewSearchInput): Promise<ReviewSearchPage> {
  if (search.startDate && search.endDate && search.startDate > search.endDate) throw ListingErrors.datesReversed();
  const filter: ReviewFilter = {
    createdFrom: search.startDate ? londonDayStart(search.startDate) : undefined,
    createdBefore: search.endDate ? londonDayStart(search.endDate, true) : undefined,
    sku: search.skuCode ? search.skuCode.toUpperCase() : undefined,
    source: search.source,
    status: search.status,
  };
  const { rows, paging } = await page(ctx, filter, 'newest', search.page, search.size);
  return { items: await staffItems(deps, ctx, rows), ...paging };
}

/**
 * Staff's advanced search, answered by search's index of every review (decision 0043): the
 * counts behind the facets and the page's ids from the index, the page's reviews read by id. An
 * unknown brand or category finds nothing.
 */
async function advancedPage(deps: ReviewsDeps, index: ReviewSearch, ctx: DbContext, search: AdvancedReviewSearchInput) {
  if (search.ratingFrom !== undefined && search.ratingTo !== undefined && search.ratingFrom > search.ratingTo) throw ListingErrors.ratingsReversed();
  const filters = {
    ratingFrom: search.ratingFrom,
    ratingTo: search.ratingTo,
    status: search.status,
    source: search.source,
    verifiedOnly: search.verifiedOnly,
  };
  let productIds: ReadonlySet<number> | undefined;
  if (search.brand || search.category) {
    productIds = new Set(await deps.catalogue.findProductIdsBy(ctx, { brand: search.brand || undefined, category: search.category || undefined }));
  }
  const { ids, total, facets } = await index.search(ctx, {
    words: search.text || undefined,
    hasPhotos: search.hasPhotos,
    productIds,
    filters,
    sort: search.sort,
    offset: (search.page - 1) * search.size,
    limit: search.size,
  });
  if (productIds?.size === 0) return { result: { items: [], page: search.page, size: search.size, totalCount: 0, totalPages: 1 }, facets };
  const paging = { page: search.page, size: search.size, totalCount: total, totalPages: totalPages(total, search.size) };
  return { result: { items: await staffItems(deps, ctx, await reviewsById(ctx, ids)), ...paging }, facets };
}

/** Reviews by id, in the order of `ids`. */
async function reviewsById(ctx: DbContext, ids: readonly string[]): Promise<ReviewRow[]> {
  if (ids.length === 0) return [];
  const rows = await repository.reviewsByIds(ctx.db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is ReviewRow => row !== undefined);
}

async function searchReviewsAdvanced(deps: ReviewsDeps, index: ReviewSearch, ctx: DbContext, search: AdvancedReviewSearchInput): Promise<ReviewSearchPage> {
  return (await advancedPage(deps, index, ctx, search)).result;
}

async function searchReviewsAdvancedWithFacets(
  deps: ReviewsDeps,
  index: ReviewSearch,
  ctx: DbContext,
  search: AdvancedReviewSearchInput,
): Promise<ReviewSearchFacetsPage> {
  const { result, facets } = await advancedPage(deps, index, ctx, search);
  return { ...result, facets };
}

async function getOfferingInsights(deps: ReviewsDeps, ctx: DbContext, sku: string): Promise<OfferingInsights> {
  const product = await deps.catalogue.findReviewedProduct(ctx, { sku: sku.trim().toUpperCase() });
  if (!product) throw ListingErrors.productNotFound();
  const { published, questionsAsked } = await repository.insightsOf(ctx.db, product.id);
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
  const afterSales = await afterSalesOf(deps, ctx, product.slug);
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
    questionsAsked,
    afterSales,
  };
}

/** Returns and damage reports of every sku of the product, per 100 units sent. */
async function afterSalesOf(deps: ReviewsDeps, ctx: DbContext, slug: string): Promise<OfferingInsights['afterSales']> {
  const summary = await deps.catalogue.getProductSummary(ctx, slug);
  const skus = summary.offerings.map((offering) => offering.sku);
  const [unitsSent, { unitsReturned, unitsReportedDamaged }] = await Promise.all([
    deps.orders.unitsSent(ctx, skus),
    deps.afterSales.afterSalesUnits(ctx, skus),
  ]);
  const per100 = (units: number) => (unitsSent === 0 ? null : Math.round((units / unitsSent) * 1000) / 10);
  return { unitsSent, unitsReturned, returnRate: per100(unitsReturned), unitsReportedDamaged, damageRate: per100(unitsReportedDamaged) };
}

export function createListings(deps: ReviewsDeps): ReviewListingsService {
  // Staff search's index belongs to search, over the reviews read from here (decision 0043).
  const index = deps.search.reviews(repository.reviewSearchSource);
  // Kept answers belong to this service: another app in the process keeps its own (decision 0057).
  const reading: ReadingDeps = { ...deps, cache: createListingCache(deps.caches) };
  return {
    listReviews: (ctx, query) => listReviews(reading, ctx, query),
    getReviewSummary: (ctx, slug) => getReviewSummary(reading, ctx, slug),
    listQuestions: (ctx, query) => listQuestions(reading, ctx, query),
    voteHelpful,
    searchReviews: (ctx, search) => searchReviews(deps, ctx, search),
    searchReviewsAdvanced: (ctx, search) => searchReviewsAdvanced(deps, index, ctx, search),
    searchReviewsAdvancedWithFacets: (ctx, search) => searchReviewsAdvancedWithFacets(deps, index, ctx, search),
    loadSearchIndex: (ctx) => index.build(ctx),
    getOfferingInsights: (ctx, sku) => getOfferingInsights(deps, ctx, sku),
  };
}
