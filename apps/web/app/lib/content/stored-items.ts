/**
 * What the shop itself stores on a visitor's device: each cookie and browser store, what it is for and how long it
 * lasts. The cookie notice draws them as the shop's tables (shop-tables.server.ts); `e2e/promises.spec.ts` checks a
 * shopping and sign-in journey sets no other.
 */

export interface StoredItem {
  name: string;
  purpose: string;
  lasts: string;
}

export const SHOP_COOKIES: StoredItem[] = [
  {
    name: 'shop_prices',
    purpose: 'For trade customers: whether prices show ex VAT or inc VAT first, so pages show them your way from the start',
    lasts: 'A year, or until the shop sees you are not signed in as a trade customer',
  },
  {
    name: 'shop_consent',
    purpose: 'Your answer to “Cookies on Plumbline”: whether the shop may remember you (cookie settings), so it does not ask on every page',
    lasts: 'A year, then the shop asks again',
  },
  {
    name: 'shop_session',
    purpose: 'Keeps you signed in to the shop’s pages, so they show your account, orders and prices as they load. No script can read it',
    lasts: '15 minutes, renewed while you have a page open, or until you sign out',
  },
  {
    name: 'shop_signed_in',
    purpose: 'Says someone has signed in on this browser, so pages know to load the sign-in code',
    lasts: '30 days, or until you sign out',
  },
  {
    name: 'shop_basket',
    purpose: 'Your basket before you sign in, so checkout works even before the page’s scripts have loaded',
    lasts: '90 days, or until you sign in or order',
  },
  {
    name: 'shop_placed_order',
    purpose: 'The number of the order this browser has just placed, so its thank-you page shows it to you and to nobody else',
    lasts: 'Until you close your browser',
  },
  { name: '_session, _session.sig', purpose: 'Keeps you signed in to your Plumbline account', lasts: '14 days, or until you sign out' },
  {
    name: '_interaction, _interaction.sig, _interaction_resume, _interaction_resume.sig',
    purpose: 'Carry a sign-in from one step to the next',
    lasts: 'Up to an hour, while you sign in',
  },
  { name: 'op_browser_state', purpose: 'Lets the shop notice when you sign out in another tab', lasts: 'Until you sign out, 14 days at most' },
  { name: 'identity_csrf', purpose: 'Protects the forgotten-password and new-password forms from forgery', lasts: 'Until you close your browser' },
];

export const SHOP_BROWSER_STORAGE: StoredItem[] = [
  { name: 'plumbline.basketId', purpose: 'Your basket, before you sign in', lasts: 'Until you order or clear your browser’s data' },
  { name: 'plumbline.wishlistId', purpose: 'Your wishlist, before you sign in', lasts: 'Until you sign in or clear your browser’s data' },
  {
    name: 'oidc.',
    purpose: 'A one-time check that the sign-in you return from is the one you started',
    lasts: 'Until you return from signing in, 15 minutes at most',
  },
  {
    name: 'plumbline.paymentAttempt, plumbline.placedOrder, plumbline.orderEmail',
    purpose: 'The payment in progress and the order it placed, so a reload does not lose them',
    lasts: 'Until you close the tab',
  },
  { name: 'react-router-scroll-positions', purpose: 'Where you were on each page, so going back returns you there', lasts: 'Until you close the tab' },
];

/** Not strictly necessary: kept only when the visitor accepts cookies that remember them (cookie settings). */
export const RECENTLY_VIEWED_STORAGE: StoredItem = {
  name: 'plumbline.recently-viewed',
  purpose: 'The last 20 products you looked at, for the “Recently viewed” row; sent to us only to show those products',
  lasts: 'Until you say no in cookie settings or clear your browser’s data',
};

/** Kept only when the visitor accepts cookies that remember them: this browser's id in the shop's shopping events. */
export const DEVICE_ID_STORAGE: StoredItem = {
  name: 'plumbline.device-id',
  purpose: 'A random code for this browser, sent with what you view, search for and buy here, so we can suggest products',
  lasts: 'Until you say no in cookie settings or clear your browser’s data',
};

/** Set by the payment provider on the shop's own pages when it is Stripe that takes the payments. */
export const STRIPE_COOKIES: StoredItem[] = [
  { name: '__stripe_mid', purpose: 'Set by Stripe, our payment provider, when you pay: fraud prevention', lasts: '1 year' },
  { name: '__stripe_sid', purpose: 'Set by Stripe when you pay: fraud prevention', lasts: '30 minutes' },
];
