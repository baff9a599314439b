import { z } from 'zod';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';
import { REVIEW_HOLD_REASONS, REVIEW_REJECTION_REASONS, REVIEW_SOURCES, REVIEW_STATUSES } from './reviews-values.ts';
import { ReviewPhotoSchema } from './reviews-photos.ts';

/**
 * Reading reviews (issue 21, docs/domain.md §5): a product's published reviews, its summary and its
 * answered questions (public: browsers and CDNs ask again every time, the ETag saving the body while
 * nothing changed, decision 0037); "was this helpful?" votes, one per person (decision
 * 0034); staff search over every review, with facet counts; and a product's insights. Writing and
 * moderating are `reviews.ts`.
 */

const Instant = z.iso.datetime({ offset: true });
const BODY_NOT_AN_OBJECT = { error: 'Send the search as a JSON object' };

export const REVIEW_LISTING_SORTS = ['newest', 'highest', 'lowest', 'most_helpful'] as const;
export type ReviewListingSort = (typeof REVIEW_LISTING_SORTS)[number];
export const REVIEW_SEARCH_SORTS = ['newest', 'oldest', 'highest', 'lowest', 'most_helpful'] as const;
export type ReviewSearchSort = (typeof REVIEW_SEARCH_SORTS)[number];
export const REVIEW_LISTING_DEFAULT_SIZE = 10;
export const REVIEW_LISTING_MAX_SIZE = 50;
export const REVIEW_SEARCH_MAX_SIZE = 100;

export const pageNumber = z.coerce
  .number({ error: 'The page number must be a whole number' })
  .int('The page number must be a whole number')
  .min(1, 'Pages start at 1')
  .max(100_000, 'That page is too far on')
  .default(1);
export const pageSize = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'The page size must be a whole number' })
    .int('The page size must be a whole number')
    .min(1, 'Show at least 1 per page')
    .max(max, `Show at most ${max} per page`)
    .default(fallback);
const Slug = z
  .string({ error: 'Enter the product’s web address' })
  .max(300, 'The product’s web address must be 300 characters or fewer')
  .describe('Trimmed and stripped of empty path segments ("/basins//oval-basin/" is the product "oval-basin")');
const StarsFilter = (what: string) =>
  z.coerce
    .number({ error: `Choose ${what} from 1 to 5 stars` })
    .int(`Choose ${what} from 1 to 5 stars`)
    .min(1, `Choose ${what} from 1 to 5 stars`)
    .max(5, `Choose ${what} from 1 to 5 stars`);
const YesNo = (message: string) => z.enum(['true', 'false'], { error: message }).transform((value) => value === 'true');

export const ReviewListingQuerySchema = z.object({
  slug: Slug,
  size: pageSize(REVIEW_LISTING_MAX_SIZE, REVIEW_LISTING_DEFAULT_SIZE).describe('10 by default'),
  page: pageNumber.describe('1 by default'),
  sort: z.enum(REVIEW_LISTING_SORTS, { error: 'Sort by newest, highest, lowest or most helpful' }).default('newest'),
  rating: StarsFilter('the rating to show').optional().describe('Only reviews with this many stars'),
  withPhotos: YesNo('Say true or false for “with photos”').optional().describe('Only reviews with photos'),
});
export type ReviewListingQuery = z.input<typeof ReviewListingQuerySchema>;

export const PublishedReviewSchema = z
  .object({
    id: z.uuid(),
    rating: z.number().int(),
    qualityRating: z.number().int().nullable(),
    valueRating: z.number().int().nullable(),
    fittingRating: z.number().int().nullable(),
    wouldRecommend: z.boolean().nullable(),
    title: z.string().describe('As published: the moderator’s edit when there is one'),
    text: z.string(),
    edited: z.boolean().describe('The shop edited the title or text (shown as “Edited by the shop”)'),
    displayName: z.string(),
    town: z.string().nullable(),
    verifiedPurchase: z.boolean().describe('Tied to an order line the author bought (shown as “Verified purchase”)'),
    shopReply: z.string().nullable(),
    helpfulCount: z.number().int(),
    photoCount: z.number().int(),
    photos: z.array(ReviewPhotoSchema).describe('Its photos in the order they were sent (decision 0035)'),
    createdAt: Instant,
  })
  .meta({ id: 'PublishedReview' });
export type PublishedReview = z.infer<typeof PublishedReviewSchema>;

export const paging = { page: z.number().int(), size: z.number().int(), totalCount: z.number().int(), totalPages: z.number().int() };

export const ReviewListingSchema = z
  .object({ slug: z.string(), sku: z.string(), productName: z.string(), items: z.array(PublishedReviewSchema), ...paging })
  .meta({ id: 'ReviewListing' });
export type ReviewListing = z.infer<typeof ReviewListingSchema>;

export const ReviewSummarySchema = z
  .object({
    slug: z.string(),
    sku: z.string(),
    productName: z.string(),
    count: z.number().int().describe('Published reviews'),
    averageRating: z.number().describe('To one decimal; 0 with no reviews'),
    histogram: z.array(z.object({ stars: z.number().int(), count: z.number().int(), percentage: z.number().int() })).describe('5 stars first'),
    subRatings: z
      .object({ quality: z.number().nullable(), value: z.number().nullable(), fitting: z.number().nullable() })
      .describe('Averages to one decimal; null when nobody rated it'),
    recommendPercentage: z.number().int().nullable().describe('Of those who said, how many would recommend it; null when nobody said'),
  })
  .meta({ id: 'ReviewSummary' });
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const QnaListingQuerySchema = z.object({
  slug: Slug,
  size: pageSize(REVIEW_LISTING_MAX_SIZE, REVIEW_LISTING_DEFAULT_SIZE).describe('10 by default'),
  page: pageNumber.describe('1 by default'),
});
export type QnaListingQuery = z.input<typeof QnaListingQuerySchema>;

export const PublishedQuestionSchema = z
  .object({
    id: z.uuid(),
    question: z.string(),
    askerName: z.string(),
    askedAt: Instant,
    answer: z.string(),
    answeredAt: Instant.nullable(),
    answerSource: z
      .enum(['shop', 'customer'])
      .describe('Who answered: the shop’s team, or a customer who bought the product (shown as “a customer who bought this”)'),
    answererName: z.string().describe('Shown as “Answered by …”: the shop’s name, or the customer’s name as they gave it'),
  })
  .meta({ id: 'PublishedQuestion' });
export const QnaListingSchema = z.object({ slug: z.string(), sku: z.string(), items: z.array(PublishedQuestionSchema), ...paging }).meta({ id: 'QnaListing' });
export type QnaListing = z.infer<typeof QnaListingSchema>;

export const HelpfulVoteSchema = z
  .object({
    reviewId: z.uuid(),
    helpfulCount: z.number().int(),
    alreadyCounted: z.boolean().describe('This person had voted for it already: the vote was not counted again'),
  })
  .meta({ id: 'HelpfulVote' });
export type HelpfulVote = z.infer<typeof HelpfulVoteSchema>;

const DateText = (what: string) => z.iso.date({ error: `Enter the ${what} as a date, like 2026-11-24` });

export const ReviewSearchSchema = z
  .object(
    {
      startDate: DateText('start date').optional().describe('Written on or after this day (UK time)'),
      endDate: DateText('end date').optional().describe('Written on or before this day (UK time)'),
      skuCode: z.string({ error: 'Enter the product code' }).trim().max(40, 'The product code must be 40 characters or fewer').optional(),
      source: z.enum(REVIEW_SOURCES, { error: 'Choose Website or VerifiedOrder' }).optional(),
      status: z.enum(REVIEW_STATUSES, { error: 'Choose pending, published or rejected' }).optional(),
      page: pageNumber,
      size: pageSize(REVIEW_SEARCH_MAX_SIZE, 20),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'ReviewSearch' });
export type ReviewSearch = z.input<typeof ReviewSearchSchema>;

export const AdvancedReviewSearchSchema = z
  .object(
    {
      text: z
        .string({ error: 'Enter words to look for' })
        .trim()
        .max(200, 'Look for 200 characters or fewer')
        .optional()
        .describe('Words in the title or text'),
      ratingFrom: StarsFilter('the lowest rating').optional(),
      ratingTo: StarsFilter('the highest rating').optional(),
      hasPhotos: z.boolean({ error: 'Say true or false for “has photos”' }).optional(),
      verifiedOnly: z.boolean({ error: 'Say true or false for “verified only”' }).optional(),
      brand: z.string({ error: 'Enter the brand' }).trim().max(100, 'The brand must be 100 characters or fewer').optional().describe('The brand’s name'),
      category: z
        .string({ error: 'Enter the category' })
        .trim()
        .max(200, 'The category must be 200 characters or fewer')
        .optional()
        .describe('A category’s slug; with its sub-categories'),
      status: z.enum(REVIEW_STATUSES, { error: 'Choose pending, published or rejected' }).optional(),
      source: z.enum(REVIEW_SOURCES, { error: 'Choose Website or VerifiedOrder' }).optional(),
      sort: z.enum(REVIEW_SEARCH_SORTS, { error: 'Sort by newest, oldest, highest, lowest or most helpful' }).default('newest'),
      page: pageNumber,
      size: pageSize(REVIEW_SEARCH_MAX_SIZE, 20),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'AdvancedReviewSearch' });
export type AdvancedReviewSearch = z.input<typeof AdvancedReviewSearchSchema>;

export const StaffReviewSchema = z
  .object({
    id: z.uuid(),
    sku: z.string(),
    productId: z.number().int(),
    productName: z.string().nullable().describe('null when the product is no longer sold'),
    productSlug: z.string().nullable(),
    source: z.enum(REVIEW_SOURCES),
    status: z.enum(REVIEW_STATUSES),
    heldReason: z.enum(REVIEW_HOLD_REASONS).nullable(),
    rejectionReason: z.enum(REVIEW_REJECTION_REASONS).nullable(),
    version: z.number().int(),
    rating: z.number().int(),
    title: z.string().describe('As the author wrote it'),
    text: z.string(),
    publishedTitle: z.string().nullable(),
    publishedText: z.string().nullable(),
    edited: z.boolean(),
    displayName: z.string(),
    town: z.string().nullable(),
    verifiedPurchase: z.boolean(),
    shopReply: z.string().nullable(),
    helpfulCount: z.number().int(),
    photoCount: z.number().int(),
    photos: z.array(ReviewPhotoSchema).describe('Its photos in the order they were sent: moderators may open them in any state (decision 0035)'),
    createdAt: Instant,
    moderatedAt: Instant.nullable(),
  })
  .meta({ id: 'StaffReview' });
export type StaffReview = z.infer<typeof StaffReviewSchema>;

export const ReviewSearchPageSchema = z.object({ items: z.array(StaffReviewSchema), ...paging }).meta({ id: 'ReviewSearchPage' });
export type ReviewSearchPage = z.infer<typeof ReviewSearchPageSchema>;

const FacetCount = z.object({ value: z.string(), count: z.number().int() });
export const ReviewSearchFacetsPageSchema = ReviewSearchPageSchema.extend({
  facets: z
    .object({ rating: z.array(FacetCount), status: z.array(FacetCount), source: z.array(FacetCount), verified: z.array(FacetCount) })
    .describe(
      'Counts over every review matching the search (paging aside), each facet leaving out its own filter (the status counts are by status ' +
        'whatever status was asked for), so each value says what choosing it finds; every value listed, zeros included',
    ),
}).meta({ id: 'ReviewSearchFacetsPage' });
export type ReviewSearchFacetsPage = z.infer<typeof ReviewSearchFacetsPageSchema>;

export const OfferingInsightsQuerySchema = z.object({
  sku: z.string({ error: 'Enter the product code' }).trim().min(1, 'Enter the product code').max(40, 'The product code must be 40 characters or fewer'),
});
export const OfferingInsightsSchema = z
  .object({
    sku: z.string(),
    slug: z.string(),
    productName: z.string(),
    reviewsCount: z.number().int().describe('Published reviews'),
    averageRating: z.number(),
    ratingTrend: z
      .array(z.object({ month: z.string().describe('YYYY-MM (UK time)'), count: z.number().int(), averageRating: z.number() }))
      .describe('Published reviews by the month they were written, oldest first'),
    lowReviewWords: z.array(z.object({ word: z.string(), count: z.number().int() })).describe('Most used words in 1–2 star reviews'),
    highReviewWords: z.array(z.object({ word: z.string(), count: z.number().int() })).describe('Most used words in 4–5 star reviews'),
    questionsAsked: z.number().int().describe('Questions about the product, in any state'),
    afterSales: z
      .object({
        unitsSent: z.number().int().describe('Units of any of its skus on dispatched or delivered orders, less cancelled ones'),
        unitsReturned: z.number().int().describe('Units returned or on their way back (refused returns aside)'),
        returnRate: z.number().nullable().describe('Units returned per 100 sent, to one decimal; null when none were sent'),
        unitsReportedDamaged: z.number().int().describe('Units customers reported damaged on delivery'),
        damageRate: z.number().nullable().describe('Units reported damaged per 100 sent, to one decimal; null when none were sent'),
      })
      .describe('Returns and damage reports from the help centre, against what was sent'),
  })
  .meta({ id: 'OfferingInsights' });
export type OfferingInsights = z.infer<typeof OfferingInsightsSchema>;

const ReviewIdParams = z.object({ reviewId: z.uuid({ error: 'There is no such review. Reload the list of reviews.' }) });
const moderator = requireRole('review-moderator');
const unknownSlug = 'An unknown product is 404 REVIEW_LISTING_PRODUCT_NOT_FOUND.';

export const reviewListingEndpoints = {
  listReviews: defineEndpoint({
    service: 'reviews',
    access: publicAccess,
    method: 'GET',
    path: '/Listings/Reviews',
    summary: 'A product’s published reviews, paged (10 a page, page 1, by default), sorted and filtered by rating and photos',
    description: `Only published reviews, with the published (edited) text. ${unknownSlug}`,
    query: ReviewListingQuerySchema,
    responses: { 200: ReviewListingSchema },
    // Asked again every time (304 while unchanged): a publish shows at once (decision 0037).
    cacheSeconds: 0,
  }),
  listQuestions: defineEndpoint({
    service: 'reviews',
    access: publicAccess,
    method: 'GET',
    path: '/Listings/QnAs/',
    summary: 'A product’s answered questions, newest first, paged (10 a page, page 1, by default)',
    description: unknownSlug,
    query: QnaListingQuerySchema,
    responses: { 200: QnaListingSchema },
    // Asked again every time (304 while unchanged): a publish shows at once (decision 0037).
    cacheSeconds: 0,
  }),
  getReviewSummary: defineEndpoint({
    service: 'reviews',
    access: publicAccess,
    method: 'GET',
    path: '/Reviews/Summaries/{slug}',
    summary: 'A product’s published reviews summed up: average to one decimal, count, stars histogram, sub-rating averages, recommend percentage',
    description: unknownSlug,
    params: z.object({ slug: Slug }),
    responses: { 200: ReviewSummarySchema },
    // Asked again every time (304 while unchanged): a publish shows at once (decision 0037).
    cacheSeconds: 0,
  }),
  voteHelpful: defineEndpoint({
    service: 'reviews',
    access: publicAccess,
    method: 'POST',
    path: '/Reviews/{reviewId}/helpful',
    summary: '“Was this helpful?”: one vote per person (a signed-in customer, or a guest by their hashed address) per published review',
    description:
      'Not a call of the spec (decision 0034). A second vote by the same person is answered with `alreadyCounted` and not counted again. ' +
      'An unknown or unpublished review is 404 REVIEW_NOT_FOUND.',
    bodyType: 'none',
    params: ReviewIdParams,
    responses: { 200: HelpfulVoteSchema },
  }),
  searchReviews: defineEndpoint({
    service: 'reviews',
    access: moderator,
    method: 'POST',
    path: '/Search/Reviews',
    summary: 'Every review by day written, product code, source and status, newest first, paged',
    description: 'An end date before the start date is 400 REVIEW_SEARCH_DATES_REVERSED.',
    body: ReviewSearchSchema,
    responses: { 200: ReviewSearchPageSchema },
  }),
  searchReviewsAdvanced: defineEndpoint({
    service: 'reviews',
    access: moderator,
    method: 'POST',
    path: '/Search/Reviews/Advanced',
    summary: 'Every review by words, rating range, photos, verified, brand, category, status and source; sorted and paged',
    description: 'A lowest rating above the highest is 400 REVIEW_SEARCH_RATINGS_REVERSED. An unknown brand or category finds nothing.',
    body: AdvancedReviewSearchSchema,
    responses: { 200: ReviewSearchPageSchema },
  }),
  searchReviewsAdvancedV2: defineEndpoint({
    service: 'reviews',
    access: moderator,
    method: 'POST',
    path: '/Search/Reviews/Advanced/v2',
    summary: 'The advanced search, with counts by rating, status, source and verified over everything it matched',
    body: AdvancedReviewSearchSchema,
    responses: { 200: ReviewSearchFacetsPageSchema },
  }),
  getOfferingInsights: defineEndpoint({
    service: 'reviews',
    access: moderator,
    method: 'GET',
    path: '/Insights/Offering',
    summary: 'A product’s rating trend by month, the words most used in low and high reviews, and how many questions were asked',
    description: 'An unknown product code is 404 REVIEW_LISTING_PRODUCT_NOT_FOUND.',
    query: OfferingInsightsQuerySchema,
    responses: { 200: OfferingInsightsSchema },
  }),
} as const;
