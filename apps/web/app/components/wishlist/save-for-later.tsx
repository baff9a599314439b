import type { BasketLine } from '@shop/contracts';
import { useState } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { useBasket } from '../../lib/basket/basket-context.tsx';
import { useWishlist } from '../../lib/wishlist/wishlist-context.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useToast } from '../ui/toast.tsx';

/**
 * "Save for later": the line moves to the wishlist at its quantity, then leaves the basket. If the
 * wishlist refuses, the basket is left as it was.
 */
export function SaveForLater({ line }: { line: BasketLine }) {
  const wishlist = useWishlist();
  const basket = useBasket();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const move = async () => {
    setBusy(true);
    const saved = await wishlist.setItem(line.sku, { quantity: line.quantity });
    const removed = saved.ok ? await basket.remove(line.sku) : saved;
    setBusy(false);
    if (!removed.ok) toast(apiProblemMessage(removed.error), 'error');
    else toast(`${line.productName} moved to your wishlist.`, 'success');
  };
  return (
    <button
      type="button"
      onClick={move}
      disabled={busy || wishlist.status === 'loading'}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-teal-800 underline hover:no-underline disabled:cursor-not-allowed"
    >
      {busy && <Spinner className="size-3" />}
      Save for later<span className="sr-only"> {line.productName}</span>
    </button>
  );
}
