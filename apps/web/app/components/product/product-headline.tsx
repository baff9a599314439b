import type { ProductSummary } from '@shop/contracts';
import { cn } from '../../lib/cn.ts';
import { Badge } from '../ui/badge.tsx';
import { RatingStars } from '../ui/rating-stars.tsx';
import { badgeLabel } from './product-format.ts';

type Headline = Pick<ProductSummary, 'productName' | 'brand' | 'averageRating' | 'reviewsCount' | 'badges'>;

/** Brand, name, rating and badges: the top of the product page and of the quick view. */
export function ProductHeadline({
  product,
  as: Heading = 'h1',
  reviewsHref,
  className,
}: {
  product: Headline;
  /** The name's heading level; null leaves the name out (a dialog whose title already names it). */
  as?: 'h1' | 'h2' | 'h3' | null;
  /** Where the stars and count lead (the page's reviews section); plain stars without it. */
  reviewsHref?: string;
  className?: string;
}) {
  return (
    <div className={cn('space-y-2', className)}>
      {product.badges.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Highlights">
          {product.badges.map((badge) => (
            <li key={badge}>
              <Badge tone={badge === 'best_seller' ? 'accent' : badge === 'new' ? 'info' : 'neutral'}>{badgeLabel(badge)}</Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm font-semibold tracking-wide text-teal-700 uppercase">{product.brand.name}</p>
      {Heading && (
        <Heading className={cn('font-bold tracking-tight text-balance text-navy-950', Heading === 'h1' ? 'text-2xl sm:text-3xl' : 'text-xl')}>
          {product.productName}
        </Heading>
      )}
      {product.reviewsCount > 0 ? (
        reviewsHref ? (
          <a href={reviewsHref} className="inline-flex rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-teal-600">
            <RatingStars rating={product.averageRating} count={product.reviewsCount} />
          </a>
        ) : (
          <RatingStars rating={product.averageRating} count={product.reviewsCount} />
        )
      ) : (
        <p className="text-sm text-navy-700">No reviews yet</p>
      )}
    </div>
  );
}
