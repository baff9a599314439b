import type { ShopDetails } from '@shop/contracts';
import { Link } from 'react-router';
import { helpPath } from '../../lib/help-topics.ts';
import { unpackFooterColumns } from '../../lib/content/frame-items.ts';
import { companyLine } from '../../lib/shop-details.ts';
import { HeaderAccount } from '../auth/header-account.tsx';
import { useHydrated } from '../listing/use-hydrated.ts';
import { LockIcon } from '../ui/icons.tsx';
import { Logo } from './logo.tsx';

/*
 * Checkout's own frame: the task and nothing to wander off to, as the UK's larger shops strip theirs.
 * The logo still leads home, help is one tap away, and the legal pages the payment step cites stay linked.
 */

const HELP_PATH = '/help';

export function CheckoutHeader({ shop }: { shop: ShopDetails | null }) {
  // Marks the frame once the page's scripts run (the shop's header has its search box for that).
  const hydrated = useHydrated();
  return (
    <header className="on-dark bg-navy-900 text-white" data-hydrated={hydrated || undefined}>
      <div className="container-page flex h-16 items-center gap-2 sm:gap-3 lg:h-[4.5rem]">
        <Logo className="[&>span]:max-sm:sr-only" />
        <p className="flex flex-1 items-center justify-center gap-1.5 text-sm font-semibold sm:text-base">
          <LockIcon className="size-5 text-brass-300" />
          Secure checkout
        </p>
        <p className="hidden text-sm md:block">
          Need help?{' '}
          {shop ? (
            <a href={shop.phone.uri} className="font-semibold underline underline-offset-3 hover:text-brass-200">
              {shop.phone.display}
            </a>
          ) : (
            <Link to={HELP_PATH} className="font-semibold underline underline-offset-3 hover:text-brass-200">
              Help centre
            </Link>
          )}
        </p>
        <Link to={HELP_PATH} className="rounded-lg px-2 py-2.5 text-sm font-semibold underline underline-offset-3 md:hidden">
          Help
        </Link>
        {/* Signing in part-way keeps what was typed (a popup) and brings saved addresses and cards. */}
        <HeaderAccount />
      </div>
    </header>
  );
}

/** `legal`: the legal pages' links the shop shows now, packed as one column (decision 0128). */
export function CheckoutFooter({ shop, copyrightYear, legal }: { shop: ShopDetails | null; copyrightYear?: number; legal: string }) {
  return (
    <footer className="mt-auto border-t border-navy-100 bg-sand-50">
      <div className="container-page flex flex-col gap-2 py-6 text-xs text-navy-700">
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {(unpackFooterColumns(legal)[0]?.links ?? [])
              .filter((link) => link.to !== '/reviews-policy')
              .map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-navy-800 underline underline-offset-3 hover:text-teal-700">
                    {link.label}
                  </Link>
                </li>
              ))}
            <li>
              <Link to={helpPath('delivery')} className="text-sm text-navy-800 underline underline-offset-3 hover:text-teal-700">
                Delivery information
              </Link>
            </li>
          </ul>
        </nav>
        {shop && <p>{companyLine(shop)}</p>}
        <p>© {copyrightYear ? `${copyrightYear} ` : ''}Plumbline. Secure card payments in pounds sterling.</p>
      </div>
    </footer>
  );
}
