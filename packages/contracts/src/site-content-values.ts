/**
 * Content pages' and global items' plain values (no schemas), for the API and the browser alike:
 * the block kinds, the limits, the global items and the names of what a version did (decision 0085).
 */
/** The most blocks a page may hold: a long help page has about a dozen. */
export const CONTENT_PAGE_MAX_BLOCKS = 40;
/** A page's address within the shop: lower-case words joined by hyphens, one path segment. */
export const CONTENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CONTENT_SLUG_MAX_LENGTH = 80;

/** Every block a page may be made of, with the name staff see. */
export const CONTENT_BLOCK_TYPES = {
  hero: 'Hero',
  richText: 'Rich text',
  image: 'Image',
  productCarousel: 'Product carousel',
  categoryTiles: 'Category tiles',
  promotionBanner: 'Promotion banner',
  faq: 'FAQ accordion',
  callToAction: 'Call to action',
  shopTable: 'The shop’s own table',
} as const;
export type ContentBlockType = keyof typeof CONTENT_BLOCK_TYPES;

/**
 * Tables a page may show that the shop draws from its own figures when the page is drawn (decision 0123):
 * the delivery options and prices and the remote areas' terms (the policy), and the trade bands (the
 * pricing module's rows). Words typed by staff would stop following them.
 */
// Their names only: the captions are the storefront's (shop-table-captions.ts), kept out of every page's scripts.
export const SHOP_TABLES = [
  'delivery-options',
  'remote-delivery-areas',
  'trade-bands',
  'review-rejection-reasons',
  // What the shop really stores on a visitor's device (the cookie notice); the payment provider's only where it takes the payments.
  'shop-cookies',
  'payment-provider-cookies',
  'shop-browser-storage',
  'optional-browser-storage',
] as const;
export type ShopTable = (typeof SHOP_TABLES)[number];

/** The content page the storefront's home page is drawn from (migration 0075). */
export const HOME_PAGE_SLUG = 'home';
/** The blocks the home page draws in its own look: a landing page, not an article (decision 0085, update of 2026-11-28). */
export const HOME_PAGE_BLOCK_TYPES: readonly ContentBlockType[] = ['hero', 'categoryTiles', 'productCarousel', 'promotionBanner', 'callToAction'];

export const CONTENT_REVISION_ACTIONS = {
  saved: 'Saved as draft',
  published: 'Published',
  scheduled: 'Scheduled',
  restored: 'Restored as draft',
  created: 'Created',
  unpublished: 'Unpublished',
} as const;
export type ContentRevisionAction = keyof typeof CONTENT_REVISION_ACTIONS;

/** The global items: what every page shares, each edited once. */
export const GLOBAL_ITEMS = {
  'announcement-bar': 'Announcement bar',
  'footer-columns': 'Footer columns',
  'delivery-promises': 'Delivery promises',
} as const;
export type GlobalItemId = keyof typeof GLOBAL_ITEMS;
export const GLOBAL_ITEM_IDS = /* @__PURE__ */ Object.keys(GLOBAL_ITEMS) as GlobalItemId[];
