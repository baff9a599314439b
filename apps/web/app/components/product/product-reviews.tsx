import { Link } from '../ui/link.tsx';
import { useShopName } from '../../lib/shop-details.ts';
import { londonLongDate } from '@shop/contracts';
import { cn } from '../../lib/cn.ts';
import { Badge } from '../ui/badge.tsx';
import { CheckIcon } from '../ui/icons.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { RatingStars } from '../ui/rating-stars.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { HelpfulVote } from '../reviews/helpful-vote.tsx';
import { ReviewPhotoThumbnails } from '../reviews/review-photo-thumbnails.tsx';
import { ReviewByline } from '../reviews/review-byline.tsx';
import { reviewAnchor, writeReviewPath } from '../../lib/reviews/review-links.ts';
import type { ShownReview, ShownReviewsData } from './reviews-page.ts';

const reviewsWord = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'review' : 'reviews'}`;

const SUB_RATINGS = [
  ['quality', 'Quality'],
  ['value', 'Value for money'],
  ['fitting', 'Ease of fitting'],
] as const;

function Summary({ summary }: { summary: ShownReviewsData['summary'] }) {
  const subRatings = SUB_RATINGS.flatMap(([key, label]) => {
    const value = summary.subRatings[key];
    return value === null ? [] : [{ label, value }];
  });
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4">
        <p className="text-5xl font-bold tracking-tight text-navy-950">
          {summary.averageRating.toFixed(1)}
          <span className="sr-only"> out of 5</span>
        </p>
        <div className="space-y-1">
          <RatingStars rating={summary.averageRating} />
          <p className="text-sm text-navy-700">{`Based on ${reviewsWord(summary.count)}`}</p>
        </div>
      </div>

      {/* Each row's label, bar and count are styled from the list (app.css's `.rating-bars`). */}
      <ul className="rating-bars" aria-label="Ratings by stars">
        {summary.histogram.map((row) => (
          <li key={row.stars}>
            <span>{`${row.stars} ${row.stars === 1 ? 'star' : 'stars'}`}</span>
            <div
              role="meter"
              aria-label={`${row.stars} ${row.stars === 1 ? 'star' : 'stars'}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={row.percentage}
              aria-valuetext={`${reviewsWord(row.count)} (${row.percentage}%)`}
            >
              <div style={{ width: `${row.percentage}%` }} />
            </div>
            <span>{row.count.toLocaleString('en-GB')}</span>
          </li>
        ))}
      </ul>

      {subRatings.length > 0 && (
        <dl className="space-y-2 border-t border-navy-100 pt-5 text-sm">
          {subRatings.map(({ label, value }) => (
            <div key={label} className="flex items-center justify-between gap-3">
              <dt className="text-navy-800">{label}</dt>
              <dd className="font-semibold text-navy-950 tabular-nums">
                {value.toFixed(1)}
                <span className="font-normal text-navy-700"> / 5</span>
              </dd>
            </div>
          ))}
        </dl>
      )}

      {summary.recommendPercentage !== null && (
        <p className="flex items-center gap-2 rounded-xl bg-sand-50 p-3 text-sm text-navy-800">
          <CheckIcon className="size-5 shrink-0 text-teal-700" />
          <span>
            <strong className="font-semibold text-navy-950">{`${summary.recommendPercentage}%`}</strong> would recommend this product
          </span>
        </p>
      )}
    </div>
  );
}

/** `back`: this page of reviews, where a vote sent without scripts returns to. */
function Review({ review, back }: { review: ShownReview; back: string }) {
  const shopName = useShopName();
  return (
    <article id={reviewAnchor(review.id)} className="review">
      <div className="review-head">
        <RatingStars rating={review.rating} />
        {review.verifiedPurchase && <Badge tone="success">Verified purchase</Badge>}
      </div>
      <h3 className="font-semibold text-navy-950">{review.title}</h3>
      <p className="review-text">{review.text}</p>
      <ReviewPhotoThumbnails photos={review.photos} displayName={review.displayName} />
      <ReviewByline review={review}>
        {review.edited && (
          <>
            <span aria-hidden="true">·</span>
            <span className="italic">Edited by {shopName}</span>
          </>
        )}
      </ReviewByline>
      {review.shopReply && (
        <div className="max-w-prose rounded-xl border-l-4 border-teal-600 bg-sand-50 p-4 text-sm">
          <p className="font-semibold text-navy-950">Reply from {shopName}</p>
          <p className="review-text mt-1">{review.shopReply}</p>
        </div>
      )}
      <HelpfulVote reviewId={review.id} count={review.helpfulCount} back={back} />
    </article>
  );
}

function Questions({ questions }: { questions: NonNullable<ShownReviewsData['questions']> }) {
  if (questions.items.length === 0) return null;
  return (
    <div className="mt-12 border-t border-navy-100 pt-10 lg:col-span-12">
      <h3 className="text-lg font-bold tracking-tight text-navy-950">Questions and answers</h3>
      <ul className="mt-4 divide-y divide-navy-100">
        {questions.items.map((item) => (
          <li key={item.id} className="space-y-2 py-5 first:pt-0">
            <p className="font-semibold break-words text-navy-950">
              <span className="text-teal-700">Q: </span>
              {item.question}
            </p>
            <p className="text-sm text-navy-700">
              Asked by {item.askerName} on <time dateTime={item.askedAt}>{londonLongDate(item.askedAt)}</time>
            </p>
            <p className="review-text">
              <span className="font-semibold text-teal-700">A: </span>
              {item.answer}
            </p>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-navy-700">
              <span>
                Answered by <span className="font-medium text-navy-900">{item.answererName}</span>
                {item.answerSource === 'customer' && ', a customer who bought this'}
              </span>
              {item.answeredAt && (
                <>
                  <span aria-hidden="true">·</span>
                  <time dateTime={item.answeredAt}>{londonLongDate(item.answeredAt)}</time>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The product page's "Customer reviews": the summary, one page of published reviews (newest first)
 * paged by plain links, and the answered questions. Reviews are text only: never markup.
 */
export function ProductReviews({
  reviews,
  hrefForPage,
  className,
}: {
  reviews: ShownReviewsData | null;
  /** The address of a page of reviews (keeps the rest of the page's address). */
  hrefForPage: (page: number) => string;
  className?: string;
}) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className={cn('scroll-mt-6', className)}>
      <h2 id="reviews-heading" className="section-heading">
        Customer reviews
      </h2>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <p className="text-sm">
          <Link to="/reviews-policy">How we check reviews</Link>
        </p>
        {reviews && reviews.summary.count > 0 && (
          <ButtonLink to={writeReviewPath(reviews.listing.slug)} variant="secondary">
            Write a review
          </ButtonLink>
        )}
      </div>
      {reviews === null ? (
        <p className="mt-4 rounded-xl bg-sand-50 p-4 text-navy-800">Reviews could not be loaded just now. Please try again later.</p>
      ) : reviews.summary.count === 0 ? (
        <>
          <div className="mt-4 flex flex-col items-start gap-3 rounded-xl bg-sand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-navy-800">No reviews yet — be the first to review this product.</p>
            <ButtonLink to={writeReviewPath(reviews.listing.slug)} variant="secondary">
              Write a review
            </ButtonLink>
          </div>
          {reviews.questions && <Questions questions={reviews.questions} />}
        </>
      ) : (
        <div className="mt-6 grid gap-10 lg:grid-cols-12 lg:gap-12">
          <div className="lg:col-span-4">
            <div className="rounded-2xl p-5 ring-1 ring-navy-100 lg:sticky lg:top-6">
              <Summary summary={reviews.summary} />
            </div>
          </div>
          <div className="lg:col-span-8">
            <p className="mb-4 text-sm text-navy-700">
              {reviews.listing.totalPages > 1
                ? `Page ${reviews.listing.page} of ${reviews.listing.totalPages}, newest first`
                : `${reviewsWord(reviews.listing.totalCount)}, newest first`}
            </p>
            {reviews.listing.items.length > 0 ? (
              <ul className="divide-y divide-navy-100" aria-label="Reviews">
                {reviews.listing.items.map((review) => (
                  <li key={review.id}>
                    <Review review={review} back={hrefForPage(reviews.listing.page).split('#')[0]!} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-navy-800">There are no reviews on this page.</p>
            )}
            <Pagination
              current={reviews.listing.page}
              total={reviews.listing.totalPages}
              hrefFor={hrefForPage}
              label="Pages of reviews"
              className="mt-6 border-t border-navy-100 pt-6"
            />
          </div>
          {reviews.questions && <Questions questions={reviews.questions} />}
        </div>
      )}
    </section>
  );
}
