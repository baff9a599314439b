import type { BasketLine } from '@shop/contracts';
import { cn } from '../../lib/cn.ts';
import { BasketIcon } from '../ui/icons.tsx';

/** A line's product picture at a fixed size (no layout shift); decorative, as the name sits beside it. */
export function LineImage({ line, className }: { line: Pick<BasketLine, 'imageUrl'>; className?: string }) {
  return (
    <div className={cn('shrink-0 overflow-hidden rounded-lg bg-gradient-to-br from-sand-50 to-sand-100 ring-1 ring-navy-100', className)}>
      {line.imageUrl ? (
        <img src={line.imageUrl} alt="" width={160} height={160} loading="lazy" className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-navy-300">
          <BasketIcon className="size-1/2" />
        </div>
      )}
    </div>
  );
}
