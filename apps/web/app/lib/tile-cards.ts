import type { Listing, ProductCard } from '@shop/contracts';

/**
 * What a product tile draws (components/listing/product-tile.tsx), and all of a listing's card that a
 * page's data carries: the rest (questions, category, delivery class…) would be hydration data no one
 * reads, on every tile of every listing, carousel and search page (issue 36). `tradePrices` is filled
 * in by the browser for a trade customer (useTradePricedCards), never by a loader.
 */
export type TileCard = Pick<
  ProductCard,
  'id' | 'sku' | 'slug' | 'productName' | 'averageRating' | 'reviewsCount' | 'image' | 'stockStatus' | 'price' | 'badges' | 'variationListingLabel'
> & {
  brand: Pick<ProductCard['brand'], 'name'>;
  tradePrices?: ProductCard['tradePrices'];
};

/** A listing as a page's data carries it: each card a tile's. */
export type TileListing<T extends { products: ProductCard[] } = Listing> = Omit<T, 'products'> & { products: TileCard[] };

export function tileCard(card: ProductCard): TileCard {
  const { id, sku, slug, productName, averageRating, reviewsCount, image, stockStatus, price, badges, variationListingLabel } = card;
  return {
    id,
    sku,
    slug,
    productName,
    averageRating,
    reviewsCount,
    image,
    stockStatus,
    price,
    badges,
    variationListingLabel,
    brand: { name: card.brand.name },
  };
}

/** A listing or carousels as a page's data carries them: each card a tile's. */
export function tileListing<T extends { products: ProductCard[] }>(listing: T): TileListing<T> {
  return { ...listing, products: listing.products.map(tileCard) };
}

export const tileCarousels = <T extends { products: ProductCard[] }>(carousels: readonly T[]): TileListing<T>[] => carousels.map(tileListing);
