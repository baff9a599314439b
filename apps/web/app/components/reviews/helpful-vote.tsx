import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BACK_FIELD, helpfulVotePath, voteMessage, votedMessage } from '../../lib/reviews/review-links.ts';
import { buttonClasses } from '../ui/button.tsx';

const NO_ANSWER = 'We couldn’t reach the shop. Check your connection and try again.';

/**
 * "Helpful? Yes (n)" under a review: a plain form (it works before the page's scripts run, going
 * back to the review with the count changed); with scripts the vote is sent in place, the count
 * changes where it is and the answer is said beside it ("Thank you", or that this person had voted);
 * the plain form's answer comes back in the address (`?voted=`) and is said the same way.
 */
export function HelpfulVote({ reviewId, count, back }: { reviewId: string; count: number; back: string }) {
  const [search] = useSearchParams();
  const [shown, setShown] = useState(count);
  const [answer, setAnswer] = useState<{ message: string; problem: boolean } | null>(() => {
    const message = votedMessage(search, reviewId);
    return message === null ? null : { message, problem: false };
  });
  const [sending, setSending] = useState(false);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      const response = await fetch(event.currentTarget.action, {
        method: 'POST',
        body: new FormData(event.currentTarget),
        headers: { accept: 'application/json' },
      });
      const body = (await response.json()) as { helpfulCount?: number; alreadyCounted?: boolean; message?: string };
      if (response.ok && typeof body.helpfulCount === 'number') {
        setShown(body.helpfulCount);
        setAnswer({ message: voteMessage(body.alreadyCounted === true), problem: false });
      } else {
        setAnswer({ message: body.message ?? NO_ANSWER, problem: true });
      }
    } catch {
      setAnswer({ message: NO_ANSWER, problem: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <form method="post" action={helpfulVotePath(reviewId)} onSubmit={send} className="helpful-vote">
      <input type="hidden" name={BACK_FIELD} value={back} />
      <span>Helpful?</span>
      <button type="submit" className={buttonClasses('secondary', 'sm', 'tabular-nums')} aria-busy={sending || undefined}>
        {`Yes (${shown.toLocaleString('en-GB')})`}
      </button>
      <p role="status" className={answer?.problem ? 'text-red-700' : undefined}>
        {answer?.message ?? ''}
      </p>
    </form>
  );
}
