import type { TradePrice as TradePriceData } from '@shop/contracts';
import { cn } from '../../lib/cn.ts';
import { formatPence } from '@shop/contracts';

/**
 * A trade customer's own price (shown only to them, beside the retail price): ex VAT first, as
 * trade buyers reckon, then inc VAT. It is what the basket will charge.
 */
export function TradePrice({ price, size = 'md', className }: { price: TradePriceData; size?: 'sm' | 'md'; className?: string }) {
  const discount = price.tradeDiscountBasisPoints > 0 ? `${price.tradeDiscountBasisPoints / 100}% trade discount` : 'No further trade discount';
  return (
    <div className={cn('rounded-lg bg-brass-50 ring-1 ring-brass-300 ring-inset', size === 'sm' ? 'px-2.5 py-1.5' : 'px-4 py-3', className)}>
      <p className={cn('font-semibold text-brass-900', size === 'sm' ? 'text-xs' : 'text-sm')}>Trade price</p>
      <p className="flex flex-wrap items-baseline gap-x-1.5 tabular-nums">
        <span className={cn('font-bold text-navy-950', size === 'sm' ? 'text-base' : 'text-2xl')}>{formatPence(price.priceExcTax)}</span>
        <span className={cn('text-navy-800', size === 'sm' ? 'text-xs' : 'text-sm')}>ex VAT</span>
      </p>
      <p className={cn('text-navy-800 tabular-nums', size === 'sm' ? 'text-xs' : 'text-sm')}>{formatPence(price.priceIncTax)} inc VAT</p>
      {size === 'md' && (
        <p className="mt-1 text-xs text-navy-700">
          {discount} (band {price.tradeBand})
        </p>
      )}
    </div>
  );
}
