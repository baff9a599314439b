import type { ServiceContext } from '../../platform/context.ts';
import type { ReviewsDeps } from './reviews.deps.ts';

/** The product a review is about, as moderators see it named and linked; absent when the sku is no longer sold. */
export interface ReviewedProductName {
  productName: string;
  productSlug: string;
}

/** The products of these skus by sku, in one call to the catalogue (a page of staff search, or one review). */
export async function productNamesOf(
  deps: Pick<ReviewsDeps, 'catalogue'>,
  ctx: Pick<ServiceContext, 'db'>,
  skus: readonly string[],
): Promise<Map<string, ReviewedProductName>> {
  const offerings = await deps.catalogue.findSellableOfferings(ctx, [...new Set(skus)]);
  return new Map([...offerings].map(([sku, offering]) => [sku, { productName: offering.productName, productSlug: offering.productSlug }]));
}

/** A review's product fields: its name and slug, or nulls. */
export const productFieldsOf = (names: ReadonlyMap<string, ReviewedProductName>, sku: string) => names.get(sku) ?? { productName: null, productSlug: null };
