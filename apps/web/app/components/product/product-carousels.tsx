import type { Carousels } from '@shop/contracts';
import { PAGE_TYPES } from '@shop/contracts';
import { readRecentlyViewed } from '../../lib/recently-viewed.ts';
import type { TileListing } from '../../lib/tile-cards.ts';
import { useApiClients, useApiData } from '../../lib/use-api.ts';
import { ProductCarousel } from '../listing/product-carousel.tsx';

export interface ProductCarouselsProps {
  /** The carousels the server rendered (no personal ones: it cannot see this browser's history). */
  initial: TileListing<Carousels['carousels'][number]>[];
  categorySlug: string;
  /** The product on the page, left out of every carousel. */
  productId: number;
  className?: string;
}

/** Rows the server does not draw (they depend on the product or this browser), in their order below those it does. */
const LATE = ['bought-together', 'recently-viewed'];

/**
 * The product page's carousels. After hydration they are asked for again with this product and the
 * skus this browser viewed, which adds "Frequently bought together" and "Recently viewed" below the
 * ones already shown (nothing moves).
 */
export function ProductCarousels({ initial, categorySlug, productId, className }: ProductCarouselsProps) {
  const clients = useApiClients();
  const personal = useApiData(clients ? `carousels:${categorySlug}:${productId}` : undefined, (signal) =>
    clients!.catalogue.getCarousels({ body: { pageType: PAGE_TYPES.product, categorySlug, productId, recentlyViewedSkus: readRecentlyViewed() } }, { signal }),
  );
  const carousels = (personal.state === 'ready' ? personal.data.carousels : initial)
    .map((carousel) => ({ ...carousel, products: carousel.products.filter((product) => product.id !== productId) }))
    .filter((carousel) => carousel.products.length > 0)
    .toSorted((a, b) => LATE.indexOf(a.identifier) - LATE.indexOf(b.identifier));
  if (carousels.length === 0) return null;
  return (
    <div className={className}>
      {carousels.map((carousel) => (
        <ProductCarousel key={carousel.identifier} listId={carousel.identifier} title={carousel.title} products={carousel.products} className="py-8" />
      ))}
    </div>
  );
}
