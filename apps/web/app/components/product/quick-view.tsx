import { useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { useEarlyPresses } from '../../lib/early-press.ts';
import { lazyComponent } from '../../lib/lazy-component.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { SearchIcon } from '../ui/icons.tsx';

// The quick view's contents are fetched when one first opens, or as a pointer or focus comes to a button (docs/decisions/0054).
const QuickViewContent = lazyComponent(() => import('./quick-view-content.tsx').then((module) => module.QuickViewContent));

export interface QuickViewButtonProps {
  slug: string;
  productName: string;
  className?: string;
}

/** "Quick view" on a listing card: the product's essentials in a dialog, without leaving the listing. */
export function QuickViewButton({ slug, productName, className }: QuickViewButtonProps) {
  const [open, setOpen] = useState(false);
  // Pressed before the scripts ran: open once they have.
  const button = useRef<HTMLButtonElement>(null);
  const pressKey = `${useId()}-quick-view`;
  useEarlyPresses([{ ref: button, key: pressKey, press: () => setOpen(true) }]);
  return (
    <>
      <button
        ref={button}
        type="button"
        data-early-press={pressKey}
        aria-label={`Quick view: ${productName}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={QuickViewContent.preload}
        onFocus={QuickViewContent.preload}
        className={cn(buttonClasses('secondary', 'sm'), className)}
      >
        <SearchIcon className="size-4" />
        Quick view
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={productName} className="sm:w-[min(52rem,calc(100vw-2rem))]">
        {/* Loads only while open, so a listing full of cards asks for nothing up front. */}
        {open && <QuickViewContent slug={slug} />}
      </Dialog>
    </>
  );
}
