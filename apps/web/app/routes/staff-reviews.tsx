import { ApiError, createReviewListingsClient, type ReviewWritingClient } from '@shop/api-client';
import type { ReviewSearchFacetsPage } from '@shop/contracts';
import { useState } from 'react';
import { data, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/staff-reviews';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { formText } from '../components/staff/step-form.tsx';
import { NoResults, ResultsRange } from '../components/staff/search-results.tsx';
import { BULK_ACTIONS, BulkActions, DownloadCsv, type BulkRefused } from '../components/staff-reviews/bulk-actions.tsx';
import { MODERATION_STEPS, moderationDone, moderationProblemOf } from '../components/staff-reviews/moderation-forms.tsx';
import { ReviewCard } from '../components/staff-reviews/review-card.tsx';
import { ReviewFiltersForm, ReviewTabs, type FilterField } from '../components/staff-reviews/review-filters.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { apiFieldError } from '../lib/api-problem.ts';
import { hrefWith, refusedStep, staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { bulkSummary, isReviewChanged, oneByOne, REVIEW_CHANGED_MESSAGE } from '../lib/staff-reviews/bulk.ts';
import { moderate, moderationValues, reviewWritingApi } from '../lib/staff-reviews/moderate.server.ts';
import {
  hasFilters,
  isRejectionReason,
  queueReviewOf,
  REVIEW_ROLES,
  REVIEWS_AUDIENCE,
  REVIEWS_PAGE_SIZE,
  reviewFilters,
  reviewsHref,
  searchBody,
  SORT_NAMES,
  sortOf,
  TAB_NAMES,
  type QueueReview,
  type ReviewFilters,
} from '../lib/staff-reviews/queue.ts';

/** The API's messages for what was typed into the search, by field. */
function searchErrors(error: ApiError): Partial<Record<FilterField, string>> {
  const fields: FilterField[] = ['q', 'ratingFrom', 'ratingTo', 'brand', 'category'];
  const errors = Object.fromEntries(
    fields.flatMap((field) => {
      const message = apiFieldError(error, field === 'q' ? 'text' : field);
      return message ? [[field, message]] : [];
    }),
  );
  return Object.keys(errors).length > 0 ? errors : { q: error.message };
}

/** The reviews a step was just taken on (`?review=`, `?changed=`), as they are now: a step can take one out of the tab. */
async function reviewsNow(api: ReviewWritingClient, search: URLSearchParams): Promise<QueueReview[]> {
  const ids = [...new Set([...search.getAll('review'), ...search.getAll('changed')])].slice(0, REVIEWS_PAGE_SIZE);
  const read = await Promise.allSettled(ids.map((reviewId) => api.getReview({ params: { reviewId } })));
  return read.flatMap((answer) => (answer.status === 'fulfilled' ? [queueReviewOf(answer.value)] : []));
}

/** The queue as the filters in the address select it, and the reviews just moderated, read on the server for the signed-in moderator. */
export async function loader({ request }: Route.LoaderArgs) {
  const listings = staffClient(request, REVIEW_ROLES, 'reviews', createReviewListingsClient);
  const writing = reviewWritingApi(request);
  const search = new URL(request.url).searchParams;
  const filters = reviewFilters(search);
  return staffRead(async () => {
    const found = listings.searchReviewsAdvancedV2({ body: searchBody(filters) }).then(
      (page) => ({ page, errors: null }),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 400) return { page: null, errors: searchErrors(error) };
        throw error;
      },
    );
    const [list, moderated] = await Promise.all([found, reviewsNow(writing, search)]);
    return { filters, ...list, moderated };
  });
}

/** The list as it was, with what a step did added to its address. */
const listWith = (search: URLSearchParams, added: [string, string][]) => hrefWith(reviewsHref(reviewFilters(search)), added);

/**
 * A step posted from the queue as a plain form: one review's publish or reject (`publish:<id>`), or
 * the ticked reviews' (`bulk`), one call after another on the server so one refusal stops nothing
 * else. Done, the list comes back (post, redirect, get) with the reviews moderated shown as they now
 * are; a review another moderator changed first comes back as it now is, saying so.
 */
export async function action({ request }: Route.ActionArgs) {
  const api = reviewWritingApi(request);
  const search = new URL(request.url).searchParams;
  const form = await request.formData();
  const intent = formText(form, 'intent');
  if (intent === 'bulk') return bulkAction(request, api, search, form);
  const [name, reviewId = ''] = intent.split(':');
  const step = MODERATION_STEPS.find((known) => known === name);
  if (!step || !reviewId) throw data(null, { status: 400 });
  const values = moderationValues(form);
  try {
    await moderate(api, reviewId, step, values, Number(formText(form, 'version')));
  } catch (error) {
    if (isReviewChanged(error)) return redirectWithNotice(request, listWith(search, [['changed', reviewId]]));
    return refusedStep(error, { intent, values }, moderationProblemOf);
  }
  return redirectWithNotice(
    request,
    listWith(search, [
      ['done', step],
      ['review', reviewId],
    ]),
  );
}

async function bulkAction(request: Request, api: ReviewWritingClient, search: URLSearchParams, form: FormData) {
  const chosenAction = BULK_ACTIONS.find((known) => known === formText(form, 'bulk'));
  if (!chosenAction) throw data(null, { status: 400 });
  const refuse = (refused: Omit<BulkRefused, 'intent'>) => data<BulkRefused>({ intent: 'bulk', ...refused }, { status: 400 });
  // Each ticked box is `<id>:<version>`, the version this page read; "Select all on this page" sends every review the page listed.
  const sent = [...form.getAll('review'), ...(form.has('all') ? form.getAll('onPage') : [])];
  const chosen = [...new Set(sent)].flatMap((value) => {
    const [id = '', version = ''] = typeof value === 'string' ? value.split(':') : [];
    return id && /^\d+$/.test(version) ? [{ id, version: Number(version) }] : [];
  });
  if (chosen.length === 0) return refuse({ summary: 'Select the reviews to publish or reject.', failures: [] });
  const reason = formText(form, 'reason');
  if (chosenAction === 'reject' && !isRejectionReason(reason))
    return refuse({ summary: 'Choose why the reviews cannot be published', failures: [], reason: true });
  const outcomes = await oneByOne(chosen, (review) => moderate(api, review.id, chosenAction, { reason }, review.version));
  const failures = outcomes.flatMap((outcome) => (outcome.ok ? [] : [{ reviewId: outcome.item.id, message: outcome.message }]));
  if (failures.length > 0) return data<BulkRefused>({ intent: 'bulk', summary: bulkSummary(chosenAction, outcomes), failures }, { status: 409 });
  return redirectWithNotice(
    request,
    listWith(search, [['done', `${chosenAction}-selected`], ...chosen.map((review): [string, string] => ['review', review.id])]),
  );
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Reviews', 'Customers’ reviews waiting for a moderator, and every review published or rejected.'),
  { name: 'robots', content: 'noindex' },
];

/** The moderation queue: pending reviews first (oldest first), then the published and rejected ones; search, bulk steps, CSV. */
export default function StaffReviewsPage({ loaderData }: Route.ComponentProps) {
  // A new address (a search, or the list back after a step) starts with nothing ticked.
  const [search] = useSearchParams();
  return (
    <>
      <PageHeader
        title="Reviews"
        intro={<p>Publish or reject what customers wrote. Pending reviews come first, oldest first; held ones say what the automatic check found.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Reviews' }]}
      />
      <div className="container-page min-h-[40rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...REVIEWS_AUDIENCE} />
        ) : (
          <div className="space-y-6">
            <ReviewTabs filters={loaderData.filters} facets={loaderData.page?.facets} />
            <ReviewFiltersForm filters={loaderData.filters} facets={loaderData.page?.facets} errors={loaderData.errors ?? undefined} />
            {loaderData.page && <Results key={search.toString()} page={loaderData.page} filters={loaderData.filters} moderated={loaderData.moderated} />}
          </div>
        )}
      </div>
    </>
  );
}

type Notice = { text: string; tone: 'done' | 'problem' };

/** What the address says a step did to each review: done, or changed by another moderator first. */
function useNotices(reviews: readonly QueueReview[]): ReadonlyMap<string, Notice> {
  const [search] = useSearchParams();
  const refused = useActionData<unknown>();
  const notices = new Map<string, Notice>();
  for (const reviewId of search.getAll('changed')) notices.set(reviewId, { text: REVIEW_CHANGED_MESSAGE, tone: 'problem' });
  const done = MODERATION_STEPS.find((step) => step === search.get('done'));
  if (done && !refused) {
    for (const reviewId of search.getAll('review')) {
      const review = reviews.find((shown) => shown.id === reviewId);
      if (review) notices.set(reviewId, { text: moderationDone(done, review.edited), tone: 'done' });
    }
  }
  return notices;
}

function Results({ page, filters, moderated }: { page: ReviewSearchFacetsPage; filters: ReviewFilters; moderated: readonly QueueReview[] }) {
  const now = new Map(moderated.map((review) => [review.id, review]));
  // The reviews just moderated stay in view, as they now are, though their tab no longer lists them.
  const reviews = [...moderated.filter((review) => !page.items.some((item) => item.id === review.id)), ...page.items.map((item) => now.get(item.id) ?? item)];
  const notices = useNotices(reviews);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

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
      <BulkActions selectable={selectable} selected={selected} onSelect={setSelected} />
      <ul className="space-y-4" aria-label="Reviews">
        {reviews.map((review) => (
          <li key={`${review.id}:${review.version}`}>
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
            />
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Pagination label="Review pages" current={page.page} total={page.totalPages} hrefFor={(target) => reviewsHref({ ...filters, page: target })} />
        <ButtonLink to={reviewsHref(filters)} variant="ghost" size="sm">
          Reload the list
        </ButtonLink>
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
