import { londonLongDate } from '@shop/contracts';
import type { ReactNode } from 'react';

/**
 * Who wrote a review, where from and when ("Rowan · Leeds · 3 November 2026"), on the product page
 * and the moderation screens alike; `children` adds to the line (such as "Edited by …").
 */
export function ReviewByline({
  review,
  formatDay = londonLongDate,
  children,
}: {
  review: { displayName: string; town: string | null; createdAt: string };
  formatDay?: (iso: string) => string;
  children?: ReactNode;
}) {
  return (
    <p className="review-byline">
      <span>{review.displayName}</span>
      {review.town && (
        <>
          <span aria-hidden="true">·</span>
          <span>{review.town}</span>
        </>
      )}
      <span aria-hidden="true">·</span>
      <time dateTime={review.createdAt}>{formatDay(review.createdAt)}</time>
      {children}
    </p>
  );
}
