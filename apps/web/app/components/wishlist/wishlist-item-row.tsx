import type { WishlistItem } from '@shop/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { useBasket } from '../../lib/basket/basket-context.tsx';
import { productPath } from '../../lib/catalogue.ts';
import { formatPence } from '@shop/contracts';
import { useWishlist } from '../../lib/wishlist/wishlist-context.tsx';
import { LineImage } from '../basket/line-image.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Price } from '../ui/price.tsx';

const STOCK_TEXT: Record<WishlistItem['stockStatus'], string> = {
  in_stock: 'In stock',
  low_stock: 'Low stock: order soon',
  made_to_order: 'Made to order',
  out_of_stock: 'Out of stock',
};

const itemHref = (item: WishlistItem) => `${productPath(item.productSlug)}?sku=${encodeURIComponent(item.sku)}`;

/** One product on the wishlist: today's price (and any drop since it was added), stock, note, and what can be done with it. */
export function WishlistItemRow({ item }: { item: WishlistItem }) {
  const { remove, setItem, pending } = useWishlist();
  const basket = useBasket();
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState<'basket' | 'remove' | 'quantity' | null>(null);
  const drop = item.available && item.priceWhenAddedIncVat > item.priceIncVat ? item.priceWhenAddedIncVat - item.priceIncVat : 0;
  const gone = item.unavailableReason === 'sku_not_found';

  const addToBasket = async () => {
    setBusy('basket');
    const result = await basket.add(item.sku, item.quantity);
    setBusy(null);
    if (result.ok) basket.openPanel({ sku: item.sku, quantity: item.quantity });
    else setMessage({ tone: 'error', text: apiProblemMessage(result.error) });
  };
  const removeItem = async () => {
    setBusy('remove');
    const result = await remove(item.sku);
    setBusy(null);
    if (!result.ok) setMessage({ tone: 'error', text: apiProblemMessage(result.error) });
  };
  const changeQuantity = async (quantity: number) => {
    setBusy('quantity');
    const result = await setItem(item.sku, { quantity });
    setBusy(null);
    setMessage(result.ok ? null : { tone: 'error', text: apiProblemMessage(result.error) });
  };

  return (
    <li className="flex gap-4 py-5 sm:gap-5" data-sku={item.sku}>
      <LineImage line={item} className="size-20 sm:size-28" />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold text-navy-950">
            {gone ? (
              item.productName
            ) : (
              <Link to={itemHref(item)} className="hover:text-teal-800 hover:underline">
                {item.productName}
              </Link>
            )}
          </h3>
          {item.label && <p className="text-sm text-navy-700">{item.label}</p>}
          <p className="text-sm text-navy-700">
            {gone ? 'No longer sold' : STOCK_TEXT[item.stockStatus]}
            <span className="text-navy-500"> · Code {item.sku}</span>
          </p>
          {item.note && <p className="text-sm text-navy-800 italic">“{item.note}”</p>}
          {drop > 0 && <Badge tone="sale">Price dropped {formatPence(drop)} since you saved it</Badge>}
          {message && (
            <p
              role={message.tone === 'error' ? 'alert' : 'status'}
              className={message.tone === 'error' ? 'text-sm font-medium text-red-700' : 'text-sm text-green-800'}
            >
              {message.text}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-col gap-3 sm:items-end">
          {!gone && <Price pence={item.priceIncVat} wasPence={item.wasPriceIncVat} />}
          <div className="flex flex-wrap items-center gap-2">
            {!gone && (
              <label className="flex items-center gap-2 text-sm text-navy-800">
                <span>Qty</span>
                <select
                  className="h-9 rounded-lg border border-navy-300 bg-white px-2 text-sm"
                  value={item.quantity}
                  disabled={busy !== null}
                  onChange={(event) => void changeQuantity(Number(event.target.value))}
                  aria-label={`Quantity of ${item.productName}`}
                >
                  {quantityChoices(item.quantity).map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {item.available && (
              <Button
                size="sm"
                onClick={addToBasket}
                loading={busy === 'basket'}
                disabled={pending && busy !== 'basket'}
                aria-label={`Add to basket: ${item.productName}`}
              >
                Add to basket
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={removeItem} loading={busy === 'remove'}>
              Remove<span className="sr-only"> {item.productName}</span>
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}

/** 1 to 10, plus the current quantity when it is larger (set elsewhere). */
function quantityChoices(current: number): number[] {
  const choices = Array.from({ length: 10 }, (_, index) => index + 1);
  return current > 10 ? [...choices, current] : choices;
}
