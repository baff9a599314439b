import type { TradePrice as TradePriceData } from '@shop/contracts';
import { formatPence } from '@shop/contracts';
import { cn } from '../../lib/cn.ts';
import { usePriceDisplay, type VatDisplay } from '../../lib/price-display.ts';

/** An amount ex and inc VAT, in the order the shopper chose: the first large, the other beside it. */
export function vatOrder(exVat: number, incVat: number, display: VatDisplay) {
  const ex = { pence: exVat, label: 'ex VAT' };
  const inc = { pence: incVat, label: 'inc VAT' };
  return display === 'ex' ? [ex, inc] : [inc, ex];
}

const sizes = {
  sm: { box: 'px-2.5 py-1.5', label: 'text-xs', amount: 'text-lg', small: 'text-xs' },
  md: { box: 'px-4 py-3', label: 'text-sm', amount: 'text-2xl', small: 'text-sm' },
  lg: { box: 'px-4 py-3.5', label: 'text-sm', amount: 'text-3xl sm:text-4xl', small: 'text-sm' },
} as const;

/**
 * A trade customer's own price: what the basket will charge them. Ex VAT first (or inc VAT, as they
 * chose), the other beside it, and the retail price for reference: their price, not a sale, so no
 * "was" and no "Save".
 */
export function TradePrice({
  price,
  retail,
  size = 'md',
  className,
}: {
  price: TradePriceData;
  /** The retail price it is worked out from. */
  retail?: { priceIncTax: number; priceExcTax: number };
  size?: keyof typeof sizes;
  className?: string;
}) {
  const { display } = usePriceDisplay();
  const [first, second] = vatOrder(price.priceExcTax, price.priceIncTax, display);
  const style = sizes[size];
  const retailShown = retail && (display === 'ex' ? { pence: retail.priceExcTax, label: 'ex VAT' } : { pence: retail.priceIncTax, label: 'inc VAT' });
  return (
    <div className={cn('rounded-lg bg-brass-50 ring-1 ring-brass-300 ring-inset', style.box, className)}>
      <p className={cn('font-semibold text-brass-900', style.label)}>Your trade price</p>
      <p className="flex flex-wrap items-baseline gap-x-1.5 tabular-nums">
        <span className={cn('font-bold tracking-tight text-navy-950', style.amount)}>{formatPence(first!.pence)}</span>
        <span className={cn('font-semibold text-navy-800', style.small)}>{first!.label}</span>
      </p>
      <p className={cn('text-navy-800 tabular-nums', style.small)}>
        {formatPence(second!.pence)} {second!.label}
      </p>
      {size !== 'sm' && (
        <p className="mt-1 text-xs text-navy-700">
          {price.tradeDiscountBasisPoints > 0
            ? `${price.tradeBandName}: ${price.tradeDiscountBasisPoints / 100}% off the ex-VAT retail price`
            : 'No further trade discount: this item is already on offer'}
        </p>
      )}
      {retailShown && (
        <p className={cn('text-navy-700 tabular-nums', style.small)}>
          Retail price {formatPence(retailShown.pence)} {retailShown.label}
        </p>
      )}
    </div>
  );
}

/**
 * The retail price in a trade customer's chosen order, while their trade price is on its way (or
 * when it could not be had): the same order as the trade price that replaces it.
 */
export function VatOrderedPrice({ exVat, incVat, size = 'sm', className }: { exVat: number; incVat: number; size?: keyof typeof sizes; className?: string }) {
  const { display } = usePriceDisplay();
  const [first, second] = vatOrder(exVat, incVat, display);
  const style = sizes[size];
  return (
    <div className={className}>
      <p className="flex flex-wrap items-baseline gap-x-1.5 tabular-nums">
        <span className={cn('font-bold tracking-tight text-navy-950', style.amount)}>{formatPence(first!.pence)}</span>
        <span className={cn('font-semibold text-navy-800', style.small)}>{first!.label}</span>
      </p>
      <p className={cn('text-navy-700 tabular-nums', style.small)}>
        {formatPence(second!.pence)} {second!.label}
      </p>
    </div>
  );
}
