import type { PAGE_TYPES, ProductCard } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { readRecentlyViewed } from '../lib/recently-viewed.ts';
import { useApiClients } from '../lib/use-api.ts';
import { ProductCarousel } from './listing/product-carousel.tsx';

type PageType = (typeof PAGE_TYPES)[keyof typeof PAGE_TYPES];

/**
 * "Recently viewed" (spec §3 personalisation): the skus live in this browser, so the carousel is
 * asked for after hydration and appears only when there is something to show. It sits below the
 * fold, so arriving late shifts nothing the shopper is looking at.
 */
export function RecentlyViewedCarousel({
  pageType,
  excludeSku,
  className,
  viewed,
}: {
  pageType: PageType;
  excludeSku?: string;
  className?: string;
  /** What the server found the signed-in shopper viewed on any device (with their consent): drawn as it is. */
  viewed?: readonly ProductCard[] | null;
}) {
  const clients = useApiClients();
  const [products, setProducts] = useState<ProductCard[]>(() => (viewed ? [...viewed] : []));

  useEffect(() => {
    const skus = readRecentlyViewed().filter((sku) => sku !== excludeSku);
    if (!clients || skus.length === 0 || (viewed && viewed.length > 0)) return;
    const controller = new AbortController();
    clients.catalogue
      .getCarousels({ body: { pageType, recentlyViewedSkus: skus } }, { signal: controller.signal })
      .then(({ carousels }) => setProducts(carousels.find((carousel) => carousel.identifier === 'recently-viewed')?.products ?? []))
      // A personal extra: when it cannot load, the page is complete without it.
      .catch(() => undefined);
    return () => controller.abort();
  }, [clients, pageType, excludeSku, viewed]);

  if (products.length === 0) return null;
  return <ProductCarousel listId="recently-viewed" title="Recently viewed" products={products} className={className} />;
}
