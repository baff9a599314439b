import { z } from 'zod';
import { enteredText } from './checkout.ts';
import { orderNumberInput } from './orders.ts';
import { defineEndpoint, requireRole, signedIn } from './endpoint.ts';
import {
  REVIEW_HOLD_REASONS,
  REVIEW_REJECTION_REASONS,
  REVIEW_SOURCES,
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEW_TITLE_MAX,
} from './reviews-values.ts';
import { ReviewPhotoSchema } from './reviews-photos.ts';

/**
 * Writing and moderating reviews (issue 21, docs/domain.md §10.5). A signed-in customer writes one
 * review per product, or one per order line they bought (a verified purchase); it waits as pending,
 * held with a reason when the automatic first pass finds something unfit. A review moderator
 * publishes it (optionally edited, marked so, with a public reply) or rejects it for a listed reason,
 * never for being negative. Photos are added with a call of their own (`reviews-photos.ts`). Listings and
 * summaries are `reviews-listings.ts`.
 */

const Instant = z.iso.datetime({ offset: true });
const BODY_NOT_AN_OBJECT = { error: 'Send the review as a JSON object' };

const Stars = (what: string) =>
  z
    .number({ error: `Choose ${what} from 1 to 5 stars` })
    .int(`Choose ${what} from 1 to 5 stars`)
    .min(1, `Choose ${what} from 1 to 5 stars`)
    .max(5, `Choose ${what} from 1 to 5 stars`);
const Title = enteredText('Title', REVIEW_TITLE_MAX, 'Enter a title for your review');
const ReviewText = enteredText('Your review', REVIEW_TEXT_MAX, 'Write your review').min(
  REVIEW_TEXT_MIN,
  `Your review must be at least ${REVIEW_TEXT_MIN} characters, so other shoppers can learn from it`,
);
const Sku = enteredText('Product code', 40, 'Enter the product code');

/** What every review says, whichever way it is sent. Text is stored as typed: HTML is shown escaped, never removed. */
const reviewFields = {
  rating: Stars('an overall rating'),
  title: Title,
  text: ReviewText,
  qualityRating: Stars('a rating for quality').optional(),
  valueRating: Stars('a rating for value').optional(),
  fittingRating: Stars('a rating for ease of fitting').optional(),
  wouldRecommend: z.boolean({ error: 'Say whether you would recommend it' }).optional(),
  displayName: enteredText('Display name', 60, 'Enter the name to show with your review'),
  town: enteredText('Town', 60).optional(),
};

export const WebsiteReviewSchema = z
  .object(
    {
      slug: z
        .string({ error: 'Enter the product’s web address' })
        .max(300, 'The product’s web address must be 300 characters or fewer')
        .optional()
        .describe('Trimmed and stripped of empty path segments ("/basins//oval-basin/" is the product "oval-basin")'),
      sku: Sku.optional().describe('Instead of `slug`'),
      ...reviewFields,
    },
    BODY_NOT_AN_OBJECT,
  )
  .refine((body) => Boolean(body.slug?.replace(/[\s/]/g, '') || body.sku), {
    error: 'Say which product you are reviewing',
    path: ['slug'],
  })
  .meta({ id: 'WebsiteReview' });
export type WebsiteReview = z.input<typeof WebsiteReviewSchema>;

export const VerifiedOrderReviewSchema = z
  .object(
    {
      orderNumber: orderNumberInput(),
      sku: Sku.describe('The product code of the order line being reviewed'),
      ...reviewFields,
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'VerifiedOrderReview' });
export type VerifiedOrderReview = z.input<typeof VerifiedOrderReviewSchema>;

export const ReviewReceiptSchema = z
  .object({
    reviewId: z.uuid(),
    status: z.enum(REVIEW_STATUSES),
    verifiedPurchase: z.boolean(),
    nextSteps: z.string().describe('What happens next, in words for the author'),
  })
  .meta({ id: 'ReviewReceipt' });
export type ReviewReceipt = z.infer<typeof ReviewReceiptSchema>;

/** A review as a moderator sees it: the author's words and the published ones, its hold and its history's state. */
export const ModeratedReviewSchema = z
  .object({
    reviewId: z.uuid(),
    sku: z.string(),
    source: z.enum(REVIEW_SOURCES),
    verifiedPurchase: z.boolean(),
    status: z.enum(REVIEW_STATUSES),
    version: z.number().int().describe('Send it back with the next change: when the review changed meanwhile, 409 REVIEW_CHANGED'),
    rating: z.number().int(),
    qualityRating: z.number().int().nullable(),
    valueRating: z.number().int().nullable(),
    fittingRating: z.number().int().nullable(),
    wouldRecommend: z.boolean().nullable(),
    title: z.string().describe('As shown: the moderator’s edit when there is one'),
    text: z.string().describe('As shown: the moderator’s edit when there is one'),
    authorTitle: z.string().describe('As the author wrote it'),
    authorText: z.string().describe('As the author wrote it'),
    edited: z.boolean(),
    shopReply: z.string().nullable(),
    displayName: z.string(),
    town: z.string().nullable(),
    heldReason: z.enum(REVIEW_HOLD_REASONS).nullable().describe('Why the automatic first pass held it back'),
    rejectionReason: z.enum(REVIEW_REJECTION_REASONS).nullable(),
    photos: z.array(ReviewPhotoSchema).describe('Its photos in the order they were sent: moderators may open them in any state (decision 0035)'),
    createdAt: Instant,
    moderatedAt: Instant.nullable(),
  })
  .meta({ id: 'ModeratedReview' });
export type ModeratedReview = z.infer<typeof ModeratedReviewSchema>;

/** One step of a review's history (`review_events`): written (held or not), published (edited or not), rejected with its reason. */
export const ReviewHistoryEntrySchema = z
  .object({
    at: Instant,
    fromStatus: z.enum(REVIEW_STATUSES).nullable().describe('null when the review was written'),
    toStatus: z.enum(REVIEW_STATUSES),
    note: z.string().nullable().describe('“held: phone_number”, “published with an edited title”, or the rejection reason’s name'),
    by: z.enum(['author', 'moderator']),
    moderatorName: z.string().nullable().describe('The moderator’s name when their account has one'),
  })
  .meta({ id: 'ReviewHistoryEntry' });
export type ReviewHistoryEntry = z.infer<typeof ReviewHistoryEntrySchema>;

/** A review for its moderation page: the moderator's view, the product it is about, its counts and its history, oldest first. */
export const ReviewForModerationSchema = ModeratedReviewSchema.extend({
  productName: z.string().nullable().describe('null when the product is no longer sold'),
  productSlug: z.string().nullable(),
  helpfulCount: z.number().int(),
  photoCount: z.number().int(),
  history: z.array(ReviewHistoryEntrySchema),
}).meta({ id: 'ReviewForModeration' });
export type ReviewForModeration = z.infer<typeof ReviewForModerationSchema>;

const Version = z
  .number({ error: 'Send the version of the review you were looking at' })
  .int('The version must be a whole number')
  .positive('The version must be a whole number')
  .describe('The version the moderator was looking at: when the review changed since, 409 REVIEW_CHANGED');

export const UpdateProductReviewDtoSchema = z
  .object(
    {
      title: Title.optional().describe('An edited title, shown instead of the author’s and marked as edited'),
      text: ReviewText.optional().describe('An edited text, shown instead of the author’s and marked as edited'),
      shopReply: enteredText('Reply', 2000).optional().describe('A public reply from the shop'),
      version: Version,
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'updateProductReviewDto' });
export type UpdateProductReviewDto = z.input<typeof UpdateProductReviewDtoSchema>;

export const RejectReviewQuerySchema = z.object({
  reason: z.enum(REVIEW_REJECTION_REASONS, {
    error: 'Choose a reason from the list: off-topic, offensive, personal data, not about the product, or fake or incentivised',
  }),
  version: z.coerce
    .number({ error: 'Send the version of the review you were looking at' })
    .int('The version must be a whole number')
    .positive('The version must be a whole number'),
});
export type RejectReviewQuery = z.input<typeof RejectReviewQuerySchema>;

const ReviewParams = z.object({ reviewId: z.uuid({ error: 'That is not a review’s id' }) });
const moderators = requireRole('review-moderator');
const moderationNote =
  'Only a pending review can be moderated, and a published one taken down (rejected); anything else is 409 REVIEW_ALREADY_PUBLISHED or ' +
  'REVIEW_ALREADY_REJECTED. A review changed since `version` (another moderator at the same moment) is 409 REVIEW_CHANGED and changes nothing.';

export const reviewWritingEndpoints = {
  getReview: defineEndpoint({
    service: 'reviews',
    access: moderators,
    method: 'GET',
    path: '/Reviews/{reviewId}',
    summary: 'A review as its moderator sees it, in any state: the author’s words and the published ones, its product and its history',
    description: 'Not a call of the spec (decision 0038): the moderation page reads one review with it. An unknown review is 404 REVIEW_NOT_FOUND.',
    params: ReviewParams,
    responses: { 200: ReviewForModerationSchema },
  }),
  writeVerifiedOrderReview: defineEndpoint({
    service: 'reviews',
    access: signedIn,
    method: 'POST',
    path: '/Reviews/Source/Website/VerifiedOrder',
    summary: 'A review of a product the signed-in customer bought, shown as a verified purchase: one per order line',
    description:
      'Another customer’s order is the same 404 REVIEW_ORDER_NOT_FOUND as an unknown one; a product not on the order is 422 REVIEW_NOT_ON_ORDER; ' +
      'a line reviewed already is 409 REVIEW_ORDER_LINE_REVIEWED, a product reviewed already 409 REVIEW_ALREADY_WRITTEN. The review waits as pending.',
    body: VerifiedOrderReviewSchema,
    responses: { 201: ReviewReceiptSchema },
  }),
  writeWebsiteReview: defineEndpoint({
    service: 'reviews',
    access: signedIn,
    method: 'POST',
    path: '/Reviews/Source/Website',
    summary: 'A signed-in customer’s review of a product: one per product per person',
    description: 'An unknown product is 404 REVIEW_PRODUCT_NOT_FOUND; a second review of one product is 409 REVIEW_ALREADY_WRITTEN. It waits as pending.',
    body: WebsiteReviewSchema,
    responses: { 201: ReviewReceiptSchema },
  }),
  publishReview: defineEndpoint({
    service: 'reviews',
    access: moderators,
    method: 'PUT',
    path: '/Reviews/Publish/{reviewId}',
    summary: 'Publishes a pending review, optionally with an edited title or text (marked as edited) and a public reply',
    description: `Its product’s summary changes in the same transaction. ${moderationNote}`,
    params: ReviewParams,
    body: UpdateProductReviewDtoSchema,
    responses: { 200: ModeratedReviewSchema },
  }),
  rejectReview: defineEndpoint({
    service: 'reviews',
    access: moderators,
    method: 'PUT',
    path: '/Reviews/Reject/{reviewId}',
    summary: 'Rejects a review for a reason from the fixed list (never for being negative), and e-mails the author that reason',
    description: `No body, as the spec says: the reason and version are query parameters (decision 0033). ${moderationNote}`,
    params: ReviewParams,
    query: RejectReviewQuerySchema,
    responses: { 200: ModeratedReviewSchema },
  }),
} as const;
