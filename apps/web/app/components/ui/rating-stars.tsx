import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

export interface RatingStarsProps {
  /** Average rating from 0 to 5; drawn to the nearest tenth. */
  rating: number;
  /** Number of reviews behind the average, when known. */
  count?: number;
  className?: string;
}

const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

export function ratingLabel(rating: number, count?: number): string {
  const rounded = Math.round(Math.min(Math.max(rating, 0), 5) * 10) / 10;
  const stars = `${rounded} out of 5 stars`;
  if (count === undefined) return stars;
  return `${stars}, ${count.toLocaleString('en-GB')} ${count === 1 ? 'review' : 'reviews'}`;
}

export function RatingStars({ rating, count, className }: RatingStarsProps) {
  const gradientId = useId();
  const clamped = Math.min(Math.max(rating, 0), 5);
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)} role="img" aria-label={ratingLabel(rating, count)}>
      <span className="flex" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((index) => {
          const fill = Math.min(Math.max(clamped - index, 0), 1);
          const id = `${gradientId}-${index}`;
          return (
            <svg key={index} viewBox="0 0 20 20" className="size-4">
              <defs>
                <linearGradient id={id}>
                  <stop offset={fill} stopColor="var(--color-brass-500)" />
                  <stop offset={fill} stopColor="var(--color-navy-200)" />
                </linearGradient>
              </defs>
              <path d={STAR} fill={`url(#${id})`} />
            </svg>
          );
        })}
      </span>
      {count !== undefined && (
        <span className="text-sm text-navy-700" aria-hidden="true">
          ({count.toLocaleString('en-GB')})
        </span>
      )}
    </span>
  );
}
