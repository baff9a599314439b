import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  REVIEW_REJECTION_REASON_NAMES,
  type ModeratedReview,
  type RejectReviewQuerySchema,
  type ReviewForModeration,
  type ReviewReceipt,
  type UpdateProductReviewDtoSchema,
  type VerifiedOrderReviewSchema,
  type WebsiteReviewSchema,
} from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { firstPassHold, productSlugOf } from './review-rules.ts';
import type { ReviewsDeps } from './reviews.deps.ts';
import * as repository from './repository/index.ts';
import type { ReviewRow } from './repository/index.ts';
import { changeSummary } from './summaries.ts';
import { ReviewErrors } from './writing.errors.ts';
import { photosOfReview, shownReview } from './review-view.ts';
import { productFieldsOf, productNamesOf } from './reviewed-products.ts';

type WebsiteReviewInput = z.output<typeof WebsiteReviewSchema>;
type VerifiedOrderReviewInput = z.output<typeof VerifiedOrderReviewSchema>;
type PublishInput = z.output<typeof UpdateProductReviewDtoSchema>;
type RejectInput = z.output<typeof RejectReviewQuerySchema>;
type Db = ServiceContext['db'];

/**
 * Writing reviews and moderating them (issue 21, docs/domain.md §10.5). A new review waits as
 * pending, held with a reason when the first pass (`review-rules.ts`) finds something unfit. A
 * moderator's change is made at the `version` they saw, with its history row and, on publishing or
 * taking down, the product's summary, all in one transaction.
 */
export interface ReviewWritingService {
  writeWebsiteReview(ctx: CallerContext, input: WebsiteReviewInput): Promise<ReviewReceipt>;
  writeVerifiedOrderReview(ctx: CallerContext, input: VerifiedOrderReviewInput): Promise<ReviewReceipt>;
  publishReview(ctx: CallerContext, reviewId: string, input: PublishInput): Promise<ModeratedReview>;
  /** Rejects a pending review, or takes a published one down; e-mails the author the reason. */
  rejectReview(ctx: CallerContext, reviewId: string, input: RejectInput): Promise<ModeratedReview>;
  /** One review in any state for its moderation page, with its product and history (decision 0038). */
  getReviewForModeration(ctx: CallerContext, reviewId: string): Promise<ReviewForModeration>;
}

const NEXT_STEPS =
  'Thank you. Our team checks every review before it appears, usually within two working days. ' +
  'We publish good and bad reviews alike, and we will e-mail you if we cannot publish yours.';

type ReviewWords = Pick<
  WebsiteReviewInput,
  'rating' | 'title' | 'text' | 'qualityRating' | 'valueRating' | 'fittingRating' | 'wouldRecommend' | 'displayName' | 'town'
>;

/** The author's address for the e-mail about their review: the session's, else their account's. */
async function authorEmail({ identity }: ReviewsDeps, ctx: CallerContext): Promise<string | null> {
  if (ctx.actor?.email) return ctx.actor.email;
  const profile = ctx.actor ? await identity.getUserProfile(ctx, ctx.actor.userId) : null;
  return profile?.email ?? null;
}

async function findProduct({ catalogue }: ReviewsDeps, ctx: CallerContext, input: { slug?: string; sku?: string }) {
  const slug = input.slug ? productSlugOf(input.slug) : '';
  try {
    return slug ? await catalogue.getProductSummary(ctx, slug) : await catalogue.getProductSummaryBySku(ctx, input.sku ?? '');
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw ReviewErrors.productNotFound();
    throw error;
  }
}

/** Writes the review; a second one by the author (or of the line) loses on the unique indexes, even when sent twice at once. */
async function record(
  deps: ReviewsDeps,
  ctx: CallerContext,
  input: ReviewWords,
  where: { productId: number; sku: string; source: ReviewRow['source']; orderId?: string; orderLinePosition?: number },
): Promise<ReviewReceipt> {
  const customerId = ctx.actor!.userId;
  const now = ctx.clock.now();
  const emailAddress = await authorEmail(deps, ctx);
  const id = randomUUID();
  return ctx.db.transaction(async (db) => {
    const earlier = await repository.reviewsByCustomer(db, customerId);
    if (await lineReviewed(db, where)) throw ReviewErrors.orderLineReviewed();
    if (earlier.some((row) => row.productId === where.productId && row.status !== 'rejected')) throw ReviewErrors.alreadyWritten();
    const heldReason = firstPassHold(
      input,
      earlier.map((row) => row.text),
    );
    const inserted = await repository.insertReview(db, {
      id,
      ...where,
      customerId,
      emailAddress,
      displayName: input.displayName,
      town: input.town ?? null,
      rating: input.rating,
      qualityRating: input.qualityRating ?? null,
      valueRating: input.valueRating ?? null,
      fittingRating: input.fittingRating ?? null,
      wouldRecommend: input.wouldRecommend ?? null,
      title: input.title,
      text: input.text,
      heldReason,
      createdAt: now,
    });
    if (!inserted) throw (await lineReviewed(db, where)) ? ReviewErrors.orderLineReviewed() : ReviewErrors.alreadyWritten();
    await repository.addReviewEvent(db, {
      reviewId: id,
      fromStatus: null,
      toStatus: 'pending',
      note: heldReason ? `held: ${heldReason}` : null,
      actor: customerId,
      at: now,
    });
    return { reviewId: id, status: 'pending' as const, verifiedPurchase: where.source === 'VerifiedOrder', nextSteps: NEXT_STEPS };
  });
}

/** Whether the order line has a review (a rejected one does not count: its author may write again). */
async function lineReviewed(db: Db, where: { orderId?: string; orderLinePosition?: number }): Promise<boolean> {
  if (!where.orderId || where.orderLinePosition === undefined) return false;
  return repository.lineReviewed(db, where.orderId, where.orderLinePosition);
}

/** A moderator's change at the version they saw; 409 when another got there first. */
async function moderate(
  ctx: CallerContext,
  reviewId: string,
  version: number,
  decide: (row: ReviewRow) => Partial<ReviewRow>,
  alongside: (db: Transaction, before: ReviewRow, after: ReviewRow, now: Date) => Promise<void>,
): Promise<ModeratedReview> {
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (db) => {
    const row = await repository.findReview(db, reviewId);
    if (!row) throw ReviewErrors.reviewNotFound();
    if (row.version !== version) throw ReviewErrors.changed();
    const changes = decide(row);
    const after = await repository.changeReviewAt(db, reviewId, version, { ...changes, moderatedAt: now, moderatedBy: ctx.actor?.userId ?? null });
    if (!after) throw ReviewErrors.changed();
    await alongside(db, row, after, now);
    return after;
  });
  return present(updated, await photosOfReview(ctx.db, reviewId));
}

async function writeWebsiteReview(deps: ReviewsDeps, ctx: CallerContext, input: WebsiteReviewInput): Promise<ReviewReceipt> {
  const product = await findProduct(deps, ctx, input);
  return record(deps, ctx, input, { productId: product.id, sku: product.sku, source: 'Website' });
}

async function writeVerifiedOrderReview(deps: ReviewsDeps, ctx: CallerContext, input: VerifiedOrderReviewInput): Promise<ReviewReceipt> {
  let line;
  try {
    line = await deps.orders.purchasedLine(ctx, input.orderNumber, input.sku);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw ReviewErrors.orderNotFound();
    throw error;
  }
  if (!line) throw ReviewErrors.notOnOrder();
  if (line.cancelledQuantity >= line.quantity || line.orderStatus === 'cancelled') throw ReviewErrors.lineCancelled();
  const product = await findProduct(deps, ctx, { slug: line.productSlug });
  return record(deps, ctx, input, {
    productId: product.id,
    sku: line.sku,
    source: 'VerifiedOrder',
    orderId: line.orderId,
    orderLinePosition: line.position,
  });
}

function publishReview(deps: ReviewsDeps, ctx: CallerContext, reviewId: string, input: PublishInput): Promise<ModeratedReview> {
  return moderate(
    ctx,
    reviewId,
    input.version,
    (row) => {
      if (row.status === 'published') throw ReviewErrors.alreadyPublished();
      if (row.status === 'rejected') throw ReviewErrors.alreadyRejected();
      const title = input.title && input.title !== row.title ? input.title : null;
      const text = input.text && input.text !== row.text ? input.text : null;
      return {
        status: 'published',
        publishedTitle: title,
        publishedText: text,
        edited: Boolean(title || text),
        shopReply: input.shopReply ?? row.shopReply,
      };
    },
    async (db, before, after, now) => {
      const note = after.edited
        ? 'published with an edited ' + [after.publishedTitle && 'title', after.publishedText && 'text'].filter(Boolean).join(' and ')
        : null;
      await repository.addReviewEvent(db, { reviewId, fromStatus: before.status, toStatus: 'published', note, actor: ctx.actor?.userId ?? null, at: now });
      await changeSummary(deps, db, after, 1, now);
    },
  );
}

async function getReviewForModeration(deps: ReviewsDeps, ctx: CallerContext, reviewId: string): Promise<ReviewForModeration> {
  const row = await repository.findReview(ctx.db, reviewId);
  if (!row) throw ReviewErrors.reviewNotFound();
  const [events, names, photos] = await Promise.all([
    repository.reviewEventsOf(ctx.db, reviewId),
    productNamesOf(deps, ctx, [row.sku]),
    photosOfReview(ctx.db, reviewId),
  ]);
  // Moderators by their account's name, each looked up once; the author is "author" whatever their name.
  const moderatorIds = [...new Set(events.map((event) => event.actor).filter((actor): actor is string => Boolean(actor) && actor !== row.customerId))];
  const profiles = new Map(await Promise.all(moderatorIds.map(async (id) => [id, (await deps.identity.getUserProfile(ctx, id))?.name ?? null] as const)));
  return {
    ...present(row, photos),
    ...productFieldsOf(names, row.sku),
    helpfulCount: row.helpfulCount,
    photoCount: row.photoCount,
    history: events.map((event) => {
      const byAuthor = event.toStatus === 'pending' && event.fromStatus === null && (event.actor === row.customerId || event.actor === null);
      return {
        at: event.at.toISOString(),
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        note: event.note,
        by: byAuthor ? ('author' as const) : ('moderator' as const),
        moderatorName: byAuthor || !event.actor ? null : (profiles.get(event.actor) ?? null),
      };
    }),
  };
}

function rejectReview(deps: ReviewsDeps, ctx: CallerContext, reviewId: string, input: RejectInput): Promise<ModeratedReview> {
  return moderate(
    ctx,
    reviewId,
    input.version,
    (row) => {
      if (row.status === 'rejected') throw ReviewErrors.alreadyRejected();
      return { status: 'rejected', rejectionReason: input.reason };
    },
    async (db, before, after, now) => {
      const reason = REVIEW_REJECTION_REASON_NAMES[input.reason];
      await repository.addReviewEvent(db, {
        reviewId,
        fromStatus: before.status,
        toStatus: 'rejected',
        note: reason,
        actor: ctx.actor?.userId ?? null,
        at: now,
      });
      // Taking a published review down takes it out of its product's summary in the same transaction.
      if (before.status === 'published') await changeSummary(deps, db, before, -1, now);
      if (after.emailAddress)
        await deps.notifications.enqueueEmail(
          { db },
          {
            to: after.emailAddress,
            ...rejectionEmail(deps.notifications, after, reason),
            template: 'reviews.rejected',
            dedupeKey: `review-rejected:${reviewId}`,
          },
        );
    },
  );
}

export function createWriting(deps: ReviewsDeps): ReviewWritingService {
  return {
    writeWebsiteReview: (ctx, input) => writeWebsiteReview(deps, ctx, input),
    writeVerifiedOrderReview: (ctx, input) => writeVerifiedOrderReview(deps, ctx, input),
    publishReview: (ctx, reviewId, input) => publishReview(deps, ctx, reviewId, input),
    rejectReview: (ctx, reviewId, input) => rejectReview(deps, ctx, reviewId, input),
    getReviewForModeration: (ctx, reviewId) => getReviewForModeration(deps, ctx, reviewId),
  };
}

/** The author hears why, in words, and that they may write again (the text is theirs, shown escaped by the e-mail layout). */
function rejectionEmail(notifications: ReviewsDeps['notifications'], review: ReviewRow, reason: string) {
  return notifications.renderEmail({
    subject: 'We could not publish your review',
    preheader: `Your review “${review.title}” was not published: ${reason.toLowerCase()}.`,
    heading: 'We could not publish your review',
    paragraphs: [
      `Hello ${review.displayName},`,
      `Thank you for your review “${review.title}”. We could not publish it, for this reason: ${reason}.`,
      'We publish good and bad reviews alike, and never remove one for being negative. ' +
        'You are welcome to write a new review of the product that keeps to our review policy.',
    ],
    footnote: 'You are receiving this because you wrote a review on our website.',
  });
}

function present(row: ReviewRow, photos: ModeratedReview['photos']): ModeratedReview {
  return {
    reviewId: row.id,
    sku: row.sku,
    source: row.source,
    status: row.status,
    version: row.version,
    ...shownReview(row),
    authorTitle: row.title,
    authorText: row.text,
    heldReason: row.heldReason,
    rejectionReason: row.rejectionReason,
    photos,
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
  };
}
