/**
 * The range as a file (one row per variant), exported and imported in the same shape; the columns
 * are documented in docs/catalogue-files.md. Money is whole pence inc VAT; the VAT rate is the shop's
 * code for a UK rate (`standard`, `reduced`, `zero`).
 */
export const RANGE_COLUMNS = [
  'sku',
  'product_slug',
  'product_name',
  'brand',
  'category',
  'description',
  'family',
  'variant_label',
  'price_inc_vat_pence',
  'price_ex_vat_pence',
  'vat_rate',
  'stock_on_hand',
  'price_starts_at',
  'price_ends_at',
] as const;
export type RangeColumn = (typeof RANGE_COLUMNS)[number];
/** The columns an import changes (a new code's row adds its variant or product with them too); the others identify the row or are there to read. */
export const RANGE_CHANGED_COLUMNS = [
  'product_name',
  'brand',
  'category',
  'description',
  'price_inc_vat_pence',
  'vat_rate',
  'stock_on_hand',
] as const satisfies readonly RangeColumn[];
/** The largest file an import takes: 10 MB, about 100,000 variants. */
export const RANGE_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The most a sku of a bathroom shop may cost inc VAT: £50,000. A price above it is a typing slip. */
export const MAX_PRICE_PENCE = 5_000_000;
/** The most units of one variant on hand a file or feed may state: more is a typing slip. */
export const MAX_STOCK_ON_HAND = 1_000_000;
