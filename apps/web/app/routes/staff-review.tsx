import { ApiError } from '@shop/api-client';
import { useShopName } from '../lib/shop-details.ts';
import type { ReviewForModeration, ReviewHistoryEntry } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { Route } from './+types/staff-review';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { PublishForm, RejectForm } from '../components/staff-reviews/moderation-forms.tsx';
import { ReviewPhotos } from '../components/staff-reviews/review-photos.tsx';
import { ReviewAuthor, ReviewBadges, ReviewProduct, ReviewText, ShopReply } from '../components/staff-reviews/review-card.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { RatingStars } from '../components/ui/rating-stars.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { cn } from '../lib/cn.ts';
import { isForbidden } from '../lib/api-problem.ts';
import { pageMeta } from '../lib/meta.ts';
import { REVIEW_CHANGED_MESSAGE } from '../lib/staff-reviews/bulk.ts';
import { historyNote, queueReviewOf, REVIEW_ROLES, REVIEWS_AUDIENCE, REVIEWS_PATH, STATUS_BADGES } from '../lib/staff-reviews/queue.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(REVIEW_ROLES);

export const meta: Route.MetaFunction = () => [...pageMeta('Review', 'A customer’s review, to publish or reject.'), { name: 'robots', content: 'noindex' }];

/** One review for its moderator: all of it, the author's words beside any edit, its history, and the steps. Loaded in the browser. */
export default function StaffReviewPage() {
  return (
    <>
      <PageHeader
        title="Review"
        intro={<p>Read the whole review, publish it (edited only to take out what breaks the policy) or reject it for a listed reason.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Reviews', to: REVIEWS_PATH }, { label: 'Review' }]}
      />
      <div className="container-page min-h-[36rem] py-8 lg:py-10">
        <ReviewScreen />
      </div>
    </>
  );
}

function ReviewScreen() {
  const shopName = useShopName();
  const reviewId = useParams().reviewId ?? '';
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const detail = useApiData(clients ? `${sub}:review:${reviewId}` : undefined, (signal) =>
    clients!.reviewWriting.getReview({ params: { reviewId } }, { signal }),
  );
  const [notice, setNotice] = useState<{ text: string; tone: 'done' | 'problem' } | null>(null);
  const [shown, setShown] = useState<ReviewForModeration | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  // What is on screen stays while the review is read again after a step.
  if (detail.state === 'ready' && detail.data !== shown) setShown(detail.data);

  if (detail.state === 'error' && isForbidden(detail.error)) return <NeedStaffAccount {...REVIEWS_AUDIENCE} />;
  if (detail.state === 'error' && detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400)) {
    return (
      <EmptyState
        icon={<span className="text-2xl font-bold">?</span>}
        title="There is no such review"
        actions={<ButtonLink to={REVIEWS_PATH}>Go to the reviews</ButtonLink>}
      >
        <p>Check the link, or find the review in the list of reviews.</p>
      </EmptyState>
    );
  }
  if (detail.state === 'error' && !shown) return <LoadError title="We couldn’t load the review" error={detail.error} onRetry={detail.reload} />;
  const review = detail.state === 'ready' ? detail.data : shown;
  if (!review) return <ReviewSkeleton />;

  const queued = queueReviewOf(review);
  const done = (text: string) => {
    setNotice({ text, tone: 'done' });
    detail.reload();
  };
  const changed = () => {
    setNotice({ text: REVIEW_CHANGED_MESSAGE, tone: 'problem' });
    detail.reload();
  };
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(20rem,2fr)]">
      <div className="space-y-8">
        <section aria-labelledby="review-title" className="space-y-3 rounded-2xl border border-navy-100 bg-white p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <RatingStars rating={review.rating} />
            <ReviewBadges review={queued} />
          </div>
          <h2 id="review-title" className="text-xl font-bold break-words text-navy-950">
            {review.title}
          </h2>
          <ReviewText>{review.text}</ReviewText>
          <ReviewPhotos photos={review.photos} />
          <ReviewAuthor review={queued} />
          <ReviewProduct review={queued} />
          <SubRatings review={review} />
          {review.shopReply && <ShopReply reply={review.shopReply} />}
          <p className="text-sm text-navy-700">
            {review.helpfulCount === 1 ? '1 person found this helpful' : `${review.helpfulCount.toLocaleString('en-GB')} people found this helpful`}
          </p>
        </section>
        {review.edited && (
          <section aria-labelledby="author-words" className="rounded-2xl border border-dashed border-navy-200 bg-sand-50 p-5 sm:p-6">
            <h2 id="author-words" className="text-lg font-bold text-navy-950">
              What the author wrote
            </h2>
            <p className="mt-1 text-sm text-navy-700">Before the shop’s edit. Shoppers see the edited words above, marked “Edited by {shopName}”.</p>
            <h3 className="mt-3 font-semibold break-words text-navy-950">{review.authorTitle}</h3>
            <ReviewText className="mt-2">{review.authorText}</ReviewText>
          </section>
        )}
        <History review={review} />
      </div>
      <div className="space-y-5">
        {notice && (
          <p
            ref={noticeRef}
            tabIndex={-1}
            role={notice.tone === 'problem' ? 'alert' : 'status'}
            className={cn(
              'rounded-lg p-3 font-semibold',
              notice.tone === 'problem' ? 'border border-red-200 bg-red-50 text-red-800' : 'bg-teal-50 text-teal-900',
            )}
          >
            {notice.text}
          </p>
        )}
        {review.status === 'pending' && (
          <>
            <AuthorWords review={review} />
            <PublishForm key={`publish-${review.version}`} review={queued} onModerated={(_, text) => done(text)} onChanged={changed} />
          </>
        )}
        {review.status !== 'rejected' && (
          <RejectForm key={`reject-${review.version}`} review={queued} onModerated={(_, text) => done(text)} onChanged={changed} />
        )}
        {review.status === 'rejected' && (
          <p className="rounded-2xl border border-navy-100 bg-white p-5 text-navy-800">
            This review was rejected, so shoppers do not see it. Its author was e-mailed the reason and may write a new review.
          </p>
        )}
      </div>
    </div>
  );
}

/** Beside the publish form: the author's own words, as a moderator edits from them. */
function AuthorWords({ review }: { review: ReviewForModeration }) {
  return (
    <section aria-labelledby="original-words" className="rounded-2xl border border-dashed border-navy-200 bg-sand-50 p-5">
      <h2 id="original-words" className="text-base font-bold text-navy-950">
        The author’s words, as written
      </h2>
      <p className="mt-2 font-semibold break-words text-navy-950">{review.authorTitle}</p>
      <ReviewText className="mt-1 text-sm">{review.authorText}</ReviewText>
    </section>
  );
}

const SUB_RATINGS = [
  ['qualityRating', 'Quality'],
  ['valueRating', 'Value for money'],
  ['fittingRating', 'Ease of fitting'],
] as const;

function SubRatings({ review }: { review: ReviewForModeration }) {
  const rated = SUB_RATINGS.flatMap(([key, label]) => (review[key] === null ? [] : [{ label, value: review[key] }]));
  if (rated.length === 0 && review.wouldRecommend === null) return null;
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
      {rated.map(({ label, value }) => (
        <div key={label}>
          <dt className="text-navy-700">{label}</dt>
          <dd className="font-semibold text-navy-950">{value} / 5</dd>
        </div>
      ))}
      {review.wouldRecommend !== null && (
        <div>
          <dt className="text-navy-700">Would recommend</dt>
          <dd className="font-semibold text-navy-950">{review.wouldRecommend ? 'Yes' : 'No'}</dd>
        </div>
      )}
    </dl>
  );
}

const stepName = (entry: ReviewHistoryEntry) => {
  if (entry.fromStatus === null) return 'Written';
  if (entry.toStatus === 'published') return 'Published';
  if (entry.toStatus === 'rejected') return entry.fromStatus === 'published' ? 'Taken down' : 'Rejected';
  return STATUS_BADGES[entry.toStatus].label;
};
const whoDid = (entry: ReviewHistoryEntry) => (entry.by === 'author' ? 'by the author' : `by ${entry.moderatorName ?? 'a moderator'}`);

/** Every step of the review, oldest first. */
function History({ review }: { review: ReviewForModeration }) {
  const entries = review.history;
  return (
    <section aria-labelledby="review-history">
      <h2 id="review-history" className="text-lg font-bold text-navy-950">
        History
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-navy-700">
          Written <time dateTime={review.createdAt}>{formatInstant(review.createdAt)}</time>
          {review.moderatedAt && (
            <>
              , moderated <time dateTime={review.moderatedAt}>{formatInstant(review.moderatedAt)}</time>
            </>
          )}
          . No other steps are recorded.
        </p>
      ) : (
        <ol className="mt-3 space-y-3 border-l-2 border-navy-100 pl-5">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="text-sm">
              <p className="font-semibold text-navy-950">
                {stepName(entry)} {whoDid(entry)}
              </p>
              <p className="text-navy-700">
                <time dateTime={entry.at}>{formatInstant(entry.at)}</time>
                {historyNote(entry.note) && <> · {historyNote(entry.note)}</>}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ReviewSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(20rem,2fr)]">
      <p className="sr-only" role="status">
        Loading the review…
      </p>
      <Skeleton className="h-72 w-full rounded-2xl" />
      <Skeleton className="h-96 w-full rounded-2xl" />
    </div>
  );
}
