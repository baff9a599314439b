import type { OrderLine } from '@shop/contracts';
import { cn } from '../lib/cn.ts';

/**
 * "1 cancelled": the part of an order line the customer cancelled before dispatch, beside the
 * quantity still to be sent (the API's `quantity`), on every page that lists an order's lines.
 */
export function CancelledPart({ line, className }: { line: Pick<OrderLine, 'cancelledQuantity'>; className?: string }) {
  if (line.cancelledQuantity === 0) return null;
  return <span className={cn('block text-sm font-semibold text-red-700', className)}>{line.cancelledQuantity} cancelled</span>;
}
