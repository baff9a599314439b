import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, type CatalogueClient } from '@shop/api-client';
import { lineTotalExVatOf, type Listing, type ProductCard } from '@shop/contracts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';

let api: TestApi;
let client: CatalogueClient;

beforeAll(async () => {
  api = await startTestApi();
  client = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
});
afterAll(() => api.close());

const facet = (listing: Listing, identifier: string) => listing.facets.find((entry) => entry.identifier === identifier);

/** Every product of a listing, page by page. */
async function allOf(body: { slug: string; facets?: Record<string, string[]>; sort?: 1 | 2 | 3 | 4 }) {
  const products = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await client.refineCategory({ body: { ...body, pageNumber, size: 100 } });
    products.push(...page.products);
    if (page.products.length < 100) return { products, total: page.pagination.total };
  }
}

// First, before any test below changes a product in the database behind the snapshot's back.
describe('listing cards', () => {
  it('are made from the snapshot exactly as the database reads them, for every product', async () => {
    const { categories } = await client.getNavigation();
    const listed: ProductCard[] = [];
    for (const department of categories) listed.push(...(await allOf({ slug: department.slug })).products);
    expect(new Set(listed.map((card) => card.id)).size).toBe(listed.length);
    // The demo catalogue has every kind of card, so each field is compared on something that shows it.
    expect(listed.some((card) => card.price.wasPriceIncTax !== null)).toBe(true);
    expect(listed.some((card) => card.isBundle)).toBe(true);
    expect(listed.some((card) => card.variationListingLabel !== null)).toBe(true);
    expect(listed.some((card) => card.badges.length > 1)).toBe(true);
    expect(listed.some((card) => card.stockStatus.eta !== null)).toBe(true);
    expect(listed.some((card) => card.reviewsCount > 0 && card.questionsCount > 0)).toBe(true);
    expect(new Set(listed.map((card) => card.stockStatus.status)).size).toBeGreaterThan(2);
    // The recently viewed carousel reads its cards from the database, in the order asked.
    for (let at = 0; at < listed.length; at += 12) {
      const batch = listed.slice(at, at + 12);
      const { carousels } = await client.getCarousels({ body: { pageType: 50, recentlyViewedSkus: batch.map((card) => card.sku) } });
      expect(carousels.find((carousel) => carousel.identifier === 'recently-viewed')?.products).toEqual(batch);
    }
  }, 120_000);
});

describe('category listings', () => {
  it('list a department with its sub-categories, facets with counts and paging', async () => {
    const listing = await client.listCategory({ body: { slug: 'basins', pageNumber: 1, size: 10 } });
    expect(listing.title).toBe('Basins');
    expect(listing.products).toHaveLength(10);
    expect(listing.pagination).toEqual({ from: 0, size: 10, total: 45, sortType: 1 });
    for (const product of listing.products) {
      expect(product.defaultCategory.slug).toMatch(/basins$/);
      expect(product.price.currencyCode).toBe('GBP');
      // Less the VAT in it, rounded to the penny, as a basket's line is (migration 0092).
      expect(product.price.priceExcTax).toBe(lineTotalExVatOf(product.price.priceIncTax, 1, 2_000));
    }
    expect(listing.facets.map((entry) => entry.identifier)).toEqual(
      expect.arrayContaining(['price', 'brand', 'installation', 'tap_holes', 'overflow', 'width_mm', 'in_stock']),
    );
    const sub = await client.listCategory({ body: { slug: 'pedestal-basins', pageNumber: 1, size: 100 } });
    expect(sub.pagination.total).toBeGreaterThan(0);
    expect(sub.pagination.total).toBeLessThan(45);
    expect(sub.products.every((product) => product.defaultCategory.slug === 'pedestal-basins')).toBe(true);
  });

  it('facet counts match the products a selection returns, and other options keep their counts', async () => {
    const unfiltered = await client.listCategory({ body: { slug: 'toilets', pageNumber: 1, size: 1 } });
    const brandFacet = facet(unfiltered, 'brand')!;
    expect(brandFacet.options.reduce((sum, option) => sum + option.productCount, 0)).toBe(unfiltered.pagination.total);
    const [first, second] = brandFacet.options;
    const oneBrand = await allOf({ slug: 'toilets', facets: { brand: [first!.identifier] } });
    expect(oneBrand.total).toBe(first!.productCount);
    expect(oneBrand.products.every((product) => product.brand.name === first!.displayValue)).toBe(true);
    const refined = await client.refineCategory({ body: { slug: 'toilets', pageNumber: 1, size: 1, facets: { brand: [first!.identifier] } } });
    // Disjunctive: choosing a brand leaves the other brands' counts as they were, marks the choice.
    expect(facet(refined, 'brand')!.options.find((option) => option.identifier === second!.identifier)?.productCount).toBe(second!.productCount);
    expect(facet(refined, 'brand')!.options.find((option) => option.identifier === first!.identifier)?.selected).toBe(true);
    const twoBrands = await allOf({ slug: 'toilets', facets: { brand: [first!.identifier, second!.identifier] } });
    expect(twoBrands.total).toBe(first!.productCount + second!.productCount);
    // Across facets the counts narrow: every option of another facet counts within the brand (its toilets:
    // seats and cisterns have no toilet type, docs/domain.md §2.1).
    const typeCounts = facet(refined, 'toilet_type')!.options.reduce((sum, option) => sum + option.productCount, 0);
    const notToilets = ['toilet-seats', 'cisterns-frames-flush-plates'];
    expect(typeCounts).toBe(oneBrand.products.filter((product) => !notToilets.includes(product.defaultCategory.slug)).length);
  });

  it('filters by price band and by price bounds', async () => {
    const listing = await client.listCategory({ body: { slug: 'taps', pageNumber: 1, size: 1 } });
    const band = facet(listing, 'price')!.options[0]!;
    const banded = await allOf({ slug: 'taps', facets: { price: [band.identifier] } });
    expect(banded.total).toBe(band.productCount);
    const bounded = await client.refineCategory({ body: { slug: 'taps', pageNumber: 1, size: 100, price: { gte: 5000, lte: 10000 } } });
    expect(bounded.products.every((product) => product.price.priceIncTax >= 5000 && product.price.priceIncTax <= 10000)).toBe(true);
  });

  it('sorts by price both ways and by largest discount', async () => {
    const prices = (await allOf({ slug: 'radiators', sort: 2 })).products.map((product) => product.price.priceIncTax);
    expect(prices).toEqual(prices.toSorted((a, b) => a - b));
    const descending = (await allOf({ slug: 'radiators', sort: 3 })).products.map((product) => product.price.priceIncTax);
    expect(descending).toEqual(prices.toSorted((a, b) => b - a));
    const discounts = (await allOf({ slug: 'radiators', sort: 4 })).products.map((product) => product.price.discountPercentage);
    expect(discounts).toEqual(discounts.toSorted((a, b) => b - a));
    expect(discounts[0]).toBeGreaterThan(0);
  });

  it('pages neither overlap nor skip', async () => {
    const pages = await Promise.all([1, 2, 3].map((pageNumber) => client.listCategory({ body: { slug: 'showers', pageNumber, size: 25 } })));
    expect(pages.map((page) => page.pagination.from)).toEqual([0, 25, 50]);
    const ids = pages.flatMap((page) => page.products.map((product) => product.id));
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
  });

  it('refuses bad input with a 400 naming the field, and unknown slugs with a 404', async () => {
    const cases: [unknown, string][] = [
      [{ slug: 'basins', pageNumber: 0 }, 'pageNumber'],
      [{ slug: 'basins', size: 101 }, 'size'],
      [{ slug: 'basins', sort: 5 }, 'sort'],
      [{ slug: 'basins', facets: { colourway: ['red'] } }, 'facets.colourway'],
      [{ slug: 'basins', facets: { price: ['cheap'] } }, 'facets.price'],
    ];
    for (const [body, field] of cases) {
      const response = await fetch(`${api.serviceUrl('catalogue')}/Listings/Categories/Refine`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(response.headers.get('content-type')).toMatch(/problem\+json/);
      expect(JSON.stringify(await response.json())).toContain(field);
    }
    const missing = await failure(client.listCategory({ body: { slug: 'no-such-category' } }));
    expect(missing.status).toBe(404);
  });

  it('is cacheable', async () => {
    const response = await fetch(`${api.serviceUrl('catalogue')}/Listings/Categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'tiles' }),
    });
    expect(response.headers.get('cache-control')).toMatch(/public, max-age=60/);
  });
});

describe('global facets', () => {
  const onShelf = (product: ProductCard) => product.stockStatus.status === 'in_stock' || product.stockStatus.status === 'low_stock';
  const ids = (products: ProductCard[]) => products.map((product) => product.id);

  it('every listing offers those of docs/domain.md §2 that its products have', async () => {
    const listing = await client.listCategory({ body: { slug: 'taps', size: 1 } });
    expect(listing.facets.map((entry) => entry.identifier)).toEqual(
      expect.arrayContaining(['brand', 'price', 'rating', 'in_stock', 'next_day_eligible', 'on_offer', 'new', 'delivery_class']),
    );
  });

  it('next-day delivery: parcels on the shelf, counted as the filter returns them', async () => {
    const all = await allOf({ slug: 'taps' });
    const eligible = all.products.filter((product) => product.deliveryClass === 'parcel' && onShelf(product));
    expect(eligible.length).toBeGreaterThan(0);
    expect(eligible.length).toBeLessThan(all.total);
    const listing = await client.listCategory({ body: { slug: 'taps', size: 1 } });
    expect(facet(listing, 'next_day_eligible')).toEqual({
      identifier: 'next_day_eligible',
      displayName: 'Next-day delivery',
      facetType: 'options',
      options: [{ identifier: 'yes', displayValue: 'Yes', productCount: eligible.length, selected: false }],
    });
    const filtered = await allOf({ slug: 'taps', facets: { next_day_eligible: ['yes'] } });
    expect(ids(filtered.products)).toEqual(ids(eligible));

    // With another facet chosen, the count narrows to it.
    const brand = facet(listing, 'brand')!.options[0]!;
    const refined = await client.refineCategory({ body: { slug: 'taps', size: 1, facets: { brand: [brand.identifier] } } });
    const inBrand = eligible.filter((product) => product.brand.name === brand.displayValue);
    expect(facet(refined, 'next_day_eligible')?.options[0]?.productCount).toBe(inBrand.length);
  });

  it('large items never go next day; a chosen filter with nothing to show stays listed, ticked', async () => {
    const basins = await client.listCategory({ body: { slug: 'basins', size: 1 } });
    expect(basins.products[0]!.deliveryClass).toBe('large');
    expect(facet(basins, 'next_day_eligible')).toBeUndefined();
    const chosen = await client.refineCategory({ body: { slug: 'basins', size: 1, facets: { next_day_eligible: ['yes'] } } });
    expect(chosen.pagination.total).toBe(0);
    expect(facet(chosen, 'next_day_eligible')!.options).toEqual([{ identifier: 'yes', displayValue: 'Yes', productCount: 0, selected: true }]);
  });
});

describe('product summaries', () => {
  it('by slug, by sku and as quick view agree, with offerings, prices and stock', async () => {
    const [card] = (await client.listCategory({ body: { slug: 'vanity-units', size: 1 } })).products;
    const bySlug = await client.getProductSummary({ query: { slug: card!.slug } });
    expect(bySlug).toMatchObject({ id: card!.id, slug: card!.slug, productName: card!.productName });
    expect(bySlug.offerings.length).toBeGreaterThanOrEqual(1);
    expect(bySlug.offerings.filter((offering) => offering.isDefault)).toHaveLength(1);
    const other = bySlug.offerings.at(-1)!;
    expect(await client.getProductSummaryBySku({ query: { sku: other.sku } })).toEqual(bySlug);
    expect(await client.getQuickView({ query: { slug: card!.slug } })).toEqual(bySlug);
    expect(bySlug.specifications).toHaveProperty('Mounting');
    expect(bySlug.images[0]?.url).toMatch(/^\/images\/products\/.+\.svg\?size=\d+x\d+$/);
  });

  it('lists the specifications in the order docs/domain.md §2.1 gives for the family, not the database’s', async () => {
    const [tap] = (await client.listCategory({ body: { slug: 'basin-taps', size: 1 } })).products;
    const summary = await client.getProductSummary({ query: { slug: tap!.slug } });
    expect(Object.keys(summary.specifications)).toEqual([
      'Tap type',
      'Tap holes',
      'Control',
      'Minimum pressure',
      'Flow rate',
      'Cartridge',
      'WRAS approved',
      'Dimensions',
    ]);
  });

  it('a bundle lists its components and costs less than they do', async () => {
    const [suite] = (await client.listCategory({ body: { slug: 'full-bathroom-suites', size: 1 } })).products;
    const summary = await client.getProductSummary({ query: { slug: suite!.slug } });
    expect(summary.isBundle).toBe(true);
    expect(summary.bundleComponents.length).toBeGreaterThanOrEqual(3);
    const parts = await Promise.all(summary.bundleComponents.map((component) => client.getProductSummaryBySku({ query: { sku: component.sku } })));
    const sum = parts.reduce(
      (total, part, index) => total + part.offerings.find((offering) => offering.sku === summary.bundleComponents[index]!.sku)!.price.priceIncTax,
      0,
    );
    expect(summary.price.priceIncTax).toBeLessThan(sum);
  });

  it('404 for unknown slugs and skus', async () => {
    expect((await failure(client.getProductSummary({ query: { slug: 'nope' } }))).status).toBe(404);
    expect((await failure(client.getProductSummaryBySku({ query: { sku: 'NOPE-1' } }))).status).toBe(404);
    expect((await failure(client.getQuickView({ query: { slug: 'nope' } }))).status).toBe(404);
  });
});

describe('search', () => {
  const names = (listing: Listing) => listing.products.map((product) => product.productName);

  it('finds basins, and basins despite a typo', async () => {
    const exact = await client.search({ body: { query: 'basin', size: 20 } });
    expect(exact.pagination.total).toBeGreaterThan(0);
    expect(names(exact)[0]).toMatch(/basin/i);
    const typo = await client.search({ body: { query: 'basn', size: 20 } });
    expect(typo.pagination.total).toBeGreaterThan(0);
    expect(
      names(typo)
        .slice(0, 10)
        .every((name) => /basin/i.test(name)),
    ).toBe(true);
  });

  it('knows the trade words: loo and WC are toilets, a sink is a basin, a rad a radiator', async () => {
    for (const [word, meaning] of [
      ['loo', /toilet/i],
      ['WC', /toilet/i],
      ['sink', /basin|vanity/i],
      ['rad', /radiator|towel rail/i],
    ] as const) {
      const listing = await client.search({ body: { query: word, size: 10 } });
      expect(listing.pagination.total).toBeGreaterThan(0);
      expect({ word, mismatches: names(listing).filter((name) => !meaning.test(name)) }).toEqual({ word, mismatches: [] });
    }
  });

  it('refines search results by facet and sorts them', async () => {
    const results = await client.search({ body: { query: 'toilet' } });
    const brand = facet(results, 'brand')!.options[0]!;
    const refined = await client.refineSearch({ body: { query: 'toilet', facets: { brand: [brand.identifier] }, sort: 2, size: 100 } });
    expect(refined.pagination.total).toBe(brand.productCount);
    const prices = refined.products.map((product) => product.price.priceIncTax);
    expect(prices).toEqual(prices.toSorted((a, b) => a - b));
  });

  it('handles quotes, wildcards, backslashes and 1,000 characters safely', async () => {
    for (const query of [`"basin`, `'; drop table products; --`, '%', '_', '\\', '%_\\', 'a'.repeat(1000), '!!!', '']) {
      const listing = await client.search({ body: { query } });
      expect(listing.pagination.total).toBeGreaterThanOrEqual(0);
      const suggestions = await client.autocomplete({ query: { query } });
      expect(suggestions.products.length).toBeLessThanOrEqual(6);
    }
    const tooLong = await fetch(`${api.serviceUrl('catalogue')}/Search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'a'.repeat(1001) }),
    });
    expect(tooLong.status).toBe(400);
  });
});

describe('autocomplete', () => {
  it('suggests products with image and price, categories and brands', async () => {
    const suggestions = await client.autocomplete({ query: { query: 'radiat' } });
    expect(suggestions.products.length).toBeGreaterThan(0);
    for (const product of suggestions.products) {
      expect(product.imageUrl).toMatch(/\.svg(\?size=\d+x\d+)?$/);
      expect(product.priceIncTax).toBeGreaterThan(0);
    }
    expect(suggestions.categories.map((category) => category.slug)).toContain('radiators');
    expect((await client.autocomplete({ query: { query: 'avel' } })).brands.map((brand) => brand.slug)).toContain('aveline');
  });

  it('forgives a typo, knows trade words and needs every word', async () => {
    const typo = await client.autocomplete({ query: { query: 'basn' } });
    expect(typo.products.length).toBeGreaterThan(0);
    for (const product of typo.products) expect(product.productName.toLowerCase()).toContain('basin');
    const loo = await client.autocomplete({ query: { query: 'loo' } });
    expect(loo.products.length).toBeGreaterThan(0);
    for (const product of loo.products) expect(product.productName.toLowerCase()).toMatch(/toilet|wc|pan|loo/);
    // Two words: both must match.
    const twoWords = await client.autocomplete({ query: { query: 'basin ta' } });
    expect(twoWords.products.length).toBeGreaterThan(0);
    for (const product of twoWords.products) expect(product.productName.toLowerCase()).toMatch(/basin.*ta|ta.*basin/);
  });

  it('does not treat % or _ as wildcards', async () => {
    const suggestions = await client.autocomplete({ query: { query: '%%' } });
    expect(suggestions).toEqual({ products: [], categories: [], brands: [] });
    expect((await client.autocomplete({ query: { query: 'b_s' } })).categories).toEqual([]);
  });
});

describe('promotion listings', () => {
  it('new products (type 100) lists the products badged new', async () => {
    const listing = await client.refinePromotion({ body: { slug: 'new-in', size: 100 } });
    expect(listing.title).toBe('New in');
    expect(listing.pagination.total).toBeGreaterThan(0);
    expect(listing.products.every((product) => product.badges.includes('new'))).toBe(true);
  });

  it('a configured listing (type 200) on a category base keeps its preset filters and can be refined', async () => {
    const listing = await client.refinePromotion({ body: { slug: 'shower-offers', size: 100, sort: 4 } });
    expect(listing.pagination.total).toBeGreaterThan(0);
    for (const product of listing.products) {
      expect(product.price.isOnPromotion).toBe(true);
      expect(product.defaultCategory.slug).toMatch(/shower|digital|riser/);
    }
    const onOffer = listing.facets.find((entry) => entry.identifier === 'on_offer')!;
    expect(onOffer.options).toEqual([expect.objectContaining({ identifier: 'yes', selected: true, productCount: listing.pagination.total })]);
    const wholeShop = await client.refinePromotion({ body: { slug: 'bathroom-sale', size: 1 } });
    expect(wholeShop.pagination.total).toBeGreaterThan(listing.pagination.total);
  });

  it('404 for an unknown promotion', async () => {
    expect((await failure(client.refinePromotion({ body: { slug: 'black-friday-1999' } }))).status).toBe(404);
  });
});

describe('essential items', () => {
  it('a basin needs a waste that suits its overflow; a bottle trap is recommended', async () => {
    const [basin] = (await client.listCategory({ body: { slug: 'pedestal-basins', size: 1, facets: { overflow: ['yes'] } } })).products;
    const { items, bundleId } = await client.getEssentialItems({ query: { sku: basin!.sku } });
    expect(bundleId).toBeNull();
    const waste = items.find((item) => item.requirement === 'required')!;
    expect(waste.product.defaultCategory.slug).toBe('basin-wastes');
    expect(waste.compatibilityRule).toMatch(/slotted/);
    const slotted = await client.getProductSummaryBySku({ query: { sku: waste.sku } });
    expect(slotted.specifications.Slotted).toBe('Yes');
    expect(items.some((item) => item.requirement === 'recommended' && item.product.defaultCategory.slug === 'traps')).toBe(true);
    // Required items come first.
    expect(items.map((item) => item.requirement)).toEqual(
      items.map((item) => item.requirement).toSorted((a, b) => Number(b === 'required') - Number(a === 'required')),
    );
  });

  it('with a bundle, adds the items that belong to the bundle', async () => {
    const [suite] = (await client.listCategory({ body: { slug: 'full-bathroom-suites', size: 1 } })).products;
    const alone = await client.getEssentialItems({ query: { sku: suite!.sku } });
    const inBundle = await client.getEssentialItems({ query: { sku: suite!.sku, bundleId: suite!.id } });
    expect(inBundle.bundleId).toBe(suite!.id);
    expect(inBundle.items.length).toBeGreaterThan(alone.items.length);
    expect(inBundle.items.some((item) => item.product.defaultCategory.slug === 'bath-panels')).toBe(true);
  });

  it('404 for an unknown sku or bundle, 400 for a bundle id that is not a number', async () => {
    const [suite] = (await client.listCategory({ body: { slug: 'full-bathroom-suites', size: 1 } })).products;
    expect((await failure(client.getEssentialItems({ query: { sku: 'NOPE-1' } }))).status).toBe(404);
    expect((await failure(client.getEssentialItems({ query: { sku: suite!.sku, bundleId: 999_999 } }))).status).toBe(404);
    const response = await fetch(`${api.serviceUrl('catalogue')}/Products/EssentialItems?sku=${suite!.sku}&bundleId=abc`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('bundleId');
  });
});

describe('user content carousel', () => {
  it('shows only photos with consent that were approved', async () => {
    const rows = (await api.database.db.execute(
      sql`select product_id, count(*) filter (where consent_given and moderation_status = 'approved')::int as shown, count(*)::int as total
        from user_content group by product_id
        having count(*) > count(*) filter (where consent_given and moderation_status = 'approved')
          and count(*) filter (where consent_given and moderation_status = 'approved') > 0
        limit 1`,
    )) as unknown as { rows: { product_id: number; shown: number; total: number }[] };
    const row = rows.rows[0]!;
    const carousel = await client.getUserContentCarousel({ params: { id: row.product_id } });
    expect(carousel.productId).toBe(row.product_id);
    expect(carousel.items).toHaveLength(row.shown);
    expect((await failure(client.getUserContentCarousel({ params: { id: 999_999 } }))).status).toBe(404);
  });
});

describe('personalised carousels', () => {
  it('home page: best sellers, new in and the recently viewed skus in the order given', async () => {
    const [a, b] = (await client.listCategory({ body: { slug: 'taps', size: 2, sort: 2 } })).products;
    const { carousels } = await client.getCarousels({ body: { pageType: 10, recentlyViewedSkus: [b!.sku, 'NOPE-1', a!.sku, b!.sku] } });
    expect(carousels.map((carousel) => carousel.identifier)).toEqual(['best-sellers', 'new-in', 'recently-viewed']);
    const bestSellers = carousels[0]!.products;
    expect(bestSellers[0]!.badges).toContain('best_seller');
    expect(carousels[2]!.products.map((product) => product.id)).toEqual([b!.id, a!.id]);
  });

  it('category page: the best sellers of that category', async () => {
    const { carousels } = await client.getCarousels({ body: { pageType: 20, categorySlug: 'baths' } });
    expect(carousels.map((carousel) => carousel.identifier)).toEqual(['category-best-sellers']);
    expect(carousels[0]!.products.every((product) => product.defaultCategory.slug.endsWith('baths'))).toBe(true);
    expect((await failure(client.getCarousels({ body: { pageType: 20, categorySlug: 'nope' } }))).status).toBe(404);
    expect((await failure(client.getCarousels({ body: { pageType: 60 as 50 } }))).status).toBe(400);
  });
});

describe('promotions and sitemap', () => {
  it('lists the listings running now, with their category base', async () => {
    const { promotions } = await client.getPromotions();
    expect(promotions.map((promotion) => promotion.slug)).toEqual(['new-in', 'bathroom-sale', 'shower-offers']);
    expect(promotions.find((promotion) => promotion.slug === 'shower-offers')?.category).toEqual({ slug: 'showers', name: 'Showers' });
    expect(promotions.find((promotion) => promotion.slug === 'new-in')).toMatchObject({ listingType: 100, category: null });
  });

  it('leaves out listings that have ended or not started', async () => {
    const { db } = api.database;
    await db.execute(sql`update listings set ends_at = now() - interval '1 day' where slug = 'bathroom-sale'`);
    await db.execute(sql`update listings set starts_at = now() + interval '1 day' where slug = 'shower-offers'`);
    const { promotions } = await client.getPromotions();
    await db.execute(sql`update listings set ends_at = null, starts_at = null`);
    expect(promotions.map((promotion) => promotion.slug)).toEqual(['new-in']);
  });

  it('pages product slugs for the sitemap', async () => {
    const page = await client.getSitemapProducts({ query: { pageNumber: 1 } });
    expect(page.pageCount).toBe(1);
    expect(page.products.length).toBeGreaterThan(800);
    expect(page.products[0]).toEqual({ slug: expect.stringMatching(/^[a-z0-9-]+$/), lastModified: expect.any(String) });
    expect((await client.getSitemapProducts({ query: { pageNumber: 2 } })).products).toEqual([]);
    expect((await failure(client.getSitemapProducts({ query: { pageNumber: 0 } }))).status).toBe(400);
  });
});
