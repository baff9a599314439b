import type { ReviewForModeration, ReviewHistoryEntry } from '@shop/contracts';
import { data } from 'react-router';
import type { Route } from './+types/staff-review';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { useStepDone } from '../components/staff/posted-step-form.tsx';
import { formText } from '../components/staff/step-form.tsx';
import { MODERATION_STEPS, moderationDone, moderationProblemOf, PublishStep, RejectStep } from '../components/staff-reviews/moderation-forms.tsx';
import { ReviewPhotos } from '../components/staff-reviews/review-photos.tsx';
import { ReviewAuthor, ReviewBadges, ReviewProduct, ReviewText, ShopReply } from '../components/staff-reviews/review-card.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { RatingStars } from '../components/ui/rating-stars.tsx';
import { refusedStep, staffRead } from '../lib/auth/staff-page.server.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { useShopName } from '../lib/shop-details.ts';
import { moderate, moderationValues, reviewWritingApi } from '../lib/staff-reviews/moderate.server.ts';
import { historyNote, queueReviewOf, reviewHref, REVIEWS_AUDIENCE, REVIEWS_PATH, STATUS_BADGES } from '../lib/staff-reviews/queue.ts';

/** The review with its history, read on the server for the signed-in moderator, so it shows at first paint. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const api = reviewWritingApi(request);
  const { reviewId } = params;
  return staffRead(async () => ({ review: await api.getReview({ params: { reviewId } }) }), { missing: true } as const);
}

/** Publish or reject, posted as a plain form: done, the page comes back saying so (post, redirect, get). */
export async function action({ request, params }: Route.ActionArgs) {
  const api = reviewWritingApi(request);
  const { reviewId } = params;
  const form = await request.formData();
  const step = MODERATION_STEPS.find((name) => name === formText(form, 'intent'));
  if (!step) throw data(null, { status: 400 });
  const version = Number(formText(form, 'version'));
  const values = moderationValues(form);
  try {
    await moderate(api, reviewId, step, values, version);
  } catch (error) {
    return refusedStep(error, { intent: step, values }, moderationProblemOf);
  }
  return redirectWithNotice(request, `${reviewHref(reviewId)}?done=${step}`);
}

export const meta: Route.MetaFunction = () => [...pageMeta('Review', 'A customer’s review, to publish or reject.'), { name: 'robots', content: 'noindex' }];

/** One review for its moderator: all of it, the author's words beside any edit, its history, and the steps. */
export default function StaffReviewPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Review"
        intro={<p>Read the whole review, publish it (edited only to take out what breaks the policy) or reject it for a listed reason.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Reviews', to: REVIEWS_PATH }, { label: 'Review' }]}
      />
      <div className="container-page min-h-[36rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...REVIEWS_AUDIENCE} />
        ) : 'missing' in loaderData ? (
          <EmptyState
            icon={<span className="text-2xl font-bold">?</span>}
            title="There is no such review"
            actions={<ButtonLink to={REVIEWS_PATH}>Go to the reviews</ButtonLink>}
          >
            <p>Check the link, or find the review in the list of reviews.</p>
          </EmptyState>
        ) : (
          <ReviewScreen review={loaderData.review} />
        )}
      </div>
    </>
  );
}

function ReviewScreen({ review }: { review: ReviewForModeration }) {
  const shopName = useShopName();
  const { done, ref: status } = useStepDone(MODERATION_STEPS);
  const queued = queueReviewOf(review);
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
        <div ref={status} tabIndex={-1} className="focus:outline-none">
          {done && <Notice title={moderationDone(done, review.edited)} />}
        </div>
        {review.status === 'pending' && (
          <>
            <AuthorWords review={review} />
            <PublishStep key={`publish-${review.version}`} review={queued} />
          </>
        )}
        {review.status !== 'rejected' && <RejectStep key={`reject-${review.version}`} review={queued} />}
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
