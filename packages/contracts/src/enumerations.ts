/**
 * The spec's enumerations and the shop's other fixed lists: plain values, no schemas, so the
 * browser can use them without loading zod (the package's `browser` condition serves them, see browser.ts).
 */

/** Spec §3 sort option: recommended 1, price low to high 2, price high to low 3, largest discount 4. */
export const SORT_OPTIONS = { recommended: 1, priceLowToHigh: 2, priceHighToLow: 3, largestDiscount: 4 } as const;
/** Spec §3 listing type: new products 100, configured listing with a category base 200. */
export const LISTING_TYPES = { newProducts: 100, configuredListing: 200 } as const;
/** Spec §3 personalisation page type. */
export const PAGE_TYPES = { homepage: 10, category: 20, product: 30, cart: 40, other: 50 } as const;
/** Product pages per sitemap file: well under the sitemap protocol's 50,000 URLs and 50 MB. */
export const SITEMAP_PAGE_SIZE = 10_000;

/** Delivery (docs/domain.md §4). */
export const DELIVERY_OPTION_CODES = ['standard', 'next_day', 'specific_day', 'saturday', 'large_kerbside', 'two_person', 'click_collect'] as const;
export const DELIVERY_ZONES = ['mainland', 'highlands', 'islands', 'northern-ireland', 'isle-of-wight', 'scilly', 'isle-of-man', 'channel-islands'] as const;

/** What a basket or wishlist reports having changed without being asked. */
export const BASKET_NOTICE_TYPES = ['line_unavailable', 'quantity_reduced', 'price_changed', 'discount_removed', 'merged'] as const;
export const WISHLIST_NOTICE_TYPES = ['price_dropped', 'price_rose', 'unavailable', 'back_in_stock', 'removed', 'merged'] as const;

/** The spec's sales channels: where a code may be used. */
export const SALES_CHANNELS = { Website: 100, TradeSite: 200, TradeApp: 300 } as const;
export const SALES_CHANNEL_NAMES: Record<SalesChannel, string> = { 100: 'the website', 200: 'the trade site', 300: 'the trade app' };
export type SalesChannel = (typeof SALES_CHANNELS)[keyof typeof SALES_CHANNELS];

/**
 * What a promotion discounts. 201 and 202 are the spec's; 203–205 are ours:
 * 201 AllProducts (every line), 202 SpecificProducts (lines whose sku is in `targetSkus`),
 * 203 SpecificCategories (lines whose product's own category id is in `targetCategoryIds`; name each
 * sub-category wanted), 204 SpecificBrands (lines whose brand id is in `targetBrandIds`),
 * 205 Delivery (the delivery charge, e.g. 100% off = free delivery).
 */
export const TARGET_TYPES = { AllProducts: 201, SpecificProducts: 202, SpecificCategories: 203, SpecificBrands: 204, Delivery: 205 } as const;
export type TargetType = (typeof TARGET_TYPES)[keyof typeof TARGET_TYPES];

/** How `value` is read: 1 Percentage (basis points, 1000 = 10%), 2 FixedAmount (integer pence inc VAT). */
export const DISCOUNT_TYPES = { Percentage: 1, FixedAmount: 2 } as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[keyof typeof DISCOUNT_TYPES];

export const PROMOTION_STATUSES = ['scheduled', 'active', 'expired'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** Order statuses: placed → processing → picking → dispatched → delivered, plus cancelled and refunded. */
export const ORDER_STATUSES = ['placed', 'processing', 'picking', 'dispatched', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Trade accounts (docs/domain.md §3): what an applicant chooses from, with the words people read. */
export const TRADE_BUSINESS_TYPES = ['sole_trader', 'partnership', 'limited_company', 'llp'] as const;
export type TradeBusinessType = (typeof TRADE_BUSINESS_TYPES)[number];
export const TRADE_BUSINESS_TYPE_NAMES: Record<TradeBusinessType, string> = {
  sole_trader: 'Sole trader',
  partnership: 'Partnership',
  limited_company: 'Limited company',
  llp: 'Limited liability partnership (LLP)',
};
export const TRADE_TYPES = ['plumber', 'heating_engineer', 'bathroom_fitter', 'builder', 'developer', 'designer', 'housing_provider', 'other'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];
export const TRADE_TYPE_NAMES: Record<TradeType, string> = {
  plumber: 'Plumber',
  heating_engineer: 'Heating engineer',
  bathroom_fitter: 'Bathroom fitter',
  builder: 'Builder',
  developer: 'Property developer',
  designer: 'Interior or bathroom designer',
  housing_provider: 'Housing provider or landlord',
  other: 'Other',
};
/** submitted: waiting for a reviewer (again, after an answer); more_info_required: waiting for the applicant's answer. */
export const TRADE_APPLICATION_STATUSES = ['submitted', 'more_info_required', 'approved', 'disapproved'] as const;
export type TradeApplicationStatus = (typeof TRADE_APPLICATION_STATUSES)[number];
export const TRADE_APPLICATION_STATUS_NAMES: Record<TradeApplicationStatus, string> = {
  submitted: 'Waiting for review',
  more_info_required: 'More information needed',
  approved: 'Approved',
  disapproved: 'Not approved',
};
export const TRADE_DOCUMENT_KINDS = [
  'proof_of_trade',
  'company_registration',
  'vat_certificate',
  'bank_statement',
  'utility_bill',
  'registration_card',
  'other',
] as const;
export type TradeDocumentKind = (typeof TRADE_DOCUMENT_KINDS)[number];
/** How a business came to its band: on approval, moved up by its own spend, or by staff. */
export const TRADE_BAND_CHANGE_REASONS = ['approval', 'spend', 'staff'] as const;
/** Largest proof document an applicant may upload: 5 MB. */
export const TRADE_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Largest file any upload takes, photo or document (the API's files module refuses more): 5 MB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Most proof documents one application may carry in all: sent with it, added while it waits, or with an answer. */
export const TRADE_APPLICATION_MAX_DOCUMENTS = 10;
