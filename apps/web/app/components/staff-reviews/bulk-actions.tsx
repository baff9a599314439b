import { useEffect, useId, useRef, useState } from 'react';
import { Form, useActionData, useNavigation, useSearchParams } from 'react-router';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { downloadText } from '../../lib/staff-discounts/csv.ts';
import { bulkSummary, type BulkAction } from '../../lib/staff-reviews/bulk.ts';
import {
  REJECTION_REASON_OPTIONS,
  REVIEWS_SEARCH_MAX_SIZE,
  searchBody,
  shownTitle,
  type QueueReview,
  type ReviewFilters,
} from '../../lib/staff-reviews/queue.ts';
import { readAllPages, reviewsCsv, reviewsCsvFilename, REVIEWS_CSV_CAP } from '../../lib/staff-reviews/reviews-csv.ts';
import { useApiClients } from '../../lib/use-api.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Select } from '../ui/select.tsx';
import { PolicyLine } from './moderation-forms.tsx';

/** The queue's one form for ticked reviews: each review's box joins it by this id (`form=`), wherever the box sits. */
export const BULK_FORM_ID = 'bulk-moderation';
export const BULK_ACTIONS = ['publish', 'reject'] as const satisfies readonly BulkAction[];

/** What the page's action answers when a bulk step is refused, or some of the reviews were. */
export interface BulkRefused {
  intent: 'bulk';
  summary: string;
  failures: { reviewId: string; message: string }[];
  /** No reason was chosen for rejecting. */
  reason?: true;
}

export interface BulkActionsProps {
  /** The page's reviews that can be ticked (not rejected ones). */
  selectable: readonly QueueReview[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
}

/** What a review's box (and the list of the page's reviews) sends: `<id>:<version>`, the version this page read. */
export const reviewChoice = (review: Pick<QueueReview, 'id' | 'version'>) => `${review.id}:${review.version}`;

/**
 * Ticking reviews (or all on the page, a box that works before the page's scripts run too) and publishing or rejecting them
 * with one reason, as a plain form posted to the page: its action makes the calls one after another
 * and the page comes back with a summary of what was done and what was refused and why (one refusal
 * stops nothing else).
 */
export function BulkActions({ selectable, selected, onSelect }: BulkActionsProps) {
  const id = useId();
  const [search] = useSearchParams();
  const refused = useActionData<BulkRefused | undefined>();
  const mine = refused?.intent === 'bulk' ? refused : undefined;
  const navigation = useNavigation();
  const running = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'bulk';
  const all = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const chosen = selectable.filter((review) => selected.has(review.id));
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  const doneAction = BULK_ACTIONS.find((action) => `${action}-selected` === search.get('done'));
  const summary = mine
    ? { text: mine.summary, failures: mine.failures, problem: true }
    : doneAction
      ? {
          text: bulkSummary(
            doneAction,
            search.getAll('review').map((item) => ({ item, ok: true as const })),
          ),
          failures: [],
          problem: false,
        }
      : null;
  useEffect(() => {
    if (all.current) all.current.indeterminate = chosen.length > 0 && !allChosen;
  }, [chosen.length, allChosen]);
  const summaryText = summary?.text;
  useEffect(() => {
    if (summaryText) summaryRef.current?.focus();
  }, [summaryText]);
  const titleOf = (reviewId: string) => {
    const review = selectable.find((shown) => shown.id === reviewId);
    return review ? `“${shownTitle(review)}” by ${review.displayName}` : 'A review';
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-navy-100 bg-white p-4">
      <h2 id={`${id}-title`} className="sr-only">
        Moderate several reviews
      </h2>
      <Form id={BULK_FORM_ID} method="post" noValidate aria-label="Moderate the selected reviews" className="flex flex-wrap items-end justify-between gap-4">
        <input type="hidden" name="intent" value="bulk" />
        {selectable.map((review) => (
          <input key={review.id} type="hidden" name="onPage" value={reviewChoice(review)} />
        ))}
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <label className="flex h-11 cursor-pointer items-center gap-3 text-sm font-semibold text-navy-950">
            {/* Ticked before the page's scripts run (or without them), it sends every review on the page, which the form lists. */}
            <input
              ref={all}
              type="checkbox"
              name="all"
              value="1"
              checked={allChosen}
              disabled={selectable.length === 0 || running}
              onChange={(event) => onSelect(new Set(event.target.checked ? selectable.map((review) => review.id) : []))}
              className="size-5 shrink-0 rounded accent-teal-700"
            />
            Select all on this page
          </label>
          <p className="text-sm text-navy-700 tabular-nums" aria-live="polite">
            {chosen.length === 0 ? 'None selected' : `${chosen.length} selected`}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <Button type="submit" name="bulk" value="publish" disabled={running} loading={running && navigation.formData?.get('bulk') === 'publish'}>
            Publish selected
          </Button>
          <FormField id={`${id}-reason`} label="Reason for rejecting" error={mine?.reason ? mine.summary : undefined} className="w-full sm:w-72">
            {(control) => (
              <Select {...control} name="reason" defaultValue="" options={[{ value: '', label: 'Choose a reason' }, ...REJECTION_REASON_OPTIONS]} />
            )}
          </FormField>
          <Button
            type="submit"
            name="bulk"
            value="reject"
            variant="secondary"
            disabled={running}
            loading={running && navigation.formData?.get('bulk') === 'reject'}
          >
            Reject selected
          </Button>
        </div>
      </Form>
      <p className="mt-3 text-sm text-navy-700">
        <PolicyLine />
      </p>
      {summary && !mine?.reason && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role={summary.problem ? 'alert' : 'status'}
          className={cn(
            'mt-3 rounded-lg p-3 text-sm',
            summary.problem ? 'border border-red-200 bg-red-50 text-red-900' : 'bg-teal-50 font-semibold text-teal-900',
          )}
        >
          <p className="font-semibold">{summary.text}</p>
          {summary.failures.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {summary.failures.map(({ reviewId, message }) => (
                <li key={reviewId}>
                  <span className="font-semibold">{titleOf(reviewId)}</span>: {message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * "Download CSV" of the whole search (every page, up to REVIEWS_CSV_CAP reviews), read in the
 * browser with the moderator's token, with progress, then saved as a file: the one part of the queue
 * left to the page's scripts, as it reads many pages, says how far it has got and makes a file.
 */
export function DownloadCsv({ filters }: { filters: ReviewFilters }) {
  const listings = useApiClients()?.reviewListings;
  const [state, setState] = useState<{ busy: boolean; text: string | null; problem: boolean }>({ busy: false, text: null, problem: false });
  const download = async () => {
    if (!listings) return;
    setState({ busy: true, text: 'Reading the reviews…', problem: false });
    try {
      const { items, totalCount, capped } = await readAllPages(
        (page) => listings.searchReviewsAdvanced({ body: searchBody(filters, page, REVIEWS_SEARCH_MAX_SIZE) }),
        (read, total) => setState({ busy: true, text: `Reading ${read.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} reviews…`, problem: false }),
      );
      downloadText(reviewsCsvFilename(filters.tab, new Date()), reviewsCsv(items));
      const count = `${items.length.toLocaleString('en-GB')} ${items.length === 1 ? 'review' : 'reviews'}`;
      setState({
        busy: false,
        text: capped
          ? `Downloaded the first ${count} of ${totalCount.toLocaleString('en-GB')}: ` +
            `a file holds at most ${REVIEWS_CSV_CAP.toLocaleString('en-GB')}. Narrow the search for the rest.`
          : `Downloaded ${count}.`,
        problem: false,
      });
    } catch (error) {
      setState({ busy: false, text: `We couldn’t make the file. ${apiProblemMessage(error)}`, problem: true });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <Button variant="secondary" onClick={() => void download()} loading={state.busy}>
        Download CSV
      </Button>
      <p role={state.problem ? 'alert' : 'status'} className={cn('text-sm', state.problem ? 'font-semibold text-red-800' : 'text-navy-700')}>
        {state.text}
      </p>
    </div>
  );
}
