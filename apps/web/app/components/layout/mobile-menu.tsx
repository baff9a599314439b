import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NavigationCategory } from '../../lib/catalogue.ts';
import { categoryPath } from '../../lib/catalogue.ts';
import { useEarlyPresses } from '../../lib/early-press.ts';
import { HELP_TOPICS, helpLinkLabel, helpPath } from '../../lib/help-topics.ts';
import { TRADE_PATHS } from '../../lib/trade/trade-paths.ts';
import { Dialog } from '../ui/dialog.tsx';
import { ChevronDownIcon, MenuIcon } from '../ui/icons.tsx';

/** Phones and tablets: a menu button opening a drawer with every category and the help pages. */
export function MobileMenu({ categories }: { categories: readonly NavigationCategory[] }) {
  const [open, setOpen] = useState(false);
  // Following a link closes the drawer; the page changes behind it.
  const close = useCallback(() => setOpen(false), []);
  // Pressed before the scripts ran: open once they have.
  const button = useRef<HTMLButtonElement>(null);
  const pressKey = `${useId()}-menu`;
  useEarlyPresses([{ ref: button, key: pressKey, press: () => setOpen(true) }]);

  return (
    <>
      <button
        ref={button}
        type="button"
        data-early-press={pressKey}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="-ml-2 inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/10 lg:hidden"
      >
        <MenuIcon className="size-6" />
        <span className="sr-only">Menu</span>
      </button>
      <Dialog open={open} onClose={close} title="Menu" placement="drawer-left">
        {/* Drawn when first opened, as every dialog is: the desktop menu serves these links to crawlers. */}
        <MenuLinks categories={categories} close={close} />
      </Dialog>
    </>
  );
}

function MenuLinks({ categories, close }: { categories: readonly NavigationCategory[]; close: () => void }) {
  return (
    <>
      <nav aria-label="Shop by category" className="px-2 py-3">
        <h3 className="px-3 pb-2 text-xs font-semibold tracking-wider text-navy-600 uppercase">Shop by category</h3>
        <ul>
          {categories.map((category) => (
            <li key={category.slug}>
              <details className="group">
                <summary
                  className={
                    'flex cursor-pointer list-none items-center justify-between rounded-lg px-3 py-2.5 ' +
                    'font-semibold text-navy-950 hover:bg-navy-50 [&::-webkit-details-marker]:hidden'
                  }
                >
                  {category.name}
                  <ChevronDownIcon className="size-5 text-navy-600 transition-transform group-open:rotate-180" />
                </summary>
                <ul className="mb-2 ml-3 border-l-2 border-teal-100 pl-3">
                  <li>
                    <Link
                      to={categoryPath(category.slug)}
                      onClick={close}
                      className="block rounded-lg px-3 py-2 text-sm font-semibold text-teal-700 hover:bg-navy-50"
                    >
                      All {category.name}
                    </Link>
                  </li>
                  {category.children.map((child) => (
                    <li key={child.slug}>
                      <Link
                        to={categoryPath(category.slug, child.slug)}
                        onClick={close}
                        className="block rounded-lg px-3 py-2 text-sm text-navy-800 hover:bg-navy-50"
                      >
                        {child.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-navy-100 px-2 py-3">
        <Link to={TRADE_PATHS.dashboard} onClick={close} className="block rounded-lg px-3 py-2.5 font-semibold text-teal-700 hover:bg-navy-50">
          Trade accounts
        </Link>
      </div>
      <nav aria-label="Help and advice" className="border-t border-navy-100 px-2 py-3">
        <h3 className="px-3 pb-2 text-xs font-semibold tracking-wider text-navy-600 uppercase">Help &amp; advice</h3>
        <ul>
          {HELP_TOPICS.map((topic) => (
            <li key={topic.slug}>
              <Link to={helpPath(topic.slug)} onClick={close} className="block rounded-lg px-3 py-2.5 text-navy-900 hover:bg-navy-50">
                {helpLinkLabel(topic)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
