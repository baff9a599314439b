import { NavLink, useLocation } from 'react-router';
import { badgeText, itemCountText } from '../../lib/basket/basket-logic.ts';
import { useBasket } from '../../lib/basket/basket-context.tsx';
import { cn } from '../../lib/cn.ts';
import { lazyComponent } from '../../lib/lazy-component.tsx';
import { headerItemClasses } from '../auth/header-account.tsx';
import { useHydrated } from '../listing/use-hydrated.ts';
import { Dialog } from '../ui/dialog.tsx';
import { BasketIcon } from '../ui/icons.tsx';

// The slide-out basket's contents are fetched when it first opens, or as a pointer or focus comes to its button (docs/decisions/0054).
const BasketPanel = lazyComponent(() => import('./basket-panel.tsx').then((module) => module.BasketPanel));

/**
 * The header's basket item. Without JavaScript (and until the page hydrates) it is the plain link
 * to /basket; then a button with the item count that opens the slide-out basket.
 */
export function MiniBasket() {
  const hydrated = useHydrated();
  // Links in the panel close it as they are followed; the panel is modal, so nothing else navigates.
  const { basket, panel, openPanel, closePanel } = useBasket();
  const { pathname } = useLocation();
  const count = basket?.totals.itemCount ?? 0;

  if (!hydrated) {
    return (
      <NavLink to="/basket" className={({ isActive }) => cn(headerItemClasses, isActive && 'bg-white/10')}>
        <BasketIcon className="size-6" />
        Basket
      </NavLink>
    );
  }

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={panel.open}
        onClick={() => openPanel()}
        onPointerEnter={BasketPanel.preload}
        onFocus={BasketPanel.preload}
        className={cn(headerItemClasses, (panel.open || pathname === '/basket') && 'bg-white/10')}
      >
        <span className="relative">
          <BasketIcon className="size-6" />
          {count > 0 && (
            <span
              aria-hidden="true"
              className={
                'absolute -top-1.5 -right-2.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brass-400 ' +
                'px-1 text-[0.6875rem] leading-none font-bold text-navy-950 tabular-nums ring-2 ring-navy-900'
              }
            >
              {badgeText(count)}
            </span>
          )}
        </span>
        {/* Heard as "Basket (3 items)"; the badge shows the number. */}
        Basket<span className="sr-only">({count === 0 ? 'empty' : itemCountText(count)})</span>
      </button>
      <Dialog open={panel.open} onClose={closePanel} title="Your basket" placement="drawer-right">
        <BasketPanel />
      </Dialog>
    </>
  );
}
