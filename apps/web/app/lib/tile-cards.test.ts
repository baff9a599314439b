import { describe, expect, it } from 'vitest';
import type { ProductCard } from '@shop/contracts';
import { tileCard, tileCarousels } from './tile-cards.ts';

const card: ProductCard = {
  id: 7,
  sku: 'PL000007-1',
  slug: 'kestrel-tavy-basin-pl000007',
  productName: 'Kestrel Tavy Basin',
  averageRating: 4.5,
  reviewsCount: 2,
  questionsCount: 3,
  image: { url: '/images/products/basin.svg', altText: 'A basin' },
  stockStatus: { status: 'in_stock', eta: null },
  price: { currencyCode: 'GBP', priceIncTax: 9099, priceExcTax: 7583, wasPriceIncTax: null, wasPriceExcTax: null, isOnPromotion: false, discountPercentage: 0 },
  badges: ['new'],
  brand: { slug: 'kestrel', name: 'Kestrel' },
  defaultCategory: { slug: 'basins', name: 'Basins' },
  deliveryClass: 'large',
  isBundle: false,
  variationListingLabel: null,
  tradePrices: null,
};

describe('tile cards', () => {
  it('keep what a tile draws and leave out what no page reads', () => {
    expect(tileCard(card)).toEqual({
      id: 7,
      sku: 'PL000007-1',
      slug: 'kestrel-tavy-basin-pl000007',
      productName: 'Kestrel Tavy Basin',
      averageRating: 4.5,
      reviewsCount: 2,
      image: card.image,
      stockStatus: card.stockStatus,
      price: card.price,
      badges: ['new'],
      variationListingLabel: null,
      brand: { name: 'Kestrel' },
    });
  });

  it('make every card of a carousel a tile card, keeping the carousel', () => {
    const [carousel] = tileCarousels([{ identifier: 'best-sellers', title: 'Best sellers', products: [card] }]);
    expect(carousel).toMatchObject({ identifier: 'best-sellers', title: 'Best sellers' });
    expect(carousel!.products[0]).not.toHaveProperty('questionsCount');
  });
});
