import type { ProductCard } from '@shop/contracts';
import { yieldToRequests } from './build-slices.ts';
import { withSlack } from './listing-append.ts';

/**
 * Every listed product's card, kept with the listing snapshot as columns rather than objects
 * (about 100 bytes a product beyond what the snapshot holds anyway), and made into a card when a
 * page shows it. A listing or search never asked before then costs no database read for its
 * cards: at 100,000 products that read was most of an unseen search's time (decision 0042). A
 * card is as fresh as the snapshot it comes from, as the listing's counts and facets are: a
 * change to a product, its badges or images moves the catalogue's change counter and a new
 * snapshot follows (docs/decisions/0005); a price or stock status is patched into its row
 * (`patch`, decision 0080).
 */

/** What a card needs of a product beyond its listing facts; loaded with the snapshot. */
export interface CardProduct {
  id: number;
  slug: string;
  name: string;
  /** The default offering's. */
  sku: string;
  imageUrl: string | null;
  categoryId: number;
  brandSlug: string;
  brandName: string;
  priceIncVat: number;
  priceExVat: number;
  wasPriceIncVat: number | null;
  wasPriceExVat: number | null;
  discountPercentage: number;
  ratingTenths: number;
  reviewsCount: number;
  questionsCount: number;
  deliveryClass: string;
  isBundle: boolean;
  /** In badge order. */
  badges: string[];
  stockStatus: string | null;
  stockEta: string | null;
  /** The offerings with a price, as the product page lists them. */
  skus: string[];
}

export interface CardFacts {
  /** The card of the product at `row`. */
  cardOf(row: number): ProductCard;
  /** Sets the card at `row` to `product`'s (a price or stock change patched in: decision 0080; a new product's row past the last: decision 0138). */
  patch(row: number, product: CardProduct): void;
}

/** Shown for a product without images of its own. */
export const FALLBACK_IMAGE_URL = '/images/products/generic-standard.svg';

/** Products set down between two yields to waiting requests. */
const BUILD_SLICE = 2000;

/** Null kept in an integer column. */
const NONE = -1;

/**
 * The cards of `products`, each at the row `rowOf` gives it (products without a row are left out).
 * `categoryOf` names a category by id: the snapshot's own tree.
 */
export async function buildCardFacts(
  products: readonly CardProduct[],
  rowOf: (id: number) => number | undefined,
  size: number,
  categoryOf: (id: number) => { slug: string; name: string } | undefined,
): Promise<CardFacts> {
  // Few distinct values, shared: one object or array per brand, badge set, delivery class and stock.
  const shared = new Map<string, unknown>();
  const share = <T>(key: string, make: () => T): T => {
    let value = shared.get(key) as T | undefined;
    if (value === undefined) shared.set(key, (value = make()));
    return value;
  };
  let ids = new Int32Array(size);
  let categoryIds = new Int32Array(size);
  let numbers = {
    priceIncVat: new Int32Array(size),
    priceExVat: new Int32Array(size),
    wasPriceIncVat: new Int32Array(size),
    wasPriceExVat: new Int32Array(size),
    discountPercentage: new Int16Array(size),
    ratingTenths: new Int16Array(size),
    reviewsCount: new Int32Array(size),
    questionsCount: new Int32Array(size),
    offeringCount: new Int16Array(size),
  };
  let isBundle = new Uint8Array(size);
  const slugs: string[] = Array.from({ length: size });
  const names: string[] = Array.from({ length: size });
  const skus: string[] = Array.from({ length: size });
  const imageUrls: (string | null)[] = Array.from({ length: size });
  const brand: { slug: string; name: string }[] = Array.from({ length: size });
  const badges: readonly string[][] = Array.from({ length: size });
  const deliveryClass: string[] = Array.from({ length: size });
  const stock: ProductCard['stockStatus'][] = Array.from({ length: size });

  // A new product's row past the columns' end grows them, with room for the next few.
  const growTo = (rows: number) => {
    const capacity = withSlack(rows);
    const larger = <T extends Int32Array | Int16Array | Uint8Array>(column: T): T => {
      const copy = new (column.constructor as new (length: number) => T)(capacity);
      copy.set(column);
      return copy;
    };
    ids = larger(ids);
    categoryIds = larger(categoryIds);
    isBundle = larger(isBundle);
    numbers = Object.fromEntries(Object.entries(numbers).map(([name, column]) => [name, larger(column)])) as typeof numbers;
  };
  const setRow = (row: number, product: CardProduct) => {
    if (row >= ids.length) growTo(row + 1);
    ids[row] = product.id;
    categoryIds[row] = product.categoryId;
    numbers.priceIncVat[row] = product.priceIncVat;
    numbers.priceExVat[row] = product.priceExVat;
    numbers.wasPriceIncVat[row] = product.wasPriceIncVat ?? NONE;
    numbers.wasPriceExVat[row] = product.wasPriceExVat ?? NONE;
    numbers.discountPercentage[row] = product.discountPercentage;
    numbers.ratingTenths[row] = product.ratingTenths;
    numbers.reviewsCount[row] = product.reviewsCount;
    numbers.questionsCount[row] = product.questionsCount;
    numbers.offeringCount[row] = product.skus.length;
    isBundle[row] = product.isBundle ? 1 : 0;
    slugs[row] = product.slug;
    names[row] = product.name;
    skus[row] = product.sku;
    imageUrls[row] = product.imageUrl;
    brand[row] = share(`brand:${product.brandSlug}`, () => ({ slug: product.brandSlug, name: product.brandName }));
    (badges as string[][])[row] = share(`badges:${product.badges.join(',')}`, () => product.badges);
    deliveryClass[row] = share(`delivery:${product.deliveryClass}`, () => product.deliveryClass);
    // Inventory answers for every sku it is asked about: a product without a stock record is out of stock.
    const status = (product.stockStatus ?? 'out_of_stock') as ProductCard['stockStatus']['status'];
    stock[row] = share(`stock:${status}:${product.stockEta ?? ''}`, () => ({ status, eta: product.stockEta }));
  };
  for (const [position, product] of products.entries()) {
    if (position % BUILD_SLICE === BUILD_SLICE - 1) await yieldToRequests();
    const row = rowOf(product.id);
    if (row !== undefined) setRow(row, product);
  }

  const orNull = (value: number) => (value === NONE ? null : value);
  return {
    patch: setRow,
    cardOf(row) {
      const name = names[row]!;
      // Every product's category is in the snapshot's tree (a foreign key).
      const category = categoryOf(categoryIds[row]!)!;
      const discountPercentage = numbers.discountPercentage[row]!;
      const offeringCount = numbers.offeringCount[row]!;
      return {
        id: ids[row]!,
        sku: skus[row]!,
        slug: slugs[row]!,
        productName: name,
        averageRating: numbers.ratingTenths[row]! / 10,
        reviewsCount: numbers.reviewsCount[row]!,
        questionsCount: numbers.questionsCount[row]!,
        image: { url: imageUrls[row] ?? FALLBACK_IMAGE_URL, altText: name },
        stockStatus: { ...stock[row]! },
        price: {
          currencyCode: 'GBP',
          priceIncTax: numbers.priceIncVat[row]!,
          priceExcTax: numbers.priceExVat[row]!,
          wasPriceIncTax: orNull(numbers.wasPriceIncVat[row]!),
          wasPriceExcTax: orNull(numbers.wasPriceExVat[row]!),
          isOnPromotion: discountPercentage > 0,
          discountPercentage,
        },
        badges: [...badges[row]!],
        brand: { ...brand[row]! },
        defaultCategory: { slug: category.slug, name: category.name },
        deliveryClass: deliveryClass[row]!,
        isBundle: isBundle[row] === 1,
        variationListingLabel: offeringCount > 1 ? `Available in ${offeringCount} options` : null,
        // Cards are shared by every shopper (and cached): trade prices come from getTradePrices.
        tradePrices: null,
      };
    },
  };
}
