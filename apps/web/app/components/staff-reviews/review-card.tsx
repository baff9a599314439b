import { REVIEW_REJECTION_REASON_NAMES } from '@shop/contracts';
import { useShopName } from '../../lib/shop-details.ts';
import { useId, type ReactNode } from 'react';
import { Link, useActionData } from 'react-router';
import type { RefusedStep } from '../../lib/auth/staff-page.server.ts';
import { cn } from '../../lib/cn.ts';
import { formatDay, heldLabel, insightsHref, reviewHref, shownText, shownTitle, STATUS_BADGES, type QueueReview } from '../../lib/staff-reviews/queue.ts';
import { CardNotice, type CardNoticeText } from '../staff/card-notice.tsx';
import { Badge } from '../ui/badge.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { linkClasses } from '../ui/link.tsx';
import { RatingStars } from '../ui/rating-stars.tsx';
import { BULK_FORM_ID, reviewChoice } from './bulk-actions.tsx';
import { PublishStep, RejectStep, reviewStepIntent } from './moderation-forms.tsx';
import { ReviewPhotos } from './review-photos.tsx';
import { ReviewByline } from '../reviews/review-byline.tsx';

/** The review's state as badges: its status, why the first pass held it, why it was rejected, verified, edited. */
export function ReviewBadges({ review }: { review: QueueReview }) {
  const shopName = useShopName();
  return (
    <>
      <Badge tone={STATUS_BADGES[review.status].tone}>{STATUS_BADGES[review.status].label}</Badge>
      {review.heldReason && review.status === 'pending' && <Badge tone="sale">{heldLabel(review.heldReason)}</Badge>}
      {review.rejectionReason && <Badge tone="neutral">{REVIEW_REJECTION_REASON_NAMES[review.rejectionReason]}</Badge>}
      {review.verifiedPurchase && <Badge tone="success">Verified purchase</Badge>}
      {review.edited && <Badge tone="info">Edited by {shopName}</Badge>}
    </>
  );
}

/** Who wrote it, where from and when. */
export function ReviewAuthor({ review }: { review: QueueReview }) {
  return <ReviewByline review={review} formatDay={formatDay} />;
}

/** The product it is about: its name (to its page in the shop), its code and its insights. */
export function ReviewProduct({ review }: { review: QueueReview }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
      {review.productSlug ? (
        <Link to={`/p/${review.productSlug}`} className={linkClasses}>
          {review.productName}
        </Link>
      ) : (
        <span className="text-navy-700">No longer sold</span>
      )}
      <span className="font-mono text-navy-700">{review.sku}</span>
      <Link to={insightsHref(review.sku)} className={linkClasses}>
        Product insights<span className="sr-only"> for {review.sku}</span>
      </Link>
    </p>
  );
}

/** The shop's public reply under a review. */
export function ShopReply({ reply }: { reply: string }) {
  const shopName = useShopName();
  return (
    <div className="max-w-prose rounded-xl border-l-4 border-teal-600 bg-sand-50 p-4 text-sm">
      <p className="font-semibold text-navy-950">Reply from {shopName}</p>
      <p className="mt-1 leading-relaxed break-words whitespace-pre-line text-navy-800">{reply}</p>
    </div>
  );
}

/** A review's words as shoppers see them (or will): shown escaped, line breaks kept. */
export function ReviewText({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn('max-w-prose leading-relaxed break-words whitespace-pre-line text-navy-800', className)}>{children}</p>;
}

export interface ReviewCardProps {
  review: QueueReview;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** Says what happened to the review (a step done, or another moderator's change). */
  notice: CardNoticeText | undefined;
}

const disclosure = cn(buttonClasses('secondary', 'sm'), 'list-none [&::-webkit-details-marker]:hidden');

/**
 * One review in the queue: what it says, who wrote it about what, and the moderator's steps, each
 * opened by a native disclosure (it works before the page's scripts run) and posted as a plain form
 * to the queue's action; its box joins the queue's form for ticked reviews.
 */
export function ReviewCard({ review, selected, onSelect, notice }: ReviewCardProps) {
  const id = useId();
  const refused = useActionData<RefusedStep | undefined>();
  const canPublish = review.status === 'pending';
  const canReject = review.status !== 'rejected';
  const title = shownTitle(review);
  // A step refused comes back with its form open; the disclosures share a name, so one opens at a time.
  const openAfter = (step: 'publish' | 'reject') => refused?.intent === reviewStepIntent(step, review.id) || undefined;
  return (
    <article
      aria-labelledby={`${id}-title`}
      className={cn('rounded-2xl border bg-white p-4 sm:p-5', selected ? 'border-teal-600 ring-1 ring-teal-600' : 'border-navy-100')}
    >
      <div className="flex items-start gap-3">
        {canReject && (
          <input
            type="checkbox"
            form={BULK_FORM_ID}
            name="review"
            value={reviewChoice(review)}
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={`Select “${title}”`}
            className="mt-1 size-5 shrink-0 cursor-pointer rounded border-navy-400 accent-teal-700"
          />
        )}
        <div className="min-w-0 flex-1 space-y-2.5">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <RatingStars rating={review.rating} />
            <ReviewBadges review={review} />
          </div>
          <h3 id={`${id}-title`} className="font-semibold break-words text-navy-950">
            <Link to={reviewHref(review.id)} className="hover:underline hover:underline-offset-3">
              {title}
            </Link>
          </h3>
          <ReviewText>{shownText(review)}</ReviewText>
          <ReviewPhotos photos={review.photos} />
          <ReviewAuthor review={review} />
          <ReviewProduct review={review} />
          {review.shopReply && <ShopReply reply={review.shopReply} />}
          {notice && <CardNotice notice={notice} />}
          {(canPublish || canReject) && (
            <div className="space-y-3 pt-1">
              {canPublish && (
                <details name={`${id}-steps`} open={openAfter('publish')} className="group space-y-3">
                  <summary className={disclosure}>Publish…</summary>
                  <PublishStep review={review} intent={reviewStepIntent('publish', review.id)} />
                </details>
              )}
              <details name={`${id}-steps`} open={openAfter('reject')} className="group space-y-3">
                <summary className={disclosure}>{review.status === 'published' ? 'Take down…' : 'Reject…'}</summary>
                <RejectStep review={review} intent={reviewStepIntent('reject', review.id)} />
              </details>
              <Link to={reviewHref(review.id)} className={cn(linkClasses, 'inline-flex h-9 items-center px-1 text-sm')}>
                Open review<span className="sr-only"> “{title}”</span>
              </Link>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
