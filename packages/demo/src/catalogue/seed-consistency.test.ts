import { describe, expect, it } from 'vitest';
import { generateCatalogue, type GeneratedOffering, type GeneratedProduct } from './catalogue-generator.ts';

/**
 * The demo catalogue keeps its own word (docs/domain.md §2): what a suite holds fits
 * its suite type, and what a product's essential items are fits the product's own attributes. The
 * rules are written out here, apart from the generator, so a generator change that breaks one fails.
 */
const catalogue = generateCatalogue();
const productOf = new Map<number, GeneratedProduct>();
const offeringOf = new Map<number, GeneratedOffering>();
for (const product of catalogue.products) {
  for (const offering of product.offerings) {
    productOf.set(offering.id, product);
    offeringOf.set(offering.id, offering);
  }
}
const productById = new Map(catalogue.products.map((product) => [product.id, product]));

/** A single-valued attribute (width and finish are variant axes and may have several). */
const attribute = (product: GeneratedProduct, facet: string) => {
  const values = product.facets.filter(([name]) => name === facet).map(([, value]) => value);
  if (values.length > 1) throw new Error(`${product.slug} has ${values.length} values of ${facet}`);
  return values[0];
};
const describeProduct = (product: GeneratedProduct) => `${product.name} (${product.categorySlug})`;

const WC_CATEGORIES = ['close-coupled-toilets', 'back-to-wall-toilets', 'wall-hung-toilets', 'comfort-height-toilets'];
const BASIN_TAP_HOLES: Record<string, string> = { 'Mono Basin Mixer': '1', 'Tall Basin Mixer': '1', 'Pillar Taps': '2', 'Three Hole Basin Mixer': '3' };

/** What each sub-category says about its products: a corner bath is corner-shaped, a pan connector is a pan connector. */
const SUB_CATEGORY_SAYS: Record<string, [facet: string, allowed: string[]][]> = {
  'full-bathroom-suites': [['suite_type', ['Full']]],
  'shower-bath-suites': [['suite_type', ['Shower Bath']]],
  'cloakroom-suites': [['suite_type', ['Cloakroom']]],
  'combination-units': [['suite_type', ['Combination']]],
  'close-coupled-toilets': [['toilet_type', ['Close Coupled']]],
  'back-to-wall-toilets': [['toilet_type', ['Back to Wall']]],
  'wall-hung-toilets': [['toilet_type', ['Wall Hung']]],
  'comfort-height-toilets': [['toilet_type', ['Comfort Height']]],
  'pedestal-basins': [['installation', ['Pedestal', 'Semi Pedestal']]],
  'countertop-basins': [['installation', ['Countertop']]],
  'wall-hung-basins': [['installation', ['Wall Hung']]],
  'inset-basins': [['installation', ['Inset']]],
  'wc-units': [['basin_included', ['No']]],
  'tall-units': [['basin_included', ['No']]],
  'straight-baths': [['shape', ['Straight']]],
  'shower-baths': [['shape', ['P Shape', 'L Shape']]],
  'corner-baths': [['shape', ['Corner']]],
  'freestanding-baths': [['shape', ['Freestanding']]],
  'double-ended-baths': [['ends', ['Double Ended']]],
  'bath-screens': [['type', ['Fixed Screen', 'Hinged Screen']]],
  'bath-panels': [['type', ['Front Panel', 'End Panel']]],
  'basin-taps': [['tap_type', Object.keys(BASIN_TAP_HOLES)]],
  'bath-shower-mixers': [['tap_type', ['Bath Shower Mixer']]],
  'kitchen-taps': [['tap_type', ['Kitchen Mixer']]],
  'electric-towel-rails': [['fuel', ['Electric']]],
  'central-heating-towel-rails': [['fuel', ['Central Heating']]],
  'basin-wastes': [['waste_type', ['Click Clack', 'Pop Up']]],
  'bath-wastes': [['waste_type', ['Bath Waste']]],
  'shower-wastes': [['waste_type', ['Shower Waste']]],
  traps: [['waste_type', ['Bottle Trap']]],
  'pan-connectors': [['waste_type', ['Pan Connector']]],
  'electric-showers': [['shower_type', ['Electric']]],
  'quadrant-enclosures': [['enclosure_type', ['Quadrant']]],
  'walk-in-panels': [['enclosure_type', ['Walk-in']]],
};

describe('demo catalogue consistency', () => {
  it("a product's attributes agree with its sub-category", () => {
    const wrong = catalogue.products.flatMap((product) =>
      (SUB_CATEGORY_SAYS[product.categorySlug] ?? [])
        .filter(([facet, allowed]) => !allowed.includes(attribute(product, facet) ?? ''))
        .map(([facet]) => `${describeProduct(product)}: ${facet} ${attribute(product, facet)}`),
    );
    expect(wrong).toEqual([]);
    // A tap's holes follow its type: a mono mixer needs one, pillar taps two.
    const taps = catalogue.products.filter((product) => product.categorySlug === 'basin-taps' || product.categorySlug === 'kitchen-taps');
    expect(taps.filter((tap) => attribute(tap, 'tap_holes') !== (BASIN_TAP_HOLES[attribute(tap, 'tap_type')!] ?? '1')).map(describeProduct)).toEqual([]);
  });

  it('each suite holds what its suite type is made of, and its taps fit its basin', () => {
    const problems: string[] = [];
    for (const bundle of catalogue.bundles) {
      const suite = productById.get(bundle.productId)!;
      const parts = bundle.components.map((component) => productOf.get(component.offeringId)!);
      const where = (categories: string[]) => parts.filter((part) => categories.includes(part.categorySlug));
      const count = (categories: string[]) => where(categories).length;
      const type = attribute(suite, 'suite_type');
      const toilets = count(WC_CATEGORIES);
      const baths = where(['straight-baths', 'shower-baths', 'corner-baths', 'freestanding-baths', 'double-ended-baths']);
      const basins = parts.filter((part) => part.department === 'basins');
      const vanities = parts.filter((part) => part.department === 'vanity-units');
      const basinTaps = where(['basin-taps']);
      const expected: Record<string, [string, boolean][]> = {
        Full: [
          ['one toilet', toilets === 1],
          ['one basin', basins.length === 1],
          ['one straight bath', baths.length === 1 && attribute(baths[0]!, 'shape') === 'Straight'],
          ['bath taps', count(['bath-taps']) === 1],
        ],
        'Shower Bath': [
          ['one toilet', toilets === 1],
          ['one basin', basins.length === 1],
          ['one P or L shower bath', baths.length === 1 && baths[0]!.categorySlug === 'shower-baths'],
          ['a bath screen', count(['bath-screens']) === 1],
          ['a bath shower mixer', count(['bath-shower-mixers']) === 1],
        ],
        Cloakroom: [
          ['one toilet', toilets === 1],
          ['one cloakroom basin', basins.length === 1 && basins[0]!.categorySlug === 'cloakroom-basins'],
          ['no bath', baths.length === 0],
        ],
        Combination: [
          ['one back-to-wall toilet', count(['back-to-wall-toilets']) === 1],
          ['a vanity unit with its basin', vanities.length === 1 && attribute(vanities[0]!, 'basin_included') === 'Yes'],
          ['no bath', baths.length === 0],
        ],
      };
      if (!type || !expected[type]) problems.push(`${describeProduct(suite)}: suite type ${type}`);
      for (const [what, holds] of expected[type ?? ''] ?? [])
        if (!holds) problems.push(`${describeProduct(suite)} (${type}) lacks ${what}: ${parts.map((part) => part.categorySlug).join(', ')}`);
      // One basin tap, fitting the basin's holes (a vanity's basin takes a mono mixer); none for a basin without holes.
      const holes = basins[0] ? attribute(basins[0], 'tap_holes') : vanities.length ? '1' : undefined;
      if (holes === '0' ? basinTaps.length > 0 : basinTaps.length !== 1 || attribute(basinTaps[0]!, 'tap_holes') !== holes) {
        problems.push(
          `${describeProduct(suite)}: basin with ${holes} tap holes, taps ${basinTaps.map((tap) => attribute(tap, 'tap_type')).join(', ') || 'none'}`,
        );
      }
      if (parts.some((part) => part.isBundle)) problems.push(`${describeProduct(suite)} contains a bundle`);
      // A handed shower bath takes the screen for its hand.
      const bath = bundle.components
        .map((component) => offeringOf.get(component.offeringId)!)
        .find((offering) => productOf.get(offering.id)!.categorySlug === 'shower-baths');
      const screen = bundle.components
        .map((component) => offeringOf.get(component.offeringId)!)
        .find((offering) => productOf.get(offering.id)!.categorySlug === 'bath-screens');
      if (bath?.handing && screen?.handing && bath.handing !== screen.handing)
        problems.push(`${describeProduct(suite)}: ${bath.handing}-hand bath with a ${screen.handing}-hand screen`);
    }
    expect(problems).toEqual([]);
    expect(new Set(catalogue.bundles.map((bundle) => attribute(productById.get(bundle.productId)!, 'suite_type')))).toEqual(
      new Set(['Full', 'Shower Bath', 'Cloakroom', 'Combination']),
    );
  });

  it("essential items are the kind their rule names, where the product's attributes call for them", () => {
    const problems: string[] = [];
    const itemsOf = new Map<number, GeneratedProduct[]>();
    for (const entry of catalogue.essentials) {
      const product = productById.get(entry.productId)!;
      const item = productOf.get(entry.itemOfferingId);
      if (!item) {
        problems.push(`${describeProduct(product)}: item ${entry.itemOfferingId} does not exist`);
        continue;
      }
      if (item.id === product.id || item.isBundle) problems.push(`${describeProduct(product)}: recommends ${describeProduct(item)}`);
      if (entry.bundleProductId === null) itemsOf.set(product.id, [...(itemsOf.get(product.id) ?? []), item]);
    }
    const itemsIn = (product: GeneratedProduct, categories: string[]) =>
      (itemsOf.get(product.id) ?? []).filter((item) => categories.includes(item.categorySlug));
    const wastes = (product: GeneratedProduct, type: string) =>
      (itemsOf.get(product.id) ?? []).filter((item) => item.department === 'wastes-traps' && attribute(item, 'waste_type') === type);
    const must = (product: GeneratedProduct, rule: string, holds: boolean) => holds || problems.push(`${describeProduct(product)}: ${rule}`);

    for (const product of catalogue.products) {
      const own = itemsOf.get(product.id) ?? [];
      if (product.department === 'basins') {
        const holes = attribute(product, 'tap_holes');
        const taps = own.filter((item) => item.department === 'taps');
        must(
          product,
          `${holes} tap holes, recommends ${taps.map((tap) => `${attribute(tap, 'tap_type')} (${attribute(tap, 'tap_holes')} holes)`).join(', ') || 'no tap'}`,
          holes === '0' ? taps.length === 0 : taps.length === 1 && taps[0]!.categorySlug === 'basin-taps' && attribute(taps[0]!, 'tap_holes') === holes,
        );
        const slotted = attribute(product, 'overflow') === 'Yes' ? 'Yes' : 'No';
        const basinWastes = own.filter((item) => item.categorySlug === 'basin-wastes');
        must(
          product,
          'a basin waste slotted to match its overflow',
          basinWastes.length === 1 &&
            attribute(basinWastes[0]!, 'slotted') === slotted &&
            ['Click Clack', 'Pop Up'].includes(attribute(basinWastes[0]!, 'waste_type')!),
        );
        must(product, 'a bottle trap', wastes(product, 'Bottle Trap').length === 1);
      }
      if (product.department === 'toilets') {
        const isWc = WC_CATEGORIES.includes(product.categorySlug);
        must(product, isWc ? 'a pan connector' : 'no pan connector (not a toilet)', wastes(product, 'Pan Connector').length === (isWc ? 1 : 0));
        must(
          product,
          'a seat exactly when none is included',
          itemsIn(product, ['toilet-seats']).length === (isWc && attribute(product, 'soft_close_seat') === 'No' ? 1 : 0),
        );
        must(
          product,
          'a frame exactly when wall hung',
          itemsIn(product, ['cisterns-frames-flush-plates']).length === (isWc && attribute(product, 'toilet_type') === 'Wall Hung' ? 1 : 0),
        );
      }
      if (product.department === 'baths') {
        const freestanding = attribute(product, 'shape') === 'Freestanding';
        must(product, 'a bath waste', wastes(product, 'Bath Waste').length === 1);
        const panels = own.filter((item) => item.department === 'bath-screens-panels');
        must(
          product,
          freestanding ? 'no panel (freestanding)' : 'a front panel',
          freestanding ? panels.length === 0 : panels.length === 1 && attribute(panels[0]!, 'type') === 'Front Panel',
        );
        const taps = own.filter((item) => item.department === 'taps');
        must(product, 'bath taps for its kind of bath', taps.length === 1 && taps[0]!.categorySlug === (freestanding ? 'freestanding-bath-taps' : 'bath-taps'));
      }
      if (product.department === 'radiators' || product.department === 'towel-rails') {
        const valves = own.filter((item) => item.department === 'heating-controls-valves');
        const electric = attribute(product, 'fuel') === 'Electric';
        must(
          product,
          electric ? 'no valves (electric)' : 'radiator valves',
          valves.length === (electric ? 0 : 1) && valves.every((valve) => valve.categorySlug === 'radiator-valves'),
        );
      }
      if (product.department === 'vanity-units') {
        const withBasin = attribute(product, 'basin_included') === 'Yes';
        must(
          product,
          withBasin ? 'a basin tap and waste' : 'no tap or waste (no basin)',
          itemsIn(product, ['basin-taps']).length === Number(withBasin) && itemsIn(product, ['basin-wastes']).length === Number(withBasin),
        );
      }
      if (product.department === 'shower-enclosures') {
        must(
          product,
          'a tray exactly when none is included',
          itemsIn(product, ['stone-resin-trays', 'slate-effect-trays', 'low-profile-trays']).length === (attribute(product, 'tray_included') === 'No' ? 1 : 0),
        );
        must(product, 'a shower waste', wastes(product, 'Shower Waste').length === 1);
      }
      if (product.isBundle) {
        must(product, 'a pan connector for its toilet', wastes(product, 'Pan Connector').length === 1);
        must(product, 'a basin waste', itemsIn(product, ['basin-wastes']).length === 1);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a radiator valve pair matches the radiator’s finish when the valve comes in it', () => {
    const problems: string[] = [];
    for (const entry of catalogue.essentials) {
      const product = productById.get(entry.productId)!;
      const item = productOf.get(entry.itemOfferingId)!;
      if (item.categorySlug !== 'radiator-valves') continue;
      const finish = product.offerings[0]!.finish;
      const offered = item.offerings.some((offering) => offering.finish === finish);
      if (offered && offeringOf.get(entry.itemOfferingId)!.finish !== finish)
        problems.push(`${describeProduct(product)} in ${finish}: valves in ${offeringOf.get(entry.itemOfferingId)!.finish}`);
    }
    expect(problems).toEqual([]);
  });

  it('sealed hygiene goods are the toilet seats, shower heads and wastes, and nothing is made to measure (docs/domain.md §8.1)', () => {
    const SEALED = ['toilet-seats', 'shower-heads', 'basin-wastes', 'bath-wastes', 'shower-wastes'];
    const wrong = catalogue.products
      .filter((product) => product.returnability !== (SEALED.includes(product.categorySlug) ? 'sealed-hygiene' : 'standard'))
      .map((product) => `${describeProduct(product)}: ${product.returnability}`);
    expect(wrong).toEqual([]);
    expect(new Set(catalogue.products.filter((product) => product.returnability === 'sealed-hygiene').map((product) => product.categorySlug))).toEqual(
      new Set(SEALED),
    );
  });
});
