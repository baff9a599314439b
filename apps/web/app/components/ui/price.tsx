import { cn } from '../../lib/cn.ts';
import { formatPence } from '@shop/contracts';
import { savingPence } from '../../lib/money.ts';

export interface PriceProps {
  /** Price in pence. */
  pence: number;
  /** The earlier price in pence; shown struck through with the saving when it is higher. */
  wasPence?: number | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const amountSizes = { sm: 'text-base', md: 'text-xl', lg: 'text-3xl' } as const;

export function Price({ pence, wasPence, size = 'md', className }: PriceProps) {
  const saving = savingPence(pence, wasPence);
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-2 gap-y-0.5', className)}>
      <span className={cn('font-bold tracking-tight text-navy-950 tabular-nums', amountSizes[size])}>
        {saving !== null && <span className="sr-only">Now </span>}
        {formatPence(pence)}
      </span>
      {saving !== null && (
        <>
          <span className="text-sm text-navy-600 tabular-nums">
            {/* Screen readers do not announce strike-through, so say "was" in words. */}
            <span className="sr-only">, was </span>
            <s>{formatPence(pence + saving)}</s>
          </span>
          <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800">Save {formatPence(saving)}</span>
        </>
      )}
    </span>
  );
}
