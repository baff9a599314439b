/**
 * The staff product pages (contract: roles `catalogue-manager` and `admin`): their audience, the
 * filters in the list's address, and the price form's typed values turned into the API's.
 */
import type { ChangeStaffPrice } from '@shop/contracts';
import { parsePounds } from '../staff-discounts/amounts.ts';
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

/** The range as a file (docs/catalogue-files.md): its download, the import page and an import's report. */
export type RangeFormat = 'csv' | 'json';
export const rangeFileHref = (format: RangeFormat) => `/staff/products/export/range.${format}`;
export const IMPORT_HREF = '/staff/products/import';
export const importHref = (id: string) => `${IMPORT_HREF}/${id}`;

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
  const price = parsePounds(values.price, { max: 5_000_000 });
  if (!price.ok) fields.priceIncVat = price.message;
  else if (price.value === 0) fields.priceIncVat = 'Enter a price more than £0';
  const startsAt = values.startsAt ? fromLocalInput(values.startsAt) : null;
  if (values.startsAt && !startsAt) fields.startsAt = 'Enter the start as a date and time, for example 1 December 2026 09:00';
  const endsAt = values.endsAt ? fromLocalInput(values.endsAt) : null;
  if (values.endsAt && !endsAt) fields.endsAt = 'Enter the end as a date and time, or leave it empty';
  if (!price.ok || price.value === 0 || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, body: { version, sku: values.sku, priceIncVat: price.value, vatRateCode: values.vatRateCode, startsAt, endsAt } };
}
