import type { ProductSummary } from './catalogue.ts';

/**
 * The option of a product that `sku` names (the product itself when no option has that code), named
 * as e-mails and staff screens name it: the product's name, with the option's label unless it is the
 * default one.
 */
export function offeringNamed(product: ProductSummary, sku: string): { sku: string; productName: string; pricePence: number } {
  const offering = product.offerings.find((candidate) => candidate.sku.toLowerCase() === sku.toLowerCase());
  return {
    sku: offering?.sku ?? product.sku,
    productName: offering && !offering.isDefault ? `${product.productName} (${offering.label})` : product.productName,
    pricePence: (offering ?? product).price.priceIncTax,
  };
}
