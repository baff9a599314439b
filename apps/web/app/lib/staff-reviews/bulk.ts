import { ApiError } from '@shop/api-client';
import { apiProblemMessage } from '../api-problem.ts';

/**
 * Moderating from the queue: what a refused step says, and publishing or rejecting many reviews
 * one call after another, so one refusal (another moderator got there first) stops nothing else.
 */

export const REVIEW_CHANGED_MESSAGE = 'Another moderator changed this review. Reload to see it.';

/** Whether the review changed since the moderator read it (another moderator acted first). */
export const isReviewChanged = (error: unknown) => error instanceof ApiError && error.status === 409 && error.code === 'REVIEW_CHANGED';

/** What a refused publish or reject says to the moderator. */
export const moderationMessage = (error: unknown) => (isReviewChanged(error) ? REVIEW_CHANGED_MESSAGE : apiProblemMessage(error));

export type BulkOutcome<T> = { item: T; ok: true } | { item: T; ok: false; message: string };

/** Runs `act` on each item in turn. A failure is kept and the next one goes on. */
export async function oneByOne<T>(items: readonly T[], act: (item: T) => Promise<unknown>): Promise<BulkOutcome<T>[]> {
  const outcomes: BulkOutcome<T>[] = [];
  for (const item of items) {
    try {
      await act(item);
      outcomes.push({ item, ok: true });
    } catch (error) {
      outcomes.push({ item, ok: false, message: moderationMessage(error) });
    }
  }
  return outcomes;
}

export type BulkAction = 'publish' | 'reject';
const VERBS: Record<BulkAction, { done: string; participle: string }> = {
  publish: { done: 'Published', participle: 'published' },
  reject: { done: 'Rejected', participle: 'rejected' },
};

const reviews = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'review' : 'reviews'}`;

/** "Published 10 of 12 reviews. 2 could not be published:" (or all of them, or none). */
export function bulkSummary(action: BulkAction, outcomes: readonly BulkOutcome<unknown>[]): string {
  const failed = outcomes.filter((outcome) => !outcome.ok).length;
  const done = outcomes.length - failed;
  const { done: verb, participle } = VERBS[action];
  if (failed === 0) return `${verb} ${reviews(done)}.`;
  if (done === 0) return outcomes.length === 1 ? `The review could not be ${participle}:` : `None of the ${reviews(outcomes.length)} could be ${participle}:`;
  return `${verb} ${done.toLocaleString('en-GB')} of ${reviews(outcomes.length)}. ${failed.toLocaleString('en-GB')} could not be ${participle}:`;
}
