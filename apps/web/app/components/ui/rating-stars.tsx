import type { CSSProperties } from 'react';
import { cn } from '../../lib/cn.ts';

export interface RatingStarsProps {
  /** Average rating from 0 to 5; drawn to the nearest tenth. */
  rating: number;
  /** Number of reviews behind the average, when known. */
  count?: number;
  className?: string;
}

export function ratingLabel(rating: number, count?: number): string {
  const rounded = Math.round(Math.min(Math.max(rating, 0), 5) * 10) / 10;
  const stars = `${rounded} out of 5 stars`;
  if (count === undefined) return stars;
  return `${stars}, ${count.toLocaleString('en-GB')} ${count === 1 ? 'review' : 'reviews'}`;
}

/**
 * Five stars filled to the rating: one element, the stars a mask over a two-colour fill (app.css,
 * `.rating-stars`), rather than five SVGs with a gradient each. Listings draw dozens of these, and
 * every element is parsed, styled and hydrated on a phone.
 */
export function RatingStars({ rating, count, className }: RatingStarsProps) {
  const filled = (Math.min(Math.max(rating, 0), 5) / 5) * 100;
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)} role="img" aria-label={ratingLabel(rating, count)}>
      <span className="rating-stars" style={{ '--filled': `${Math.round(filled * 10) / 10}%` } as CSSProperties} aria-hidden="true" />
      {count !== undefined && (
        <span className="text-sm text-navy-700" aria-hidden="true">
          {`(${count.toLocaleString('en-GB')})`}
        </span>
      )}
    </span>
  );
}
