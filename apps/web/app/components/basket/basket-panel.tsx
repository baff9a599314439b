import { Link } from 'react-router';
import { formatPence } from '@shop/contracts';
import { itemCountText, linePath } from '../../lib/basket/basket-logic.ts';
import { useBasket } from '../../lib/basket/basket-context.tsx';
import { cn } from '../../lib/cn.ts';
import { usePriceDisplay } from '../../lib/price-display.ts';
import { ButtonLink } from '../ui/button.tsx';
import { CheckoutLink } from './checkout-link.tsx';
import { CheckIcon } from '../ui/icons.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { FreeDeliveryNudge } from './free-delivery.tsx';
import { LineImage } from './line-image.tsx';

/** A line the shop no longer sells (its product withdrawn, or its code no longer made): named, not linked, never priced. */
const noLongerSold = (line: { unavailableReason: string | null }) => line.unavailableReason === 'sku_not_found';

/** The slide-out basket's contents (mini-basket.tsx): fetched when it first opens. */
export function BasketPanel() {
  const { basket, status, panel, closePanel } = useBasket();
  // A trade customer's basket: their own prices, in the order they chose (ex VAT first, or inc VAT).
  const { display } = usePriceDisplay();
  const exFirst = Boolean(basket?.pricing.tradePriced) && display === 'ex';
  const lines = basket?.lines ?? [];
  const added = panel.added.flatMap((item) => {
    const line = lines.find((candidate) => candidate.sku === item.sku);
    return line ? [{ ...item, line }] : [];
  });

  return (
    <div className="flex h-full flex-col">
      {added.length > 0 && (
        <div role="status" className="m-4 mb-0 flex items-start gap-2 rounded-xl bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200 ring-inset">
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-green-700" />
          <div>
            <strong className="font-semibold">Added to your basket:</strong>{' '}
            <ul>
              {added.map(({ quantity, line }) => (
                <li key={line.sku}>
                  {quantity} × {line.productName}
                  {line.label && `, ${line.label}`}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}

      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
        {status === 'loading' ? (
          <div aria-busy="true">
            <p className="sr-only" role="status">
              Loading your basket…
            </p>
            {[0, 1].map((key) => (
              <div key={key} className="flex gap-3 py-3">
                <Skeleton className="size-16 rounded-lg" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-4 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        ) : lines.length === 0 ? (
          <div className="py-10 text-center">
            <p className="text-lg font-bold text-navy-950">Your basket is empty</p>
            <p className="mt-1 text-navy-700">Products you add will appear here.</p>
          </div>
        ) : (
          <ul className="divide-y divide-navy-100">
            {lines.map((line) => (
              <li key={line.sku} className="flex gap-3 py-3">
                <LineImage line={line} className="size-16" />
                <div className="min-w-0 flex-1">
                  {noLongerSold(line) ? (
                    <p className="line-clamp-2 font-semibold text-navy-950">{line.productName}</p>
                  ) : (
                    <Link to={linePath(line)} onClick={closePanel} className="line-clamp-2 font-semibold text-navy-950 hover:underline">
                      {line.productName}
                    </Link>
                  )}
                  {line.label && <p className="truncate text-sm text-navy-700">{line.label}</p>}
                  <p className="mt-1 flex items-baseline justify-between gap-2 text-sm">
                    <span className="text-navy-700">Qty {line.quantity}</span>
                    {line.available ? (
                      <span className="font-semibold text-navy-950 tabular-nums">
                        {formatPence(exFirst ? line.lineTotalExVat : line.lineTotalIncVat)}
                        {basket?.pricing.tradePriced && <span className="font-normal text-navy-700">{exFirst ? ' ex VAT' : ' inc VAT'}</span>}
                      </span>
                    ) : (
                      <span className="font-semibold text-red-800">{noLongerSold(line) ? 'No longer available' : 'Unavailable'}</span>
                    )}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      {basket && lines.length > 0 && (
        <div className="border-t border-navy-100 bg-sand-50 px-4 py-4">
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between">
              <dt className="text-navy-700">
                Subtotal{exFirst && ' ex VAT'} ({itemCountText(basket.totals.itemCount)})
              </dt>
              <dd className="tabular-nums">{formatPence(exFirst ? basket.totals.subtotalExVat : basket.totals.subtotalIncVat)}</dd>
            </div>
            {basket.totals.discountIncVat > 0 && (
              <div className="flex justify-between text-green-800">
                <dt>Discount ({basket.discount?.code})</dt>
                <dd className="tabular-nums">−{formatPence(basket.totals.discountIncVat)}</dd>
              </div>
            )}
            {basket.totals.delivery && (
              <div className="flex justify-between">
                <dt className="text-navy-700">Delivery (estimate)</dt>
                <dd className="tabular-nums">{basket.totals.delivery.priceIncVat === 0 ? 'Free' : formatPence(basket.totals.delivery.priceIncVat)}</dd>
              </div>
            )}
            {exFirst && (
              <div className="flex justify-between pt-1 text-base font-bold text-navy-950">
                <dt>Total ex VAT</dt>
                <dd className="tabular-nums">{formatPence(basket.totals.totalExVat)}</dd>
              </div>
            )}
            <div className={cn('flex justify-between pt-1 text-navy-950', exFirst ? 'font-semibold' : 'text-base font-bold')}>
              <dt>Total inc VAT</dt>
              <dd className="tabular-nums">{formatPence(basket.totals.totalIncVat)}</dd>
            </div>
          </dl>
          <p className="mt-1 text-xs text-navy-600">Delivery is an estimate until checkout.</p>
          <FreeDeliveryNudge delivery={basket.totals.delivery} compact className="mt-3" />
          <div className="mt-4 grid gap-2">
            <CheckoutLink basket={basket} onClick={closePanel} />
            <ButtonLink to="/basket" onClick={closePanel} variant="secondary" className="w-full">
              View basket
            </ButtonLink>
            <button type="button" onClick={closePanel} className="h-11 rounded-lg text-sm font-semibold text-navy-900 hover:bg-navy-100">
              Continue shopping
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
