import type { ProductSummary } from '@shop/contracts';
import type { Offering } from './variant-axes.ts';

export type ProductImage = ProductSummary['images'][number];

/**
 * The pictures of the chosen variant's finish (docs/domain.md §2.1): each picture names the
 * offering whose finish it shows, so a matt black choice shows the matt black set, with the
 * pictures for every finish (sku null) after. Pictures that name no chosen finish are all shown.
 */
export function imagesOfFinish(images: readonly ProductImage[], offerings: readonly Offering[], chosen: Offering | undefined): ProductImage[] {
  const finishOf = new Map(offerings.map((offering) => [offering.sku, offering.finish]));
  const finish = chosen?.finish ?? null;
  const own = images.filter((image) => image.sku !== null && finishOf.get(image.sku) === finish);
  if (own.length === 0) return [...images];
  return [...own, ...images.filter((image) => image.sku === null)];
}
