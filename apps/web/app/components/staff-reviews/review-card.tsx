import { REVIEW_REJECTION_REASON_NAMES, type ModeratedReview } from '@shop/contracts';
import { useShopName } from '../../lib/shop-details.ts';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { formatDay, heldLabel, insightsHref, reviewHref, shownText, shownTitle, STATUS_BADGES, type QueueReview } from '../../lib/staff-reviews/queue.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { linkClasses } from '../ui/link.tsx';
import { RatingStars } from '../ui/rating-stars.tsx';
import { PublishForm, RejectForm } from './moderation-forms.tsx';
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
  notice: { text: string; tone: 'done' | 'problem' } | undefined;
  onModerated: (moderated: ModeratedReview, message: string) => void;
  onChanged: () => void;
  /** While a bulk step runs, the row's own steps wait. */
  busy: boolean;
}

type Panel = 'publish' | 'reject' | null;

/** One review in the queue: what it says, who wrote it about what, and the moderator's steps. */
export function ReviewCard({ review, selected, onSelect, notice, onModerated, onChanged, busy }: ReviewCardProps) {
  const id = useId();
  const [panel, setPanel] = useState<Panel>(null);
  const canPublish = review.status === 'pending';
  const canReject = review.status !== 'rejected';
  const toggle = (next: Panel) => setPanel((open) => (open === next ? null : next));
  const title = shownTitle(review);
  return (
    <article
      aria-labelledby={`${id}-title`}
      className={cn('rounded-2xl border bg-white p-4 sm:p-5', selected ? 'border-teal-600 ring-1 ring-teal-600' : 'border-navy-100')}
    >
      <div className="flex items-start gap-3">
        {canReject && (
          <input
            type="checkbox"
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={`Select “${title}”`}
            disabled={busy}
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
          {notice && (
            <p
              role={notice.tone === 'problem' ? 'alert' : 'status'}
              className={cn(
                'rounded-lg p-3 text-sm font-semibold',
                notice.tone === 'problem' ? 'border border-red-200 bg-red-50 text-red-800' : 'bg-teal-50 text-teal-900',
              )}
            >
              {notice.text}
            </p>
          )}
          {(canPublish || canReject) && (
            <div className="flex flex-wrap gap-2 pt-1">
              {canPublish && (
                <Button
                  size="sm"
                  variant={panel === 'publish' ? 'primary' : 'secondary'}
                  aria-expanded={panel === 'publish'}
                  onClick={() => toggle('publish')}
                  disabled={busy}
                >
                  Publish…
                </Button>
              )}
              <Button
                size="sm"
                variant={panel === 'reject' ? 'primary' : 'secondary'}
                aria-expanded={panel === 'reject'}
                onClick={() => toggle('reject')}
                disabled={busy}
              >
                {review.status === 'published' ? 'Take down…' : 'Reject…'}
              </Button>
              <Link to={reviewHref(review.id)} className={cn(linkClasses, 'inline-flex h-9 items-center px-1 text-sm')}>
                Open review<span className="sr-only"> “{title}”</span>
              </Link>
            </div>
          )}
          {/* Keyed on the version: after a change the forms start again from the review as it is now. */}
          {panel === 'publish' && canPublish && <PublishForm key={review.version} review={review} onModerated={onModerated} onChanged={onChanged} />}
          {panel === 'reject' && canReject && <RejectForm key={review.version} review={review} onModerated={onModerated} onChanged={onChanged} />}
        </div>
      </div>
    </article>
  );
}
