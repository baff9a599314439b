import type { TradePrice as TradePriceData } from '@shop/contracts';
import { cn } from '../../lib/cn.ts';
import { formatPence } from '@shop/contracts';
import { savingText, type Price } from './product-format.ts';
import { usePriceDisplay } from '../../lib/price-display.ts';
import { TradePrice, VatOrderedPrice } from './trade-price.tsx';

export interface PriceBlockProps {
  price: Price;
  /** The signed-in trade customer's price for the same offering, when there is one. */
  tradePrice?: TradePriceData | null;
  /** `lg` on the product page, `md` in the quick view. */
  size?: 'md' | 'lg';
  className?: string;
}

/** Room for a trade customer's price, kept from the first paint wherever one browses. */
const TRADE_ROOM = { md: 'min-h-[8rem]', lg: 'min-h-[9.5rem]' } as const;

/**
 * Price inc VAT with the was-price and saving, and the ex-VAT price. A trade customer sees their
 * own price instead, ex VAT first (or as they chose) with the retail price for reference. No "or
 * from £x/month": checkout offers no finance, so no price may promise it.
 */
export function PriceBlock({ price, tradePrice, size = 'lg', className }: PriceBlockProps) {
  const { tradeVisitor } = usePriceDisplay();
  if (tradePrice) return <TradePrice price={tradePrice} retail={price} size={size} className={cn(TRADE_ROOM[size], className)} />;
  if (tradeVisitor) return <VatOrderedPrice exVat={price.priceExcTax} incVat={price.priceIncTax} size={size} className={cn(TRADE_ROOM[size], className)} />;
  const saving = savingText(price);
  return (
    <div className={cn('space-y-1', className)}>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className={cn('font-bold tracking-tight text-navy-950 tabular-nums', size === 'lg' ? 'text-3xl sm:text-4xl' : 'text-2xl')}>
          {saving && <span className="sr-only">Now </span>}
          {formatPence(price.priceIncTax)}
          <span className="sr-only"> including VAT</span>
        </span>
        {saving && price.wasPriceIncTax !== null && (
          <>
            <span className="text-base text-navy-600 tabular-nums">
              {/* Screen readers do not announce strike-through, so say "was" in words. */}
              <span className="sr-only">, was </span>
              <s>{formatPence(price.wasPriceIncTax)}</s>
            </span>
            <span className="rounded-md bg-red-50 px-2 py-0.5 text-sm font-semibold text-red-800 ring-1 ring-red-200 ring-inset">{saving}</span>
          </>
        )}
      </p>
      <p className="text-sm text-navy-700 tabular-nums">{`${formatPence(price.priceExcTax)} ex VAT`}</p>
    </div>
  );
}
