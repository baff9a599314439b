import { useEffect, useRef, type MouseEvent } from 'react';
import { productPath } from '../catalogue.ts';
import { track } from './track.ts';

/** What a carousel's events need of a tile: which product, and the page its link opens. */
interface CarouselProduct {
  id: number;
  sku: string;
  slug: string;
}

/**
 * A carousel's shopping events (Segment's Product List Viewed and Product Clicked, `list_id` its
 * identifier) for the staff reports' click-through: seen once when half of it is on screen, and a
 * press on a product's link in it. They name no one (the device id goes only with consent,
 * `send-events.ts`) and store nothing on the device, so they are counted without consent.
 */
export function useCarouselEvents(listId: string | undefined, products: readonly CarouselProduct[]) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!listId || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        track('Product List Viewed', { list_id: listId });
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [listId]);
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    const link = listId ? (event.target as Element).closest?.('a[href]') : null;
    if (!link) return;
    const path = new URL((link as HTMLAnchorElement).href, location.href).pathname;
    const position = products.findIndex((product) => productPath(product.slug) === path);
    const product = products[position];
    if (product) track('Product Clicked', { product_id: String(product.id), sku: product.sku, list_id: listId, position: position + 1 });
  };
  return { ref, onClickCapture };
}
