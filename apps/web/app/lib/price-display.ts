import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/**
 * How a trade customer reads prices: ex VAT first (as the trade reckons) with inc VAT beside, or the
 * other way round. The choice is a cookie, so the server draws every page in that order from the
 * first paint; the cookie is written the first time the shop sees a trade customer here (ex VAT),
 * and is also the server's only sign that a trade customer browses here (sign-in lives in the
 * browser), so the price areas keep the trade layout's room from the first paint.
 */
export const PRICE_DISPLAY_COOKIE = 'shop_prices';
export type VatDisplay = 'ex' | 'inc';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const isVatDisplay = (value: unknown): value is VatDisplay => value === 'ex' || value === 'inc';

/** The choice in a Cookie header, or null when none was made here. */
export function priceDisplayFromCookie(cookie: string): VatDisplay | null {
  for (const entry of cookie.split(/;\s*/)) {
    const [name, value] = entry.split('=');
    if (name === PRICE_DISPLAY_COOKIE && isVatDisplay(value)) return value;
  }
  return null;
}

/** The Set-Cookie value (or `document.cookie` assignment) for a choice; null removes it. */
export function priceDisplayCookie(display: VatDisplay | null, secure: boolean): string {
  const value = display ? `${PRICE_DISPLAY_COOKIE}=${display}; Max-Age=${ONE_YEAR_SECONDS}` : `${PRICE_DISPLAY_COOKIE}=; Max-Age=0`;
  return `${value}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

// ── in the browser ──────────────────────────────────────────────────────────────────────────────

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Writes the choice (null forgets it) and tells every price on the page. */
export function storePriceDisplay(display: VatDisplay | null) {
  document.cookie = priceDisplayCookie(display, window.location.protocol === 'https:');
  for (const listener of listeners) listener();
}

export interface PriceDisplay {
  /** ex: ex VAT first; inc: inc VAT first. */
  display: VatDisplay;
  /** A trade customer has browsed here (the cookie is set): keep room for trade prices. */
  tradeVisitor: boolean;
  setDisplay(display: VatDisplay): void;
}

/** The choice as the server read it from the request (the root loader), for the server render and hydration. */
export const ServerPriceDisplay = createContext<VatDisplay | null>(null);

/** The shopper's choice: the cookie as the server saw it while hydrating, then the browser's. */
export function usePriceDisplay(): PriceDisplay {
  const fromServer = useContext(ServerPriceDisplay);
  const chosen = useSyncExternalStore(
    subscribe,
    () => priceDisplayFromCookie(document.cookie),
    () => fromServer,
  );
  const setDisplay = useCallback((display: VatDisplay) => storePriceDisplay(display), []);
  return { display: chosen ?? 'ex', tradeVisitor: chosen !== null, setDisplay };
}
