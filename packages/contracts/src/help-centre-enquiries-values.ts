/**
 * The enquiry forms' plain values (issue 20): the choices each form offers and the open roles. Kept
 * apart from the schemas so the storefront's browser bundle gets them without zod (`browser.ts`).
 */

/** Photos with a WEEE request, and how many files any one form takes. */
export const WEEE_MAX_PHOTOS = 3;
// How long WEEE take-back is owed is the shop's policy (`policy/after-sales-windows.ts`).

export const WEEE_ITEM_TYPES = [
  'electric-shower',
  'led-mirror',
  'extractor-fan',
  'electric-towel-rail',
  'shaver-socket',
  'underfloor-heating',
  'other',
] as const;
export const WEEE_ITEM_TYPE_NAMES: Record<(typeof WEEE_ITEM_TYPES)[number], string> = {
  'electric-shower': 'Electric or digital shower',
  'led-mirror': 'LED or illuminated mirror',
  'extractor-fan': 'Extractor fan',
  'electric-towel-rail': 'Electric towel rail or element',
  'shaver-socket': 'Shaver socket',
  'underfloor-heating': 'Underfloor heating mat or controls',
  other: 'Another electrical item',
};
export const WEEE_METHODS = ['drop-off', 'collection'] as const;
export const WEEE_METHOD_NAMES: Record<(typeof WEEE_METHODS)[number], string> = {
  'drop-off': 'I will drop it off',
  collection: 'Collect it from me (a charge may apply)',
};
export const CATALOGUES = ['brochure', 'trade-price-list'] as const;
export const CATALOGUE_NAMES: Record<(typeof CATALOGUES)[number], string> = {
  brochure: 'Bathroom brochure',
  'trade-price-list': 'Trade price list',
};
export const CALLBACK_SLOTS = ['morning', 'afternoon', 'late-afternoon'] as const;
export const CALLBACK_SLOT_NAMES: Record<(typeof CALLBACK_SLOTS)[number], string> = {
  morning: 'Morning, 9am to 12pm',
  afternoon: 'Afternoon, 12pm to 3pm',
  'late-afternoon': 'Late afternoon, 3pm to 5pm',
};
export const ENQUIRY_TOPICS = ['product', 'delivery', 'order', 'website', 'other'] as const;
export const ENQUIRY_TOPIC_NAMES: Record<(typeof ENQUIRY_TOPICS)[number], string> = {
  product: 'A product',
  delivery: 'Delivery',
  order: 'An order',
  website: 'Our website',
  other: 'Something else',
};
/** How a back-in-stock notice is sent: only e-mail today (the table keeps a number, so more can follow). */
export const STOCK_NOTICE_CHANNELS = { email: 1 } as const;

/** The roles open now: a short list kept here, shown on the careers page and checked on applying. */
export const OPEN_ROLES = [
  {
    id: 'customer-service-advisor',
    title: 'Customer service advisor',
    location: 'Leeds (hybrid)',
    summary: 'Help customers by phone, e-mail and chat with orders, deliveries and returns.',
  },
  {
    id: 'warehouse-operative',
    title: 'Warehouse operative',
    location: 'Wakefield',
    summary: 'Pick, pack and load bathroom and heating goods for next-day delivery.',
  },
  {
    id: 'trade-account-manager',
    title: 'Trade account manager',
    location: 'Leeds',
    summary: 'Look after plumbers, installers and builders on our trade scheme.',
  },
] as const;
export type OpenRoleId = (typeof OPEN_ROLES)[number]['id'];
export const OPEN_ROLE_IDS = OPEN_ROLES.map((role) => role.id) as [OpenRoleId, ...OpenRoleId[]];
