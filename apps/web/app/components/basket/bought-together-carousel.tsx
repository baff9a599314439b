import { PAGE_TYPES, type ProductCard } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { useApiClients } from '../../lib/use-api.ts';
import { ProductCarousel } from '../listing/product-carousel.tsx';

/** The row's title, as the catalogue names it. */
export const BOUGHT_TOGETHER = 'bought-together';

/**
 * "Frequently bought together" under the basket: what orders put with its lines, nothing already in
 * it. Drawn by the server with the basket; asked for again when the lines change, so a waste added
 * leaves the row, and gone when there is nothing to suggest.
 */
export function BoughtTogetherCarousel({ skus, initial, className }: { skus: readonly string[]; initial: readonly ProductCard[]; className?: string }) {
  const clients = useApiClients();
  const key = [...skus].toSorted().join(' ');
  const [products, setProducts] = useState(initial);
  // The lines the server drew the row for: asked again only when they change.
  const drawnFor = useRef(key);

  useEffect(() => {
    if (!clients || key === '' || key === drawnFor.current) return;
    const controller = new AbortController();
    clients.catalogue
      .getCarousels({ body: { pageType: PAGE_TYPES.cart, recentlyViewedSkus: [], basketSkus: key.split(' ') } }, { signal: controller.signal })
      .then(({ carousels }) => {
        drawnFor.current = key;
        setProducts(carousels.find((carousel) => carousel.identifier === BOUGHT_TOGETHER)?.products ?? []);
      })
      // Suggestions are an extra: when they cannot load, the basket is complete without them.
      .catch(() => undefined);
    return () => controller.abort();
  }, [clients, key]);

  if (key === '' || products.length === 0) return null;
  return <ProductCarousel title="Frequently bought together" products={[...products]} className={className} />;
}
