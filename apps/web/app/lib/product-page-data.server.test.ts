import type { EssentialItems, Price, ProductCard } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import type { ProductDeliveryOptions } from '../components/product/delivery-options.tsx';
import { tileCard } from './tile-cards.ts';
import { carouselsView, deliveryView, essentialItemsView, reviewsView, shareEqualRecords, withBundleEssentials } from './product-page-data.server.ts';

const price: Price = {
  currencyCode: 'GBP',
  priceIncTax: 1899,
  priceExcTax: 1583,
  wasPriceIncTax: null,
  wasPriceExcTax: null,
  isOnPromotion: false,
  discountPercentage: 0,
};

const card = (id: number, slug: string): ProductCard => ({
  id,
  sku: `PL${id}-1`,
  slug,
  productName: `Product ${id}`,
  averageRating: 4.4,
  reviewsCount: 3,
  questionsCount: 0,
  image: { url: `/images/${slug}.svg`, altText: `Product ${id}` },
  stockStatus: { status: 'low_stock', eta: null },
  price: { ...price },
  badges: [],
  brand: { slug: 'harlow-finch', name: 'Harlow & Finch' },
  defaultCategory: { slug: 'basin-wastes', name: 'Basin Wastes' },
  deliveryClass: 'parcel',
  isBundle: false,
  variationListingLabel: null,
  tradePrices: null,
});

describe('essentialItemsView', () => {
  it('keeps what a card reads: requirement, quantity, why it fits, and the item’s name, link, picture, price and stock', () => {
    const items: EssentialItems['items'] = [
      {
        requirement: 'required',
        quantity: 2,
        compatibilityRule: 'overflow=yes → slotted waste',
        sku: 'PL666-1',
        withinBundle: false,
        product: card(666, 'thame-basin-waste'),
      },
    ];
    expect(essentialItemsView(items)).toEqual([
      {
        requirement: 'required',
        quantity: 2,
        compatibilityRule: 'overflow=yes → slotted waste',
        sku: 'PL666-1',
        product: {
          slug: 'thame-basin-waste',
          productName: 'Product 666',
          image: { url: '/images/thame-basin-waste.svg' },
          price: { priceIncTax: 1899 },
          stockStatus: { status: 'low_stock' },
        },
      },
    ]);
  });
});

describe('withBundleEssentials', () => {
  const item = (sku: string, withinBundle: boolean, id: number) =>
    ({ requirement: 'required', quantity: 1, compatibilityRule: 'fits', sku, withinBundle, product: card(id, `item-${id}`) }) as const;
  it("lists the bundle's own essentials, then what its items need within it, each item once; the items' own essentials are left out", () => {
    const own = [item('PL1-1', false, 1)];
    const answers = [
      { sku: 'PL10-1', bundleId: 9, items: [item('PL2-1', false, 2), item('PL3-1', true, 3), item('PL1-1', true, 1)] },
      null,
      { sku: 'PL11-1', bundleId: 9, items: [item('PL3-1', true, 3), item('PL4-1', true, 4)] },
    ];
    expect(withBundleEssentials(own, answers).map((each) => each.sku)).toEqual(['PL1-1', 'PL3-1', 'PL4-1']);
    expect(withBundleEssentials(own, [])).toEqual(own);
  });
});

describe('deliveryView', () => {
  it('lists the options without the collection branch’s details, and without the sku, stock and class the page already knows', () => {
    const delivery: ProductDeliveryOptions = {
      sku: 'PL123-1',
      quantity: 1,
      postcode: null,
      zone: 'mainland',
      deliveryClass: 'large',
      stockStatus: 'in_stock',
      quoteOnly: false,
      notServed: false,
      options: [
        {
          code: 'click_collect',
          name: 'Click & collect',
          description: 'Collect from the trade counter.',
          available: true,
          priceIncVat: 0,
          earliestDate: '2026-11-27',
          collection: {
            readyFrom: '2026-11-27T08:30:00+00:00',
            branch: { id: 'leeds', name: 'Leeds', address: { line1: 'Unit 4', town: 'Leeds', postcode: 'LS11 5PS' }, openingHours: [], closed: '' },
          } as never,
        },
        { code: 'next_day', name: 'Next day', description: 'Next working day.', available: false, priceIncVat: null, unavailableReason: 'Too large' } as never,
      ],
    };
    const shown = deliveryView(delivery);
    expect(shown).toEqual({
      quantity: 1,
      postcode: null,
      zone: 'mainland',
      quoteOnly: false,
      notServed: false,
      options: [
        {
          code: 'click_collect',
          name: 'Click & collect',
          description: 'Collect from the trade counter.',
          available: true,
          priceIncVat: 0,
          earliestDate: '2026-11-27',
        },
        delivery.options[1],
      ],
    });
    expect(delivery.options[0]).toHaveProperty('collection');
  });
});

describe('reviewsView', () => {
  const review = {
    id: '77d96092-f5d1-4b2d-ad4e-60ae6af9f52f',
    rating: 5,
    qualityRating: 5,
    valueRating: 4,
    fittingRating: null,
    wouldRecommend: true,
    title: 'Excellent',
    text: 'Still as good three years on.',
    edited: false,
    displayName: 'Tom D.',
    town: 'York',
    verifiedPurchase: true,
    shopReply: null,
    helpfulCount: 2,
    photoCount: 0,
    photos: [],
    createdAt: '2025-05-29T18:44:58.205Z',
  };
  const summary = {
    slug: 'tavy-basin',
    sku: 'PL123-1',
    productName: 'Tavy Basin',
    count: 1,
    averageRating: 5,
    histogram: [{ stars: 5, count: 1, percentage: 100 }],
    subRatings: { quality: 5, value: 4, fitting: null },
    recommendPercentage: 100,
  };
  const listing = { slug: 'tavy-basin', sku: 'PL123-1', productName: 'Tavy Basin', items: [review], page: 1, size: 10, totalCount: 1, totalPages: 1 };

  it('keeps the summary’s figures and each review as shown, without the product’s name and codes repeated or the sub-ratings', () => {
    const shown = reviewsView({ summary, listing, questions: null });
    expect(shown.summary).toEqual({
      count: 1,
      averageRating: 5,
      histogram: summary.histogram,
      subRatings: summary.subRatings,
      recommendPercentage: 100,
    });
    expect(shown.listing).toEqual({ slug: 'tavy-basin', page: 1, totalPages: 1, totalCount: 1, items: [expect.any(Object)] });
    expect(Object.keys(shown.listing.items[0]!).toSorted()).toEqual(
      ['id', 'rating', 'title', 'text', 'edited', 'displayName', 'town', 'verifiedPurchase', 'shopReply', 'helpfulCount', 'photos', 'createdAt'].toSorted(),
    );
  });

  it('sends no questions when none are answered', () => {
    const questions = { slug: 'tavy-basin', sku: 'PL123-1', items: [], page: 1, size: 10, totalCount: 0, totalPages: 0 };
    expect(reviewsView({ summary, listing, questions }).questions).toBeNull();
  });
});

describe('carouselsView', () => {
  it('leaves out the product on the page, and a carousel it was alone in, each card as a tile draws it', () => {
    const carousels = [
      { identifier: 'category-best-sellers', title: 'Best sellers', products: [card(123, 'tavy-basin'), card(93, 'ashby-basin')] },
      { identifier: 'new-in', title: 'New in', products: [card(123, 'tavy-basin')] },
    ];
    expect(carouselsView(carousels, 123)).toEqual([
      { identifier: 'category-best-sellers', title: 'Best sellers', products: [tileCard(card(93, 'ashby-basin'))] },
    ]);
    expect(carousels[0]!.products).toHaveLength(2);
  });
});

describe('shareEqualRecords', () => {
  it('makes equal records one object, so the page’s data writes each once', () => {
    const data = { products: [card(1, 'one'), card(2, 'two')], note: 'same', count: 2 };
    const shared = shareEqualRecords(data);
    expect(shared).toEqual(data);
    expect(shared.products[0]!.price).toBe(shared.products[1]!.price);
    expect(shared.products[0]!.brand).toBe(shared.products[1]!.brand);
    expect(shared.products[0]).not.toBe(shared.products[1]);
  });

  it('tells records apart by every field, nested ones and missing ones included', () => {
    const shared = shareEqualRecords([
      { a: 1, b: { c: 2 } },
      { a: 1, b: { c: 3 } },
      { a: 1, b: { c: 2 }, d: undefined },
      { a: 1, b: { c: 2 } },
    ]);
    expect(shared[0]).not.toBe(shared[1]);
    expect(shared[0]).not.toBe(shared[2]);
    expect(shared[0]).toBe(shared[3]);
    expect(shared[0]!.b).toBe(shared[2]!.b);
  });

  it('leaves the value it was given as it was', () => {
    const data = [{ x: [1] }, { x: [1] }];
    const shared = shareEqualRecords(data);
    expect(data[0]).not.toBe(data[1]);
    expect(shared).not.toBe(data);
    expect(shared[0]).not.toBe(data[0]);
  });
});
