import { PAGE_TYPES, type Carousels } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { useApiClients } from '../../lib/use-api.ts';
import { ProductCarousel } from '../listing/product-carousel.tsx';

type Carousel = Carousels['carousels'][number];

/**
 * The catalogue's rows under the basket, in this order: "Complete your bathroom" (what its lines need
 * and it lacks, from the catalogue's essential items) and "Frequently bought together" (what orders
 * put with its lines, decision 0117).
 */
export const BASKET_SUGGESTIONS = ['complete-your-bathroom', 'bought-together'] as const;

/** The basket page's rows from a carousels answer, in the order above. */
export const basketSuggestionsOf = (carousels: readonly Carousel[]): Carousel[] =>
  BASKET_SUGGESTIONS.flatMap((identifier) => carousels.filter((carousel) => carousel.identifier === identifier && carousel.products.length > 0));

/**
 * Drawn by the server with the basket; asked for again when the lines change, so a waste added
 * leaves the rows, and each row gone when there is nothing to suggest.
 */
export function BasketSuggestions({ skus, initial, className }: { skus: readonly string[]; initial: readonly Carousel[]; className?: string }) {
  const clients = useApiClients();
  const key = [...skus].toSorted().join(' ');
  const [rows, setRows] = useState(initial);
  // The lines the server drew the rows for: asked again only when they change.
  const drawnFor = useRef(key);

  useEffect(() => {
    if (!clients || key === '' || key === drawnFor.current) return;
    const controller = new AbortController();
    clients.catalogue
      .getCarousels({ body: { pageType: PAGE_TYPES.cart, recentlyViewedSkus: [], basketSkus: key.split(' ') } }, { signal: controller.signal })
      .then(({ carousels }) => {
        drawnFor.current = key;
        setRows(basketSuggestionsOf(carousels));
      })
      // Suggestions are an extra: when they cannot load, the basket is complete without them.
      .catch(() => undefined);
    return () => controller.abort();
  }, [clients, key]);

  if (key === '') return null;
  return rows.map((row) => (
    <ProductCarousel key={row.identifier} listId={row.identifier} title={row.title} products={[...row.products]} className={className} />
  ));
}
