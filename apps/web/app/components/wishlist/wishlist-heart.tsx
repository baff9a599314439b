import { apiProblemMessage } from '../../lib/api-problem.ts';
import { cn } from '../../lib/cn.ts';
import { useWishlist } from '../../lib/wishlist/wishlist-context.tsx';
import { useToast } from '../ui/toast.tsx';

const filledHeart = 'M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20Z';

export interface WishlistHeartProps {
  sku: string;
  productName: string;
  /** `icon`: a round button over a product image; `button`: a labelled button beside add to basket. */
  look?: 'icon' | 'button';
  className?: string;
}

/**
 * Saves a product to the wishlist, or takes it off: a toggle button (aria-pressed), announced with
 * a toast. Until the wishlist has loaded it is shown unpressed and disabled, at its final size.
 */
export function WishlistHeart({ sku, productName, look = 'icon', className }: WishlistHeartProps) {
  const { has, toggle, status } = useWishlist();
  const toast = useToast();
  const saved = has(sku);
  const onClick = async () => {
    const result = await toggle(sku);
    if (!result.ok) toast(apiProblemMessage(result.error), 'error');
    else toast(saved ? `${productName} removed from your wishlist.` : `${productName} saved to your wishlist.`, 'success');
  };
  const heart = (
    <svg
      viewBox="0 0 24 24"
      className="size-5 shrink-0"
      fill={saved ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={filledHeart} />
    </svg>
  );
  if (look === 'button') {
    return (
      <button
        type="button"
        aria-pressed={saved}
        disabled={status === 'loading'}
        onClick={onClick}
        className={cn(
          'inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-white px-4 text-[0.9375rem] font-semibold text-navy-900 ' +
            'ring-1 ring-navy-300 ring-inset transition-colors hover:bg-navy-50 disabled:cursor-not-allowed disabled:opacity-60',
          saved && 'text-red-700',
          className,
        )}
      >
        {heart}
        {saved ? 'Saved to wishlist' : 'Save to wishlist'}
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={`Save ${productName} to your wishlist`}
      title={saved ? 'Saved to your wishlist' : 'Save to your wishlist'}
      disabled={status === 'loading'}
      onClick={onClick}
      className={cn(
        'grid size-10 place-items-center rounded-full bg-white/95 text-navy-800 shadow-sm ' +
          'ring-1 ring-navy-100 transition hover:text-red-700 disabled:cursor-not-allowed',
        saved && 'text-red-700',
        className,
      )}
    >
      {heart}
    </button>
  );
}
