import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCT_COUNT, generateCatalogue } from './catalogue-generator.ts';

describe('catalogue generator', () => {
  const catalogue = generateCatalogue();

  it('is deterministic and follows the department counts (docs/domain.md §2)', () => {
    expect(generateCatalogue()).toEqual(catalogue);
    expect(catalogue.products).toHaveLength(DEMO_PRODUCT_COUNT);
    expect(catalogue.products.filter((product) => product.department === 'toilets')).toHaveLength(50);
    expect(new Set(catalogue.products.map((product) => product.slug)).size).toBe(DEMO_PRODUCT_COUNT);
  });

  it('scales to any product count with unique skus', () => {
    const large = generateCatalogue(5000);
    expect(large.products).toHaveLength(5000);
    const skus = large.products.flatMap((product) => product.offerings.map((offering) => offering.sku));
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('prices in whole pence, about a quarter reduced, none a best seller before it sells, stock mostly in stock', () => {
    const offerings = catalogue.products.flatMap((product) => product.offerings);
    expect(offerings.every((offering) => Number.isInteger(offering.priceIncVat) && offering.priceIncVat > 0)).toBe(true);
    const onOffer = catalogue.products.filter((product) => product.reduced).length / catalogue.products.length;
    expect(onOffer).toBeGreaterThan(0.18);
    expect(onOffer).toBeLessThan(0.32);
    const inStock = offerings.filter((offering) => offering.stock.status === 'in_stock').length / offerings.length;
    expect(inStock).toBeGreaterThan(0.72);
    expect(inStock).toBeLessThan(0.88);
    expect(catalogue.products.filter((product) => product.popularity !== 0 || product.badges.includes('best_seller'))).toEqual([]);
  });
});
