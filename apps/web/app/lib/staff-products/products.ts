/**
 * The staff product pages (contract: roles `catalogue-manager` and `admin`): their audience, the
 * filters in the list's address, and the price and new variant forms' typed values turned into the API's.
 */
import { MAX_PRICE_PENCE, MAX_STOCK_ON_HAND, type ChangeStaffPrice, type NewStaffVariant, type StaffProductChoices } from '@shop/contracts';
import { parsePounds, parseWholeNumber } from '../staff-discounts/amounts.ts';
import { fromLocalInput } from '../staff-discounts/form.ts';

export const PRODUCTS_AUDIENCE = { what: 'Editing products', who: 'catalogue managers' };
export const CATALOGUE_ROLES = ['catalogue-manager', 'admin'] as const;

export interface ProductFilters {
  text: string;
  category: string;
  brand: string;
  page: number;
}

export function productFilters(params: URLSearchParams): ProductFilters {
  const page = Number(params.get('page'));
  return {
    text: params.get('text')?.trim() ?? '',
    category: params.get('category') ?? '',
    brand: params.get('brand') ?? '',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export const productsQuery = (filters: ProductFilters) => ({
  ...(filters.text && { text: filters.text.slice(0, 100) }),
  ...(filters.category && { category: filters.category }),
  ...(filters.brand && { brand: filters.brand }),
  pageNumber: filters.page,
});

/** The list's address for `filters` on `page`. */
export function productsHref(filters: ProductFilters, page = filters.page): string {
  const params = new URLSearchParams();
  if (filters.text) params.set('text', filters.text);
  if (filters.category) params.set('category', filters.category);
  if (filters.brand) params.set('brand', filters.brand);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/staff/products?${query}` : '/staff/products';
}

export const productHref = (id: number) => `/staff/products/${id}`;
export const NEW_PRODUCT_HREF = '/staff/products/new';

/** The range as a file (docs/catalogue-files.md): its download, the import page and an import's report. */
export type RangeFormat = 'csv' | 'json';
export const rangeFileHref = (format: RangeFormat) => `/staff/products/export/range.${format}`;
export const IMPORT_HREF = '/staff/products/import';
export const importHref = (id: string) => `${IMPORT_HREF}/${id}`;

/** A price as typed in pounds, in pence: more than £0 and at most the most a variant may cost. */
function pricePence(typed: string) {
  const price = parsePounds(typed, { max: MAX_PRICE_PENCE });
  return price.ok && price.value === 0 ? { ok: false as const, message: 'Enter a price more than £0' } : price;
}

/** The VAT rates as a select offers them: "Standard rate (20%)". */
export const vatRateOptions = (rates: StaffProductChoices['vatRates']) =>
  rates.map((rate) => ({ value: rate.code, label: `${rate.name} (${rate.basisPoints / 100}%)` }));

export interface PriceFormValues {
  sku: string;
  price: string;
  vatRateCode: string;
  startsAt: string;
  endsAt: string;
}

/** The price form as typed: the API's body, or a message per field (the API checks the rest). */
export function checkPriceForm(values: PriceFormValues, version: number): { ok: true; body: ChangeStaffPrice } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const price = pricePence(values.price);
  if (!price.ok) fields.priceIncVat = price.message;
  const startsAt = values.startsAt ? fromLocalInput(values.startsAt) : null;
  if (values.startsAt && !startsAt) fields.startsAt = 'Enter the start as a date and time, for example 1 December 2026 09:00';
  const endsAt = values.endsAt ? fromLocalInput(values.endsAt) : null;
  if (values.endsAt && !endsAt) fields.endsAt = 'Enter the end as a date and time, or leave it empty';
  if (!price.ok || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, body: { version, sku: values.sku, priceIncVat: price.value, vatRateCode: values.vatRateCode, startsAt, endsAt } };
}

/**
 * A new variant's fields as typed (named `prefix` + the API's field: `variant.sku` in the new product
 * form, `sku` in the add a finish form): the API's variant, or a message per field it cannot read.
 */
export function checkNewVariantForm(
  values: Readonly<Record<string, string | undefined>>,
  prefix: string,
): { ok: true; variant: NewStaffVariant } | { ok: false; fields: Record<string, string> } {
  const typed = (field: string) => values[`${prefix}${field}`]?.trim() ?? '';
  const fields: Record<string, string> = {};
  const price = pricePence(typed('priceIncVat'));
  if (!price.ok) fields[`${prefix}priceIncVat`] = price.message;
  const stock = parseWholeNumber(typed('stockOnHand'), { min: 0, max: MAX_STOCK_ON_HAND });
  if (!stock.ok) fields[`${prefix}stockOnHand`] = typed('stockOnHand') === '' ? 'Enter the stock on hand, 0 if there is none yet' : stock.message;
  if (!price.ok || !stock.ok) return { ok: false, fields };
  return {
    ok: true,
    variant: { sku: typed('sku'), label: typed('label'), priceIncVat: price.value, vatRateCode: typed('vatRateCode'), stockOnHand: stock.value },
  };
}

/** An example value of each option a variant may have, as shoppers see it in its label. */
const OPTION_EXAMPLES: Record<string, string> = { size: '600 mm', finish: 'Matt black', handing: 'Left hand', 'pack size': 'Pack of 4' };

/**
 * What a new product's first variant is: not known until its label is typed, a size when it reads as one ("600 mm"),
 * else a finish (decision 0105); the sub-category does not decide it.
 */
export const FIRST_VARIANT_OPTION = 'finish or size';

/**
 * The words staff's forms use for a new variant of a product whose variants differ by `option`
 * (`StaffProduct.variantOption`: "finish", "size", "size and finish"…, or `FIRST_VARIANT_OPTION`): a size is never called a finish.
 */
export function variantWords(option: string) {
  const either = option.includes(' or ');
  const parts = option.split(/, | and | or /);
  return {
    /** "a size", as in "Add a size". */
    one: `a ${option}`,
    /** "Size", the label field's name. */
    label: option.charAt(0).toUpperCase() + option.slice(1),
    hint: `As shoppers choose it, for example ${parts.map((part) => OPTION_EXAMPLES[part] ?? part).join(either ? ' or ' : ', ')}`,
  };
}
