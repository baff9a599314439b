import { londonDayMonth } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { Job, JobContext } from '../../platform/jobs.ts';
import type { ReviewsDeps } from './reviews.deps.ts';
import * as repository from './repository/index.ts';

type DeliveredOrder = Awaited<ReturnType<ReviewsDeps['orders']['deliveredOrders']>>[number];

/** The "review your purchase" e-mail (issue 21): one per delivered order, a set number of days after delivery. */
export interface ReviewInvitationsService {
  /**
   * The polling work: the e-mails, with links to the storefront's review form, `invitationDelayDays`
   * after delivery, looked for every `invitationPollSeconds` (the deps' settings).
   */
  invitationJobs(): Job[];
}

const DAY_MS = 86_400_000;

/**
 * Only orders delivered in the last 30 days are asked about. Without a limit, the job's first run
 * on a shop that has traded for years would e-mail every customer about every order they ever
 * had delivered; 30 days also covers the job being stopped for a while (an outage, a deploy
 * without jobs): an order missed on its seventh day is still asked about later that month.
 */
export const REVIEW_INVITATION_LOOKBACK_DAYS = 30;
/** Orders read per page of the window. */
const PAGE = 200;

/** The review form for a product, reached from the order: the review is then a verified purchase. */
export const reviewLinkFor = (publicUrl: string, productSlug: string, orderNumber: string): string =>
  `${publicUrl}/p/${encodeURIComponent(productSlug)}/review?order=${encodeURIComponent(orderNumber)}`;

/** The products of the lines not cancelled in full, once each (two sizes of one product are one review). */
export function productsToReview(order: Pick<DeliveredOrder, 'lines'>): { productName: string; productSlug: string }[] {
  const products = new Map<string, string>();
  for (const line of order.lines) {
    if (line.cancelledQuantity < line.quantity && !products.has(line.productSlug)) products.set(line.productSlug, line.productName);
  }
  return [...products].map(([productSlug, productName]) => ({ productSlug, productName }));
}

/**
 * The reserved top-level domain `.invalid` (RFC 2606) is never delivered to: identity gives an
 * erased account such an address, and someone who asked to be forgotten is not asked for a review.
 */
const isErasedAddress = (email: string) => email.toLowerCase().endsWith('.invalid');

export function createInvitations(deps: ReviewsDeps): ReviewInvitationsService {
  return {
    invitationJobs: () => [
      { name: 'review-invitations', everyMs: deps.settings.invitationPollSeconds * 1000, runOnce: (ctx) => sendDueInvitations(deps, ctx) },
    ],
  };
}

/**
 * Sends the e-mail for every order delivered between REVIEW_INVITATION_LOOKBACK_DAYS and
 * `invitationDelayDays` (REVIEW_INVITATION_DAYS, 7 unless set) days ago, by a customer with an account (writing a review
 * needs signing in), not cancelled, with a line not cancelled in full. Each order is claimed by
 * inserting its `review_invitations` row (the order's id is the key) with ON CONFLICT DO NOTHING
 * in the transaction that queues its e-mail: of two runs at once (two instances), the second
 * waits for the first's commit and then inserts nothing, so each order is e-mailed once. The
 * rows go in in delivery order, so two runs take the same keys in the same order and cannot deadlock.
 */
async function sendDueInvitations(deps: ReviewsDeps, ctx: Pick<JobContext, 'db' | 'clock'>): Promise<{ claimed: number }> {
  const now = ctx.clock.now().getTime();
  const window = {
    from: new Date(now - REVIEW_INVITATION_LOOKBACK_DAYS * DAY_MS),
    // "At least N days ago": delivered at or before that instant.
    before: new Date(now - deps.settings.invitationDelayDays * DAY_MS + 1),
  };
  let claimed = 0;
  let after: { deliveredAt: Date; id: string } | undefined;
  for (;;) {
    const page = await deps.orders.deliveredOrders({ db: ctx.db }, { ...window, after, limit: PAGE });
    claimed += await invite(deps, ctx.db, await dueOf(deps, ctx.db, page), ctx.clock.now());
    if (page.length < PAGE) return { claimed };
    const last = page.at(-1)!;
    after = { deliveredAt: last.deliveredAt, id: last.id };
  }
}

/** Of a page of deliveries, those to ask about now: a customer's (with an account still), not cancelled, something to review, not asked yet. */
async function dueOf(deps: ReviewsDeps, db: Database, page: DeliveredOrder[]): Promise<DeliveredOrder[]> {
  const candidates = page.filter((order) => order.customerId !== null && order.status !== 'cancelled' && productsToReview(order).length > 0);
  if (candidates.length === 0) return [];
  const askedIds = await repository.invitedOrders(
    db,
    candidates.map((order) => order.id),
  );
  const due: DeliveredOrder[] = [];
  for (const order of candidates) {
    if (askedIds.has(order.id) || !deps.notifications.isSendableAddress(order.emailAddress)) continue;
    const account = await deps.identity.getUserProfile({ db }, order.customerId!);
    if (account && !isErasedAddress(account.email)) due.push(order);
  }
  return due;
}

/** Claims the orders and queues their e-mails in one transaction; the number claimed (0 for those another run took first). */
async function invite(deps: ReviewsDeps, db: Database, due: DeliveredOrder[], now: Date): Promise<number> {
  if (due.length === 0) return 0;
  return db.transaction(async (tx) => {
    const mine = await repository.claimInvitations(
      tx,
      due.map((order) => ({ orderId: order.id, emailAddress: order.emailAddress, sentAt: now })),
    );
    for (const order of due) {
      if (!mine.has(order.id)) continue;
      await deps.notifications.enqueueEmail(
        { db: tx },
        {
          to: order.emailAddress,
          ...invitationEmail(deps, order),
          template: 'reviews.invitation',
          dedupeKey: `review-invitation:${order.id}`,
        },
      );
    }
    return mine.size;
  });
}

/** Each product with its own "Write a review" button; product names are the shop's, shown escaped by the e-mail layout like any text. */
function invitationEmail({ notifications, publicUrl }: ReviewsDeps, order: DeliveredOrder) {
  const products = productsToReview(order);
  const first = products[0]!;
  const several = products.length > 1;
  const shop = notifications.shopDetails().tradingName;
  return notifications.renderEmail({
    subject: several ? `Review your purchases from order ${order.orderNumber}` : `How is your ${first.productName}? Tell us in a review`,
    preheader: `Tell other customers what you think of ${several ? 'what you bought' : first.productName}: it takes about two minutes.`,
    heading: several ? 'Review your purchases' : 'Review your purchase',
    paragraphs: [
      `Hello ${order.customerName},`,
      `Your order ${order.orderNumber} was delivered on ${londonDayMonth(order.deliveredAt)}. Would you tell other customers what you think of ` +
        `${several ? 'what you bought' : 'it'}? A review takes about two minutes, and it shows as a verified purchase.`,
      `We publish good and bad reviews alike, and never remove one for being negative. How we check reviews: ${publicUrl}/reviews-policy`,
    ],
    // A button per product, each to its own review form.
    actions: products.map((product) => ({
      label: several ? `Write a review of ${product.productName}` : 'Write a review',
      url: reviewLinkFor(publicUrl, product.productSlug, order.orderNumber),
    })),
    footnote: `You are receiving this because an order was placed on ${shop} with this e-mail address. We ask once per order.`,
  });
}
