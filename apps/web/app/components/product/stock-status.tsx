import { cn } from '../../lib/cn.ts';
import { stockText, type StockStatus as Stock } from './product-format.ts';

const dots: Record<Stock['status'], string> = {
  in_stock: 'bg-green-600',
  low_stock: 'bg-brass-500',
  made_to_order: 'bg-teal-600',
  out_of_stock: 'bg-red-700',
};

const texts: Record<Stock['status'], string> = {
  in_stock: 'text-green-800',
  low_stock: 'text-brass-800',
  made_to_order: 'text-teal-800',
  out_of_stock: 'text-red-800',
};

/** The chosen offering's availability, as a coloured dot and words (never colour alone). */
export function StockStatus({ stock, className }: { stock: Stock; className?: string }) {
  return (
    <p className={cn('flex items-center gap-2 text-sm font-semibold', texts[stock.status], className)}>
      <span className={cn('size-2.5 shrink-0 rounded-full', dots[stock.status])} aria-hidden="true" />
      {stockText(stock)}
    </p>
  );
}
