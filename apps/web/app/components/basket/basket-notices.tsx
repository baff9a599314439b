import { useId } from 'react';
import { useBasket } from '../../lib/basket/basket-context.tsx';
import type { ShownNotice } from '../../lib/basket/basket-logic.ts';
import { cn } from '../../lib/cn.ts';
import { CloseIcon } from '../ui/icons.tsx';

const headings: Record<ShownNotice['type'], string> = {
  merged: 'Baskets combined',
  retrieved: 'Saved basket retrieved',
  line_unavailable: 'Item removed',
  quantity_reduced: 'Quantity lowered',
  price_changed: 'Price changed',
  discount_removed: 'Discount code removed',
};

const good = new Set<ShownNotice['type']>(['merged', 'retrieved']);

/**
 * What changed in the basket without the shopper asking (a merge on sign-in, lines no longer sold,
 * lower stock, new prices, a code that stopped applying): each shown until dismissed.
 */
export function BasketNotices() {
  const { notices, dismissNotice, dismissAllNotices } = useBasket();
  const headingId = useId();
  return (
    // Always in the page, so notices arriving after a refresh are announced.
    <div aria-live="polite">
      {notices.length > 0 && (
        <section aria-labelledby={headingId} className="mb-6 space-y-2">
          <h2 id={headingId} className="sr-only">
            Changes to your basket
          </h2>
          <ul className="space-y-2">
            {notices.map((notice) => (
              <li
                key={notice.key}
                className={cn(
                  'flex items-start gap-3 rounded-xl border border-l-4 p-4 text-sm',
                  good.has(notice.type) ? 'border-green-200 border-l-green-600 bg-green-50' : 'border-brass-300 border-l-brass-500 bg-brass-50',
                )}
              >
                <p className="flex-1 text-navy-900">
                  <strong className="block font-semibold text-navy-950">{headings[notice.type]}</strong>
                  {notice.message}
                </p>
                <button type="button" onClick={() => dismissNotice(notice.key)} className="-m-1 rounded p-1 text-navy-700 hover:bg-white/60">
                  <CloseIcon className="size-4" />
                  <span className="sr-only">Dismiss: {headings[notice.type]}</span>
                </button>
              </li>
            ))}
          </ul>
          {notices.length > 1 && (
            <button type="button" onClick={dismissAllNotices} className="text-sm font-semibold text-navy-800 underline hover:no-underline">
              Dismiss all
            </button>
          )}
        </section>
      )}
    </div>
  );
}
