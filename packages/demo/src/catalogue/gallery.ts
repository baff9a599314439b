import type { GeneratedOffering, GeneratedProduct } from './catalogue-generator.ts';
import { pictureColour, type ProductDimensions } from './product-specifications.ts';

/**
 * Where a product's illustration is drawn: one SVG per family and finish, plus a close-up and a
 * dimensions drawing (`view`), in the proportions of the product's own width and height
 * (docs/domain.md §2.1). The storefront serves these names: keep this the one place they are built.
 */
export const productImageUrl = (family: string, finish: string | null, view?: 'detail' | 'dimensions', size?: ProductDimensions) =>
  `/images/products/${family}-${(finish ?? 'standard').toLowerCase().replace(/[^a-z0-9]+/g, '-')}${view ? `-${view}` : ''}.svg` +
  (size ? `?size=${size.widthMm}x${size.heightMm}` : '');

/**
 * A product's gallery, a set of pictures per finish, the default finish's first: the product in
 * that finish, a close-up and a dimensions drawing. Each set belongs to the finish's first offering,
 * so the product page shows the set of the variant chosen.
 */
export function productGallery(product: Pick<GeneratedProduct, 'id' | 'name' | 'family' | 'department' | 'specifications' | 'offerings' | 'dimensions'>) {
  const firstOfFinish = new Map<string | null, GeneratedOffering>();
  for (const offering of product.offerings) if (!firstOfFinish.has(offering.finish)) firstOfFinish.set(offering.finish, offering);
  const defaultFinish = (product.offerings.find((offering) => offering.isDefault) ?? product.offerings[0])?.finish ?? null;
  const finishes = [defaultFinish, ...[...firstOfFinish.keys()].filter((finish) => finish !== defaultFinish)];
  const { family, name, dimensions } = product;
  const colour = pictureColour(product);
  return finishes
    .flatMap((finish) => {
      const offeringId = firstOfFinish.get(finish)?.id ?? null;
      const named = finish ? `${name} in ${finish}` : name;
      const drawn = finish ?? colour;
      return [
        { offeringId, url: productImageUrl(family, drawn, undefined, dimensions), altText: named },
        { offeringId, url: productImageUrl(family, drawn, 'detail', dimensions), altText: `${named}, close-up` },
        { offeringId, url: productImageUrl(family, drawn, 'dimensions', dimensions), altText: `${named}, dimensions` },
      ];
    })
    .map((image, position) => ({ productId: product.id, ...image, position }));
}
