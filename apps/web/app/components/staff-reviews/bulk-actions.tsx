import type { ModeratedReview, ReviewRejectionReason } from '@shop/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { downloadText } from '../../lib/staff-discounts/csv.ts';
import { bulkProgress, bulkSummary, isReviewChanged, oneByOne, type BulkAction, type BulkOutcome } from '../../lib/staff-reviews/bulk.ts';
import {
  isRejectionReason,
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

export interface BulkActionsProps {
  /** The page's reviews that can be ticked (not rejected ones). */
  selectable: readonly QueueReview[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  /** A review was published or rejected. */
  onModerated: (moderated: ModeratedReview) => void;
  /** Another moderator changed this review meanwhile: read it again. */
  onChanged: (reviewId: string) => void;
  /** A run starts or ends: the rows' own steps wait meanwhile. */
  onRunning: (running: boolean) => void;
}

type Summary = { text: string; failures: { review: QueueReview; message: string }[] };

/**
 * Ticking reviews (or all on the page) and publishing or rejecting them with one reason: the calls
 * go one after another, with a progress line, and a summary of what was done and what was refused
 * and why (one refusal stops nothing else).
 */
export function BulkActions({ selectable, selected, onSelect, onModerated, onChanged, onRunning }: BulkActionsProps) {
  const id = useId();
  const writing = useApiClients()?.reviewWriting;
  const [progress, setProgress] = useState<string | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const all = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const chosen = selectable.filter((review) => selected.has(review.id));
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = chosen.length > 0 && !allChosen;
  }, [chosen.length, allChosen]);
  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary]);

  const run = async (action: BulkAction, reason?: ReviewRejectionReason) => {
    if (!writing || chosen.length === 0) return;
    setSummary(null);
    onRunning(true);
    try {
      const outcomes: BulkOutcome<QueueReview>[] = await oneByOne(
        chosen,
        async (review) => {
          try {
            const params = { reviewId: review.id };
            const moderated =
              action === 'reject' && reason
                ? await writing.rejectReview({ params, query: { reason, version: review.version } })
                : await writing.publishReview({ params, body: { version: review.version } });
            onModerated(moderated);
          } catch (error) {
            if (isReviewChanged(error)) onChanged(review.id);
            throw error;
          }
        },
        (position) => setProgress(bulkProgress(action, position, chosen.length)),
      );
      const failures = outcomes.flatMap((outcome) => (outcome.ok ? [] : [{ review: outcome.item, message: outcome.message }]));
      onSelect(new Set(failures.map((failure) => failure.review.id)));
      setSummary({ text: bulkSummary(action, outcomes), failures });
    } finally {
      setProgress(null);
      onRunning(false);
    }
  };

  const reject = (form: HTMLFormElement) => {
    const reason = new FormData(form).get('reason');
    if (!isRejectionReason(reason)) {
      setReasonError('Choose why the reviews cannot be published');
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setReasonError(null);
    void run('reject', reason);
  };

  const running = progress !== null;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-navy-100 bg-white p-4">
      <h2 id={`${id}-title`} className="sr-only">
        Moderate several reviews
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <label className="flex h-11 cursor-pointer items-center gap-3 text-sm font-semibold text-navy-950">
            <input
              ref={all}
              type="checkbox"
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
          <Button onClick={() => void run('publish')} disabled={chosen.length === 0 || running}>
            Publish selected
          </Button>
          <form
            noValidate
            aria-label="Reject selected reviews"
            className="flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              reject(event.currentTarget);
            }}
          >
            <FormField id={`${id}-reason`} label="Reason for rejecting" error={reasonError} className="w-full sm:w-72">
              {(control) => (
                <Select {...control} name="reason" defaultValue="" options={[{ value: '', label: 'Choose a reason' }, ...REJECTION_REASON_OPTIONS]} />
              )}
            </FormField>
            <Button type="submit" variant="secondary" disabled={chosen.length === 0 || running}>
              Reject selected
            </Button>
          </form>
        </div>
      </div>
      <p className="mt-3 text-sm text-navy-700">
        <PolicyLine />
      </p>
      <p role="status" className={cn('text-sm font-semibold text-navy-950', running && 'mt-3')}>
        {progress}
      </p>
      {summary && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role={summary.failures.length > 0 ? 'alert' : 'status'}
          className={cn(
            'mt-3 rounded-lg p-3 text-sm',
            summary.failures.length > 0 ? 'border border-red-200 bg-red-50 text-red-900' : 'bg-teal-50 font-semibold text-teal-900',
          )}
        >
          <p className="font-semibold">{summary.text}</p>
          {summary.failures.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {summary.failures.map(({ review, message }) => (
                <li key={review.id}>
                  <span className="font-semibold">“{shownTitle(review)}”</span> by {review.displayName}: {message}
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
 * browser with the moderator's token, with progress, then saved as a file.
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
