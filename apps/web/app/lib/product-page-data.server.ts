import type { Carousels, EssentialItems, ProductSummary } from '@shop/contracts';
import type { EssentialItem } from '../components/product/essential-items.tsx';
import type { ProductDeliveryOptions, ShownDeliveryOptions } from '../components/product/delivery-options.tsx';
import type { ProductReviewsData, ShownReviewsData } from '../components/product/reviews-page.ts';
import { tileCarousels, type TileListing } from './tile-cards.ts';

/*
 * What the product page's loader hands the page: only what its components read (issue 36). The
 * loader's answer is written into the page as hydration data, so every field the page never reads
 * is bytes drawn, sent and parsed on every view. Each function here is the page's view of one API
 * answer; the API's answer itself stays on the server.
 */

/** The product as the page reads it: no listing card's extras (its card image, counts, listing label, trade prices). */
export type ProductPageProduct = Omit<ProductSummary, 'image' | 'questionsCount' | 'variationListingLabel' | 'tradePrices' | 'deliveryClass'>;

export function productView(product: ProductSummary): ProductPageProduct {
  const { image: _image, questionsCount: _questions, variationListingLabel: _label, tradePrices: _trade, deliveryClass: _class, ...shown } = product;
  return shown;
}

/**
 * A bundle's essential items: its own, then what each of its items needs within this bundle only (the
 * items' answers to getEssentialItems with the bundle's id, less the items' own essentials), each item
 * once: one card per item, as the page lists them.
 */
export function withBundleEssentials(own: EssentialItems['items'], answers: readonly (EssentialItems | null)[]): EssentialItems['items'] {
  const listed = new Set(own.map((item) => item.sku));
  const within = answers.flatMap((answer) => answer?.items.filter((item) => item.withinBundle) ?? []);
  return [...own, ...within.filter((item) => !listed.has(item.sku) && listed.add(item.sku))];
}

/** An essential item as its card reads it: name, link, picture, price and whether it can be added. */
export function essentialItemsView(items: EssentialItems['items']): EssentialItem[] {
  return items.map(({ requirement, quantity, compatibilityRule, sku, product }) => ({
    requirement,
    quantity,
    compatibilityRule,
    sku,
    product: {
      slug: product.slug,
      productName: product.productName,
      image: { url: product.image.url },
      price: { priceIncTax: product.price.priceIncTax },
      stockStatus: { status: product.stockStatus.status },
    },
  }));
}

/** The delivery options as the page lists them: the collection branch's details are the checkout's. */
export function deliveryView(delivery: ProductDeliveryOptions): ShownDeliveryOptions {
  return {
    quantity: delivery.quantity,
    postcode: delivery.postcode,
    zone: delivery.zone,
    quoteOnly: delivery.quoteOnly,
    notServed: delivery.notServed,
    options: delivery.options.map((option) => {
      if (!option.available) return option;
      const { collection: _collection, ...shown } = option;
      return shown;
    }),
  };
}

/** The reviews section's data without what each answer repeats (the product's name and codes) or the page never shows (a review's sub-ratings). */
export function reviewsView({ summary, listing, questions }: ProductReviewsData): ShownReviewsData {
  return {
    summary: {
      count: summary.count,
      averageRating: summary.averageRating,
      histogram: summary.histogram,
      subRatings: summary.subRatings,
      recommendPercentage: summary.recommendPercentage,
    },
    listing: {
      slug: listing.slug,
      page: listing.page,
      totalPages: listing.totalPages,
      totalCount: listing.totalCount,
      items: listing.items.map(
        ({ qualityRating: _quality, valueRating: _value, fittingRating: _fitting, wouldRecommend: _recommend, photoCount: _photos, ...review }) => review,
      ),
    },
    questions: questions && questions.items.length > 0 ? { items: questions.items } : null,
  };
}

/** The carousels without the product on the page (it is never shown in its own carousels), and none left empty. */
export function carouselsView(carousels: Carousels['carousels'], productId: number): TileListing<Carousels['carousels'][number]>[] {
  return tileCarousels(carousels)
    .map((carousel) => ({ ...carousel, products: carousel.products.filter((product) => product.id !== productId) }))
    .filter((carousel) => carousel.products.length > 0);
}

/**
 * The same value with equal records made one object. React Router writes each object of a loader's
 * answer once per reference, so two equal prices, brands or stock statuses become one entry in the
 * page's hydration data. The input is left as it is (API answers may be shared between pages).
 */
export function shareEqualRecords<T>(value: T): T {
  const records = new Map<string, unknown>();
  const visit = (node: unknown): { value: unknown; key: string } => {
    if (node === null || typeof node !== 'object') return { value: node, key: node === undefined ? 'u' : JSON.stringify(node) };
    let copy: unknown;
    let key: string;
    if (Array.isArray(node)) {
      const items = node.map(visit);
      copy = items.map((item) => item.value);
      key = `[${items.map((item) => item.key).join(',')}]`;
    } else {
      const entries = Object.entries(node).map(([name, field]) => [name, visit(field)] as const);
      copy = Object.fromEntries(entries.map(([name, field]) => [name, field.value]));
      key = `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${field.key}`).join(',')}}`;
    }
    const shared = records.get(key);
    if (shared !== undefined) return { value: shared, key };
    records.set(key, copy);
    return { value: copy, key };
  };
  return visit(value).value as T;
}

/**
 * The header naming the products a page shows (read by the page cache, apps/server/src/page-cache.ts, which holds the same
 * name and never sends it on): a guest's kept copy of the page is then forgotten by those products' changes alone (decision 0160).
 */
export const SHOWS_PRODUCTS_HEADER = 'x-shows-products';

/**
 * The products whose details (name, price, stock) the product page shows: its own, its essential items' and its carousels'
 * cards', space-separated. Null for a bundle, whose items' names, prices and stock come with it unnamed: any product's change
 * forgets it, as it does a listing.
 */
export function showsProducts(
  product: Pick<ProductSummary, 'id' | 'isBundle'>,
  essentials: readonly { product: { id: number } }[],
  carousels: readonly { products: readonly { id: number }[] }[],
): string | null {
  if (product.isBundle) return null;
  const ids = new Set([product.id, ...essentials.map((item) => item.product.id), ...carousels.flatMap((carousel) => carousel.products.map((card) => card.id))]);
  return [...ids].join(' ');
}
