import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateCatalogue, productGallery, type GeneratedProduct } from '@shop/demo/seeds';
import { inFamilyOrder } from './specification-order.ts';

/**
 * The demo catalogue reads like a retailer's (docs/domain.md §2.1): each family's specifications
 * are the ones the table lists, electric showers are rated in kW, descriptions are the product's
 * own and every product and finish has its own pictures. The table is read from the document, so
 * the document and the catalogue cannot drift apart.
 */
const catalogue = generateCatalogue();
const domain = fs.readFileSync(new URL('../../../../../docs/domain.md', import.meta.url), 'utf8');
const section = domain.slice(domain.indexOf('### 2.1 Specifications by family'), domain.indexOf('## 3.'));
const TABLE = new Map(
  [...section.matchAll(/^\| `([a-z-]+)` \| (.+) \|$/gm)].map(([, family = '', rows = '']) => [family, rows.replace(/ \([^)]*\)/g, '').split(', ')]),
);
const rowsFor = (product: GeneratedProduct) => TABLE.get(product.categorySlug) ?? TABLE.get(product.department);
const label = (product: GeneratedProduct) => `${product.name} (${product.categorySlug})`;
const facet = (product: GeneratedProduct, name: string) => product.facets.filter(([identifier]) => identifier === name).map(([, value]) => value);

describe('demo catalogue specifications and pictures', () => {
  it('reads the table of docs/domain.md §2.1', () => {
    expect(TABLE.size).toBeGreaterThan(30);
    expect(TABLE.get('electric-showers')).toContain('Power rating');
  });

  it('puts stored specifications back in the family’s order, as the database reorders them (shortest name first)', () => {
    const tap = catalogue.products.find((product) => product.categorySlug === 'basin-taps')!;
    const asStored = Object.fromEntries(Object.entries(tap.specifications).toSorted(([a], [b]) => a.length - b.length || a.localeCompare(b)));
    expect(Object.keys(asStored)).not.toEqual(TABLE.get('taps'));
    expect(Object.keys(inFamilyOrder(asStored, tap.department, tap.categorySlug))).toEqual(TABLE.get('taps'));
    // A row the family does not list (one added by hand) comes after the family's rows.
    expect(Object.keys(inFamilyOrder({ Weight: '2 kg', ...asStored }, 'taps', 'basin-taps'))).toEqual([...TABLE.get('taps')!, 'Weight']);
  });

  it('gives every product the specifications its family lists, in order, each with a value', () => {
    const wrong = catalogue.products
      .filter((product) => JSON.stringify(Object.keys(product.specifications)) !== JSON.stringify(rowsFor(product)))
      .map((product) => `${label(product)}: ${Object.keys(product.specifications).join(', ')}`);
    expect(wrong).toEqual([]);
    const empty = catalogue.products.flatMap((product) =>
      Object.entries(product.specifications)
        .filter(([, value]) => value.trim() === '')
        .map(([row]) => `${label(product)}: ${row}`),
    );
    expect(empty).toEqual([]);
  });

  it('rates every electric shower in kW, with no valve, outlet or pressure it does not have', () => {
    const electric = catalogue.products.filter((product) => product.categorySlug === 'electric-showers');
    expect(electric.length).toBeGreaterThan(5);
    for (const shower of electric) {
      expect([label(shower), shower.specifications['Power rating']]).toEqual([label(shower), expect.stringMatching(/^(8\.5|9\.5|10\.5) kW$/)]);
      expect([label(shower), Object.keys(shower.specifications).filter((row) => /valve|outlet|pressure/i.test(row))]).toEqual([label(shower), []]);
      expect([label(shower), ['valve', 'outlets', 'min_pressure_bar'].flatMap((name) => facet(shower, name))]).toEqual([label(shower), []]);
      expect(shower.description).toContain(shower.specifications['Power rating']);
    }
    // A mixer says the flow and pressure it needs; every product says its size.
    for (const mixer of catalogue.products.filter((product) => product.categorySlug === 'mixer-showers')) {
      expect(mixer.specifications).toMatchObject({ 'Flow rate': expect.stringMatching(/ l\/min$/), 'Minimum pressure': expect.stringMatching(/ bar$/) });
    }
    const sizeless = catalogue.products.filter((product) => !/^W \d+ × H \d+ × D \d+ mm$/.test(product.specifications.Dimensions ?? '')).map(label);
    expect(sizeless).toEqual([]);
  });

  it('describes each product in words of its own, not its range’s', () => {
    // No two products share a description, so no two of a range do either.
    const descriptions = catalogue.products.map((product) => product.description);
    expect(descriptions.filter((description, index) => descriptions.indexOf(description) !== index)).toEqual([]);
    // What the product is comes first, from its specifications: a basin's tap holes, a toilet's flush.
    const basin = catalogue.products.find((product) => product.department === 'basins')!;
    expect(basin.description).toContain(basin.specifications['Tap holes'] === '0' ? 'no tap holes' : `${basin.specifications['Tap holes']} tap hole`);
  });

  it('draws every product, and every finish of a product, a picture of its own', () => {
    const galleries = catalogue.products.map((product) => ({ product, images: productGallery(product) }));
    const mains = galleries.map(({ images }) => images[0]!.url);
    expect(new Set(mains).size).toBe(mains.length);
    for (const { product, images } of galleries) {
      const finishes = new Set(product.offerings.map((offering) => offering.finish));
      const ofFinish = new Map<number | null, string[]>();
      for (const image of images) ofFinish.set(image.offeringId, [...(ofFinish.get(image.offeringId) ?? []), image.url]);
      // A set of pictures (main, close-up, dimensions) for each finish, each belonging to an offering of that finish.
      expect([label(product), ofFinish.size, images.length]).toEqual([label(product), finishes.size, finishes.size * 3]);
      expect(new Set(images.map((image) => image.url)).size).toBe(images.length);
      expect(images[0]!.url).toMatch(new RegExp(`\\?size=${product.dimensions.widthMm}x${product.dimensions.heightMm}$`));
    }
  });
});
