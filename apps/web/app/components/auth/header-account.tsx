import { useEffect, useId, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { canReadMailbox } from '../../lib/auth/claims.ts';
import { signInPath } from '../../lib/auth/settings.ts';
import { cn } from '../../lib/cn.ts';
import { TRADE_PATHS } from '../../lib/trade/trade-paths.ts';
import { useTradeCustomer } from '../../lib/trade/use-trade-customer.ts';
import { Spinner } from '../ui/spinner.tsx';
import { ChevronDownIcon, UserIcon } from '../ui/icons.tsx';
import { useShopAuth } from './use-shop-auth.ts';

/** The header's icon-and-label items; the account item keeps one width in every state (no layout shift). */
export const headerItemClasses = 'header-action';
const accountWidth = 'w-[4.25rem] sm:w-20';

/** The name the header shows for a signed-in profile: their name, else their e-mail address. */
export const signedInNameOf = (profile: { name: string | null; email: string | null } | undefined): string | null => profile?.name || profile?.email || null;

/** The first name to show in the narrow header: "Sam" for "Sam Shopper", an address up to its @. */
export const shortName = (name: string) => (name.includes('@') ? name.slice(0, name.indexOf('@')) : name.split(/\s+/)[0]!);

/**
 * The header's account item. Signed out, and from the first paint wherever the server saw no sign
 * of a session (the hint cookie), it is the "Sign in" link; signed in it opens a small menu with the
 * shopper's name, "My account" and "Sign out". While a possible session is being looked for it is
 * the plain "Account" link. Both links work before the page's scripts run, and without them.
 */
export function HeaderAccount() {
  const auth = useShopAuth();

  if (auth.status === 'signed-in') return <AccountMenu />;
  if (auth.status === 'signed-out' || !auth.sessionHint) return <SignInLink />;
  return (
    <NavLink to="/account" className={({ isActive }) => cn(headerItemClasses, accountWidth, isActive && 'bg-white/10')}>
      <UserIcon className="size-6" />
      {/* Who the web server's session says is signed in, until the page's client knows (decision 0063). */}
      {auth.signedInName ? (
        <span className="max-w-full truncate">
          <span className="sr-only">Your account: </span>
          {shortName(auth.signedInName)}
        </span>
      ) : (
        'Account'
      )}
    </NavLink>
  );
}

/**
 * "Sign in": a real link to the page that starts signing in and comes back here, so a press before
 * the scripts have run still signs in. Once they have, the press signs in from this page: by
 * redirect, or by popup where leaving would lose something typed.
 */
function SignInLink() {
  const auth = useShopAuth();
  const { pathname, search } = useLocation();
  const signIn = (event: MouseEvent) => {
    // A new tab or window (a modified click) opens the sign-in page there.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!auth.busy) auth.signIn();
  };
  return (
    <Link
      to={signInPath(pathname + search)}
      onClick={signIn}
      // The sign-in code is fetched as the shopper heads for the link, so a popup opens at once.
      onPointerEnter={auth.prepareSignIn}
      onPointerDown={auth.prepareSignIn}
      onFocus={auth.prepareSignIn}
      aria-busy={auth.busy || undefined}
      className={cn(headerItemClasses, accountWidth, auth.busy && 'cursor-progress')}
    >
      {auth.busy ? <Spinner className="size-6" /> : <UserIcon className="size-6" />}
      Sign in
    </Link>
  );
}

function AccountMenu() {
  const { name, user, roles, signOut, busy } = useShopAuth();
  const { trade } = useTradeCustomer();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const email = typeof user?.profile.email === 'string' ? user.profile.email : undefined;
  const who = name ?? email;

  // Esc (focus back on the button) or a press elsewhere closes it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const itemClasses = 'block w-full rounded-lg px-3 py-2.5 text-left text-sm font-semibold text-navy-900 hover:bg-navy-50';

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={cn(headerItemClasses, accountWidth, open && 'bg-white/10')}
      >
        <span className="relative">
          <UserIcon className="size-6" />
          {/* A small tick on the icon: signed in. */}
          <span className="absolute -right-0.5 -bottom-0.5 size-2.5 rounded-full bg-teal-400 ring-2 ring-navy-900" aria-hidden="true" />
        </span>
        <span className="flex max-w-full items-center">
          {/* Heard as "Account menu for Sam Shopper"; seen as "Sam", which the spoken name contains. */}
          <span className="sr-only">{who ? `Account menu for ${who}` : 'Account menu'}</span>
          <span className="truncate" aria-hidden="true">
            {who ? shortName(who) : 'Account'}
          </span>
          <ChevronDownIcon className={cn('size-3 shrink-0 transition-transform', open && 'rotate-180')} />
        </span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={
          'absolute top-full right-0 z-40 mt-2 w-64 rounded-xl ' +
          'border border-navy-100 bg-white p-2 text-navy-950 ' +
          'shadow-xl [--ring:var(--color-teal-600)]'
        }
      >
        <p className="border-b border-navy-100 px-3 pt-1 pb-3 text-sm">
          <span className="block text-navy-600">Signed in as</span>
          <span className="block truncate font-semibold">{who ?? 'you'}</span>
          {email && email !== who && <span className="block truncate text-navy-700">{email}</span>}
        </p>
        <ul className="pt-2">
          <li>
            <Link to="/account" onClick={() => setOpen(false)} className={itemClasses}>
              My account
            </Link>
          </li>
          {trade && (
            <li>
              <Link to={TRADE_PATHS.dashboard} onClick={() => setOpen(false)} className={itemClasses}>
                Trade account
              </Link>
            </li>
          )}
          {canReadMailbox(roles) && (
            <li>
              <Link to="/staff/mailbox" onClick={() => setOpen(false)} className={itemClasses}>
                Staff mailbox
              </Link>
            </li>
          )}
          <li>
            <button type="button" onClick={signOut} disabled={busy} aria-busy={busy || undefined} className={cn(itemClasses, 'flex items-center gap-2')}>
              {busy && <Spinner />}
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
