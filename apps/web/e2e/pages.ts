import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';

/** Ports start at E2E_PORT_BASE (default 3100), so two runs on one machine can use separate ranges. */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
/** The whole shop (API and storefront) under test. */
export const PORT = BASE;
/**
 * The cookie banner answered "Accept optional cookies" before a context's first page: what a test
 * of something that remembers the visitor (the recently viewed list) needs (e2e/consent-and-events.spec.ts answers the banner itself).
 */
export const acceptOptionalCookies = (context: BrowserContext, port = PORT) =>
  context.addCookies([{ name: 'shop_consent', value: 'accepted', url: `http://127.0.0.1:${port}` }]);
/** The storefront alone, pointed at an API that is not there: for the "catalogue down" page. */
export const API_DOWN_PORT = BASE + 2;
/** The whole shop again, with 70-second access tokens: a silent renewal comes 10 s after signing in. */
export const SHORT_TOKEN_PORT = BASE + 4;
export const SHORT_TOKEN_TTL_SECONDS = 70;
/** The whole shop configured for Stripe, against the local stand-in for Stripe's API and Stripe.js. */
export const STRIPE_SHOP_PORT = BASE + 6;
/** That stand-in (packages/demo/src/stripe-standin/main.ts). */
export const STRIPE_STANDIN_PORT = BASE + 7;
/** The Stripe shop's mail relay (packages/demo/src/smtp-standin/main.ts): it refuses recipients at `undeliverable.test`. */
export const SMTP_STANDIN_PORT = BASE + 8;
/** What that relay took, as a mail catcher shows it (`GET /messages?to=`): the Stripe shop's mailbox hides one-time links. */
export const SMTP_STANDIN_INBOX_PORT = BASE + 9;

/**
 * Every page the web shell has, scanned for accessibility, reflow and script errors, at both widths unless
 * `desktopOnly`: a page drawn by the same template as one scanned at 390 px already (the signed-out
 * trade pages, the sign-in callbacks) or for staff at a desk (the style guide). The account and staff
 * pages are not here: a visitor who is not signed in is sent to sign in (decision 0063), and their
 * own specs scan them signed in.
 *
 * At 390 px axe scans only the pages marked `phoneMarkup`, whose page draws other elements there than at 1366 px (the
 * listings' filter drawer, sort label and tiles, the home page's, the legal pages' contents and tables, checkout's slim
 * frame); the home page's scan is also the shop frame's at 390 px (its menu button and shorter offers). Every other page
 * is checked at 390 px for reflow and script errors, and to draw the same elements in its main content at both widths, so
 * a page that starts to differ fails until it is marked (decision 0156).
 */
export const SHELL_PAGES: readonly { name: string; path: string; desktopOnly?: boolean; phoneMarkup?: boolean }[] = [
  { name: 'home', path: '/', phoneMarkup: true },
  { name: 'category', path: '/c/toilets', phoneMarkup: true },
  { name: 'subcategory', path: '/c/toilets/close-coupled-toilets', phoneMarkup: true },
  { name: 'all-categories', path: '/categories' },
  { name: 'cookie-settings', path: '/cookies/settings' },
  { name: 'category-filtered', path: '/c/basins?width_mm=600-mm&sort=4', phoneMarkup: true },
  { name: 'offers-new-in', path: '/offers/new-in', phoneMarkup: true },
  { name: 'offers-sale', path: '/offers/bathroom-sale', phoneMarkup: true },
  { name: 'offers-not-found', path: '/offers/no-such-offer' },
  { name: 'search-results', path: '/search?q=shower', phoneMarkup: true },
  { name: 'search-no-results', path: '/search?q=xyzzy' },
  { name: 'search-empty', path: '/search' },
  { name: 'basket', path: '/basket' },
  { name: 'basket-retrieve', path: '/basket/retrieve' },
  { name: 'wishlist', path: '/wishlist' },
  { name: 'wishlist-shared', path: '/wishlist/shared?code=ABCD-2345' },
  { name: 'checkout-empty', path: '/checkout', phoneMarkup: true },
  { name: 'track-order', path: '/track-order' },
  // A guest's order page without the e-mailed link (it asks for one), and a link that has expired (decision 0049).
  { name: 'order-help-ask-for-link', path: '/order-help/BP-K7M-3QX-9P6' },
  { name: 'order-help-link-expired', path: '/order-help/link?problem=expired', desktopOnly: true },
  // Opened without an answer from the provider, the callbacks show "Login failed".
  { name: 'auth-callback', path: '/auth/callback' },
  { name: 'auth-popup-callback', path: '/auth/popup-callback', desktopOnly: true },
  { name: 'auth-silent-callback', path: '/auth/silent-callback', desktopOnly: true },
  { name: 'trade', path: '/trade' },
  { name: 'trade-apply-signed-out', path: '/trade/apply' },
  { name: 'trade-application-signed-out', path: '/trade/application', desktopOnly: true },
  { name: 'trade-terms', path: '/trade/terms' },
  { name: 'help', path: '/help' },
  { name: 'help-delivery', path: '/help/delivery' },
  { name: 'help-returns', path: '/help/returns' },
  { name: 'help-contact', path: '/help/contact' },
  { name: 'help-trade-accounts', path: '/help/trade-accounts' },
  { name: 'help-weee-recycling', path: '/help/weee-recycling' },
  { name: 'help-contact-general', path: '/help/contact/general-enquiry' },
  { name: 'help-contact-recycling', path: '/help/contact/electrical-recycling' },
  { name: 'help-contact-trade-call-back', path: '/help/contact/trade-call-back', desktopOnly: true },
  { name: 'help-reply-unknown', path: '/help/reply/no-such-link', desktopOnly: true },
  { name: 'feedback', path: '/feedback' },
  // The blog (decision 0094): the list, a post with its related products, and the page for an unknown post.
  { name: 'blog', path: '/blog' },
  { name: 'blog-post', path: '/blog/small-bathroom-ideas' },
  { name: 'blog-post-not-found', path: '/blog/no-such-post', desktopOnly: true },
  { name: 'careers', path: '/careers' },
  { name: 'about', path: '/about' },
  { name: 'newsletter', path: '/newsletter' },
  { name: 'newsletter-link-unknown', path: '/newsletter/confirm?token=no-such-link', desktopOnly: true },
  { name: 'terms', path: '/terms', phoneMarkup: true },
  { name: 'privacy', path: '/privacy', phoneMarkup: true },
  { name: 'cookies', path: '/cookies', phoneMarkup: true },
  { name: 'reviews-policy', path: '/reviews-policy', desktopOnly: true },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'styleguide', path: '/styleguide', desktopOnly: true },
] as const;

// Absolute, because the root `npm test` runs Playwright from the repository root.
export const SCREENSHOT_DIR = fileURLToPath(new URL('../test-results/screenshots', import.meta.url));

/** The axe rule sets every page must pass: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
