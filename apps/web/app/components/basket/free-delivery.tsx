import type { Basket } from '@shop/contracts';
import { Link } from 'react-router';
import { helpPath } from '../../lib/help-topics.ts';
import { cn } from '../../lib/cn.ts';
import { DELIVERY_ZONE_RULES, formatPence, formatPenceShort, REMOTE_DELIVERY_ZONES } from '@shop/contracts';
import { TruckIcon } from '../ui/icons.tsx';

/** Where "free" stops: the zones delivery surcharges (the same areas the promo bar's "most of mainland UK" leaves out). */
const WHERE_FREE = 'most of mainland Great Britain';
const surcharged = REMOTE_DELIVERY_ZONES.filter((zone) => DELIVERY_ZONE_RULES[zone].surcharge).map((zone) => DELIVERY_ZONE_RULES[zone].name);
// The delivery module's own zone rules, so this never disagrees with the help centre or the product page.
const SURCHARGED = `Deliveries to ${surcharged.slice(0, -1).join(', ')} and ${surcharged.at(-1)} pay a surcharge.`;

/**
 * How far the basket is from free delivery, by the threshold and goods total the API priced the
 * estimate with (after any discount, as checkout charges). Says nothing when the basket's delivery
 * is never free; `compact` for the basket panel.
 */
export function FreeDeliveryNudge({ delivery, compact = false, className }: { delivery: Basket['totals']['delivery']; compact?: boolean; className?: string }) {
  if (!delivery?.isEstimate || delivery.freeFromIncVat === null) return null;
  const threshold = delivery.freeFromIncVat;
  const spend = delivery.spendForFreeIncVat;
  const reached = spend === null ? 1 : Math.max(0, Math.min(1, (threshold - spend) / threshold));
  return (
    <div className={cn('rounded-xl bg-white p-3 text-sm text-navy-800 ring-1 ring-navy-100 ring-inset', className)}>
      <p className="flex items-start gap-2 font-semibold text-navy-950">
        <TruckIcon className="mt-0.5 size-5 shrink-0 text-teal-700" />
        <span>{spend === null ? `Your order qualifies for free delivery to ${WHERE_FREE}.` : `Spend ${formatPence(spend)} more for free delivery`}</span>
      </p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-navy-100" aria-hidden="true">
        <div className="h-full rounded-full bg-teal-600" style={{ width: `${Math.round(reached * 100)}%` }} />
      </div>
      <p className={cn('mt-2 text-navy-700', compact && 'text-xs')}>
        {spend !== null && `${delivery.name} is free to ${WHERE_FREE} on orders from ${formatPenceShort(threshold)} after discounts. `}
        {/* The panel's links close it as they are followed: it keeps to the sentence. */}
        {!compact && (
          <>
            {SURCHARGED}{' '}
            <Link to={helpPath('delivery')} className="font-semibold text-teal-700 underline hover:no-underline">
              Delivery information
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
