import { ApiError } from '@shop/api-client';
import type { ModeratedReview, ReviewSearchFacetsPage } from '@shop/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/staff-reviews';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { NoResults, ResultsRange } from '../components/staff/search-results.tsx';
import { BulkActions, DownloadCsv } from '../components/staff-reviews/bulk-actions.tsx';
import { ReviewCard } from '../components/staff-reviews/review-card.tsx';
import { ReviewFiltersForm, ReviewTabs, type FilterField } from '../components/staff-reviews/review-filters.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { apiFieldError, isForbidden } from '../lib/api-problem.ts';
import { pageMeta } from '../lib/meta.ts';
import { REVIEW_CHANGED_MESSAGE } from '../lib/staff-reviews/bulk.ts';
import {
  hasFilters,
  queueReviewOf,
  REVIEW_ROLES,
  REVIEWS_AUDIENCE,
  reviewFilters,
  reviewsHref,
  searchBody,
  SORT_NAMES,
  sortOf,
  TAB_NAMES,
  withModeration,
  type QueueReview,
  type ReviewFilters,
} from '../lib/staff-reviews/queue.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(REVIEW_ROLES);

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Reviews', 'Customers’ reviews waiting for a moderator, and every review published or rejected.'),
  { name: 'robots', content: 'noindex' },
];

/** The moderation queue: pending reviews first (oldest first), then the published and rejected ones; search, bulk steps, CSV. Loaded in the browser. */
export default function StaffReviewsPage() {
  return (
    <>
      <PageHeader
        title="Reviews"
        intro={<p>Publish or reject what customers wrote. Pending reviews come first, oldest first; held ones say what the automatic check found.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Reviews' }]}
      />
      <div className="container-page min-h-[40rem] py-8 lg:py-10">
        <ModerationQueue />
      </div>
    </>
  );
}

/** The API's messages for what was typed into the search, by field. */
function searchErrors(error: unknown): Partial<Record<FilterField, string>> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const fields: FilterField[] = ['q', 'ratingFrom', 'ratingTo', 'brand', 'category'];
  const errors = Object.fromEntries(
    fields.flatMap((field) => {
      const message = apiFieldError(error, field === 'q' ? 'text' : field);
      return message ? [[field, message]] : [];
    }),
  );
  return Object.keys(errors).length > 0 ? errors : { q: error.message };
}

function ModerationQueue() {
  const [searchParams] = useSearchParams();
  const filters = reviewFilters(searchParams);
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const key = `${sub}:${reviewsHref(filters)}`;
  const list = useApiData(clients ? key : undefined, (signal) => clients!.reviewListings.searchReviewsAdvancedV2({ body: searchBody(filters) }, { signal }));

  if (list.state === 'error' && isForbidden(list.error)) return <NeedStaffAccount {...REVIEWS_AUDIENCE} />;
  const errors = list.state === 'error' ? searchErrors(list.error) : null;
  const facets = list.state === 'ready' ? list.data.facets : undefined;

  return (
    <div className="space-y-6">
      <ReviewTabs filters={filters} facets={facets} />
      <ReviewFiltersForm filters={filters} facets={facets} errors={errors ?? undefined} />
      {list.state === 'error' ? (
        errors ? null : (
          <LoadError title="We couldn’t load the reviews" error={list.error} onRetry={list.reload} />
        )
      ) : list.state === 'ready' ? (
        // A new search starts with nothing ticked and the rows as the API has them.
        <Results key={key} page={list.data} filters={filters} onReload={list.reload} />
      ) : (
        <QueueSkeleton />
      )}
    </div>
  );
}

type Notice = { text: string; tone: 'done' | 'problem' };

function Results({ page, filters, onReload }: { page: ReviewSearchFacetsPage; filters: ReviewFilters; onReload: () => void }) {
  const writing = useApiClients()?.reviewWriting;
  const [changed, setChanged] = useState<ReadonlyMap<string, QueueReview>>(new Map());
  const [notices, setNotices] = useState<ReadonlyMap<string, Notice>>(new Map());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [running, setRunning] = useState(false);
  const reviews = page.items.map((item) => changed.get(item.id) ?? item);

  const update = (review: QueueReview) => setChanged((rows) => new Map(rows).set(review.id, review));
  const moderated = (result: ModeratedReview, text?: string) => {
    setChanged((rows) => {
      const review = rows.get(result.reviewId) ?? page.items.find((item) => item.id === result.reviewId);
      return review ? new Map(rows).set(review.id, withModeration(review, result)) : rows;
    });
    if (text) setNotices((shown) => new Map(shown).set(result.reviewId, { text, tone: 'done' }));
  };
  /** Another moderator changed the review: say so, and show it as it is now. */
  const refresh = async (reviewId: string) => {
    setNotices((shown) => new Map(shown).set(reviewId, { text: REVIEW_CHANGED_MESSAGE, tone: 'problem' }));
    try {
      if (writing) update(queueReviewOf(await writing.getReview({ params: { reviewId } })));
    } catch {
      // The message already says to reload.
    }
  };

  if (reviews.length === 0) {
    const filtered = hasFilters(filters);
    return (
      <NoResults
        icon={<ReviewIcon />}
        noun={filters.tab === 'all' ? 'reviews' : `${TAB_NAMES[filters.tab].toLowerCase()} reviews`}
        filtered={filtered}
        clearTo={reviewsHref({ tab: filters.tab, verifiedOnly: false, page: 1 })}
      >
        {filtered
          ? 'Try fewer words, a wider rating range, or another tab.'
          : filters.tab === 'pending'
            ? 'Every review has been moderated. New ones appear here as customers write them.'
            : 'Reviews appear here once they have been moderated.'}
      </NoResults>
    );
  }

  const selectable = reviews.filter((review) => review.status !== 'rejected');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ResultsRange
          page={{ pageNumber: page.page, pageSize: page.size, totalCount: page.totalCount, items: page.items }}
          singular="Review"
          plural="Reviews"
          order={SORT_NAMES[sortOf(filters)].toLowerCase()}
        />
        <DownloadCsv filters={filters} />
      </div>
      <BulkActions
        selectable={selectable}
        selected={selected}
        onSelect={setSelected}
        onModerated={(result) => moderated(result)}
        onChanged={(reviewId) => void refresh(reviewId)}
        onRunning={setRunning}
      />
      <ul className="space-y-4" aria-label="Reviews">
        {reviews.map((review) => (
          <li key={review.id}>
            <ReviewCard
              review={review}
              selected={selected.has(review.id)}
              onSelect={(on) =>
                setSelected((ids) => {
                  const next = new Set(ids);
                  if (on) next.add(review.id);
                  else next.delete(review.id);
                  return next;
                })
              }
              notice={notices.get(review.id)}
              onModerated={(result, text) => moderated(result, text)}
              onChanged={() => void refresh(review.id)}
              busy={running}
            />
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Pagination label="Review pages" current={page.page} total={page.totalPages} hrefFor={(target) => reviewsHref({ ...filters, page: target })} />
        <button type="button" onClick={onReload} className="text-sm font-semibold text-teal-700 underline underline-offset-3">
          Reload the list
        </button>
      </div>
    </div>
  );
}

function ReviewIcon() {
  return (
    <svg className="size-8" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinejoin="round" aria-hidden="true">
      <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />
    </svg>
  );
}

function QueueSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4">
      <p className="sr-only" role="status">
        Loading reviews…
      </p>
      <Skeleton className="h-5 w-56" />
      <Skeleton className="h-24 w-full rounded-2xl" />
      {Array.from({ length: 3 }, (_, row) => (
        <Skeleton key={row} className="h-56 w-full rounded-2xl opacity-70" />
      ))}
    </div>
  );
}
