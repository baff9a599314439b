import { useId, type FormEvent } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { cn } from '../../lib/cn.ts';
import { SAVE_TO_WISHLIST } from '../../lib/product-forms.ts';
import { ProductFormFields, usePostedProductForm, useProductFormAction } from '../../lib/use-product-form.tsx';
import { useWishlist } from '../../lib/wishlist/wishlist-context.tsx';
import { useHydrated } from '../listing/use-hydrated.ts';
import { useToast } from '../ui/toast.tsx';

export interface WishlistHeartProps {
  sku: string;
  productName: string;
  /** `icon`: a round button over a product image; `button`: a labelled button beside add to basket. */
  look?: 'icon' | 'button';
  className?: string;
}

/**
 * Saves a product to the wishlist, or takes it off: a toggle button (aria-pressed), announced with
 * a toast. It is a form posted to the page's own action (product-forms.ts), so it saves without the
 * page's scripts too, for a signed-in shopper (a guest's wishlist is kept by the browser: signing in
 * comes first). With scripts, until the wishlist has loaded it is shown unpressed and disabled, at
 * its final size.
 */
export function WishlistHeart({ sku, productName, look = 'icon', className }: WishlistHeartProps) {
  const { has, toggle, status } = useWishlist();
  const toast = useToast();
  const hydrated = useHydrated();
  const place = `${useId()}-place`;
  const action = useProductFormAction(place);
  const posted = usePostedProductForm(SAVE_TO_WISHLIST, sku);
  // Saved by the page's action: shown so until the wishlist itself has loaded.
  const saved = has(sku) || (status === 'loading' && posted?.kind === 'saved');
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await toggle(sku);
    if (!result.ok) toast(apiProblemMessage(result.error), 'error');
    else toast(saved ? `${productName} removed from your wishlist.` : `${productName} saved to your wishlist.`, 'success');
  };
  const busy = hydrated && status === 'loading';
  // A line heart, filled once saved (app.css's icons, decision 0084).
  const heart = <span className={cn('icon size-5', saved ? 'icon-heart-filled' : 'icon-heart')} aria-hidden="true" />;
  const refusal = posted?.kind === 'refused' && status === 'loading' ? posted.message : null;
  if (look === 'button') {
    return (
      <form id={place} method="post" action={action} onSubmit={onSubmit} className={className}>
        <ProductFormFields intent={SAVE_TO_WISHLIST} sku={sku} />
        <button type="submit" aria-pressed={saved} disabled={busy} className={cn('btn btn-secondary btn-md px-4', saved && 'text-red-700')}>
          {heart}
          {saved ? 'Saved to wishlist' : 'Save to wishlist'}
        </button>
        {refusal && <p className="mt-1.5 max-w-48 text-sm font-medium text-red-700">{refusal}</p>}
      </form>
    );
  }
  return (
    <form id={place} method="post" action={action} onSubmit={onSubmit} className={className}>
      <ProductFormFields intent={SAVE_TO_WISHLIST} sku={sku} />
      <button
        type="submit"
        aria-pressed={saved}
        aria-label={`Save ${productName} to your wishlist`}
        title={refusal ?? (saved ? 'Saved to your wishlist' : 'Save to your wishlist')}
        disabled={busy}
        className={cn('heart-button', saved && 'text-red-700')}
      >
        {heart}
      </button>
    </form>
  );
}
