import {
  BRANDS,
  DEPARTMENTS,
  FINISH_FACTORS,
  RANGE_NAMES,
  SUB_CATEGORY_ATTRIBUTES,
  SUB_CATEGORY_RETURNABILITY,
  TAP_HOLES_BY_TAP_TYPE,
  type DepartmentTemplate,
} from './product-templates.ts';
import { CATEGORY_TREE } from './category-tree.ts';
import { productDescription, productDimensions, productSpecifications, type ProductDimensions } from './product-specifications.ts';
import { slugify, variantFacetValues, type Returnability } from '@shop/contracts';
import { createRandom } from '../random.ts';

export interface GeneratedOffering {
  id: number;
  sku: string;
  label: string;
  isDefault: boolean;
  widthMm: number | null;
  finish: string | null;
  handing: 'left' | 'right' | null;
  packQty: number;
  priceIncVat: number;
  stock: { status: 'in_stock' | 'low_stock' | 'made_to_order' | 'out_of_stock'; onHand: number; etaDays: number | null };
}

export interface GeneratedProduct {
  id: number;
  slug: string;
  name: string;
  description: string;
  brandSlug: string;
  categorySlug: string;
  department: string;
  family: string;
  isBundle: boolean;
  guaranteeYears: number;
  isWeee: boolean;
  returnability: Returnability;
  deliveryClass: DepartmentTemplate['deliveryClass'];
  specifications: Record<string, string>;
  /** Of the default offering: the illustrations are drawn to it. */
  dimensions: ProductDimensions;
  facets: [facet: string, value: string][];
  badges: ('best_seller' | 'new' | 'free_waste' | 'premium' | 'recommended')[];
  ratingTenths: number;
  reviewsCount: number;
  questionsCount: number;
  /** Units sold lately: none here, the best-sellers job counts them from orders (`best-sellers.ts`). */
  popularity: number;
  /** It has been reduced: its demo price history has a higher price charged before (`demo-price-history.ts`). */
  reduced: boolean;
  searchText: string;
  /** Days before "now" the product was added: the newest are "new in". */
  ageDays: number;
  offerings: GeneratedOffering[];
}

export interface GeneratedCatalogue {
  products: GeneratedProduct[];
  bundles: { productId: number; components: { offeringId: number; quantity: number }[] }[];
  essentials: {
    productId: number;
    bundleProductId: number | null;
    itemOfferingId: number;
    requirement: 'required' | 'recommended';
    quantity: number;
    compatibilityRule: string;
  }[];
  userContent: { productId: number; authorName: string; caption: string; consentGiven: boolean; moderationStatus: 'pending' | 'approved' | 'rejected' }[];
}

export const DEMO_PRODUCT_COUNT = DEPARTMENTS.reduce((sum, department) => sum + department.count, 0);

/** A name as a slug: how products and families are named (the product pictures are looked up by it). */
export { slugify };
const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
/** Retail prices end in 99p (or 9p under £10). */
export const retail = (pence: number) => (pence >= 1000 ? Math.max(99, Math.round(pence / 100) * 100 - 1) : Math.max(49, Math.round(pence / 10) * 10 - 1));

/**
 * The demo catalogue for `productCount` products (≈ 810 by default; 100k for benchmarks), spread
 * over the departments in the proportions of docs/domain.md §2. Ids are assigned here so bundles and
 * essential items can refer to them before anything is inserted.
 */
export function generateCatalogue(productCount = DEMO_PRODUCT_COUNT, seed = 20_261_121): GeneratedCatalogue {
  const random = createRandom(seed);
  const products: GeneratedProduct[] = [];
  let offeringId = 0;
  const scale = productCount / DEMO_PRODUCT_COUNT;
  const familyRank = new Map<string, number>();
  for (const [departmentIndex, department] of DEPARTMENTS.entries()) {
    const tree = CATEGORY_TREE.find((category) => category.slug === department.slug);
    if (!tree) throw new Error(`No category ${department.slug}`);
    const count = departmentIndex === DEPARTMENTS.length - 1 ? productCount - products.length : Math.round(department.count * scale);
    for (let n = 0; n < count; n++) {
      const id = products.length + 1;
      const brand = pick(random, BRANDS);
      const [childSlug, childName] = tree.children[n % tree.children.length] ?? [tree.slug, tree.name];
      const range = RANGE_NAMES[(n + departmentIndex * 7) % RANGE_NAMES.length] as string;
      const facets: [string, string][] = department.facets.map((facet) => [facet.identifier, pick(random, facet.values)]);
      fitSubCategory(facets, childSlug, n);
      const generation = n >= department.count ? ` ${Math.floor(n / department.count) + 1}` : '';
      const name = `${brand.name} ${range}${generation} ${childName.replace(/s$/, '').replace(/ies$/, 'y')}`;
      // Variant axes: one or two of the department's, at most six skus.
      const widths = department.widths ? department.widths.slice(n % 2, (n % 2) + 1 + (n % 3)) : [null];
      const finishes = department.finishes ? department.finishes.slice(0, 1 + (n % 3)) : [null];
      const handings = department.handed && n % 3 === 0 ? (['left', 'right'] as const) : [null];
      const packs = department.packs ?? [1];
      const tierBase = department.basePence * brand.multiplier * (0.75 + random() * 0.5);
      const offerings: GeneratedOffering[] = [];
      const productId = id;
      const code = `PL${String(productId).padStart(6, '0')}`;
      const reduced = random() < 0.25;
      // Drawn still (it once made up a "was" price) so the rest of the demo catalogue is unchanged.
      random();
      for (const width of widths) {
        for (const finish of finishes) {
          for (const handing of handings) {
            for (const pack of packs) {
              if (offerings.length >= 6) continue;
              const widthIndex = width === null || !department.widths ? 0 : department.widths.indexOf(width);
              const sizeFactor = 1 + 0.08 * widthIndex;
              const finishFactor = finish ? (FINISH_FACTORS[finish] ?? 1.05) : 1;
              const priceIncVat = retail(tierBase * sizeFactor * finishFactor * (pack > 1 ? pack * 0.85 : 1));
              const roll = random();
              const status = roll < 0.8 ? 'in_stock' : roll < 0.9 ? 'low_stock' : roll < 0.97 ? 'made_to_order' : 'out_of_stock';
              const label = [width && `${width} mm`, finish, handing && `${handing === 'left' ? 'Left' : 'Right'} hand`, pack > 1 && `Pack of ${pack}`]
                .filter(Boolean)
                .join(', ');
              offerings.push({
                id: ++offeringId,
                sku: `${code}-${offerings.length + 1}`,
                label: label || 'Standard',
                isDefault: offerings.length === 0,
                widthMm: width,
                finish,
                handing,
                packQty: pack,
                priceIncVat,
                stock: {
                  status,
                  onHand: status === 'in_stock' ? 10 + Math.floor(random() * 200) : status === 'low_stock' ? 1 + Math.floor(random() * 5) : 0,
                  etaDays: status === 'made_to_order' ? 10 + Math.floor(random() * 11) : status === 'out_of_stock' ? 14 + Math.floor(random() * 21) : null,
                },
              });
            }
          }
        }
      }
      // Chosen without the random stream, so adding it changed nothing else in the catalogue.
      if (department.surfaceFinishes) {
        const surface = department.surfaceFinishes[(n * 7 + departmentIndex) % department.surfaceFinishes.length]!;
        facets.push(['finish', surface]);
      }
      // The family's specifications and description (docs/domain.md §2.1); the facets that do not apply to it go.
      const rank = familyRank.get(childSlug) ?? 0;
      familyRank.set(childSlug, rank + 1);
      const facetNames = Object.fromEntries(department.facets.map((facet) => [facet.identifier, facet.displayName]));
      if (department.surfaceFinishes) facetNames.finish = 'Finish';
      const dimensions = productDimensions(department.slug, childSlug, rank, offerings[0]?.widthMm ?? null, facets);
      const content = { department: department.slug, family: childSlug, rank, name, brandName: brand.name, range, facets, facetNames, dimensions };
      const specifications = productSpecifications(content);
      for (const offering of offerings) facets.push(...variantFacetValues(offering));
      const badgeRoll = random();
      const badges: GeneratedProduct['badges'] = [];
      // "Best seller" is earned from orders (the best-sellers job); the roll that once gave it still decides the rest.
      if (badgeRoll >= 0.04 && badgeRoll < 0.08) badges.push('new');
      else if (badgeRoll >= 0.08 && badgeRoll < 0.1 && ['basins', 'baths', 'vanity-units'].includes(department.slug)) badges.push('free_waste');
      if (brand.tier === 'premium') badges.push('premium');
      // Ratings and counts come from review rows (the reviews seed sets them). The draws that made
      // them up stay, in their order, so the rest of the demo catalogue is unchanged.
      if (Math.floor(Math.pow(random(), 3) * 1500) !== 0) random();
      random();
      random(); // Drawn still (it once made up a popularity), as above.
      products.push({
        id,
        slug: `${slugify(name)}-${code.toLowerCase()}`,
        name,
        description: productDescription(content, specifications),
        brandSlug: brand.slug,
        categorySlug: childSlug,
        department: department.slug,
        family: slugify(childName),
        isBundle: department.slug === 'bathroom-suites',
        guaranteeYears: department.guaranteeYears,
        isWeee: department.weee ?? false,
        returnability: SUB_CATEGORY_RETURNABILITY[childSlug] ?? 'standard',
        deliveryClass:
          department.slug === 'baths' && facets.some(([facet, value]) => facet === 'shape' && value === 'Freestanding')
            ? 'two_man_eligible'
            : department.deliveryClass,
        specifications,
        dimensions,
        facets: [...new Map(facets.map((entry) => [entry.join('\u0000'), entry])).values()],
        badges,
        ratingTenths: 0,
        reviewsCount: 0,
        questionsCount: 0,
        popularity: 0,
        reduced,
        searchText: [name, brand.name, childName, tree.name, department.noun, department.keywords, ...facets.map(([, value]) => value)].join(' '),
        ageDays: badges.includes('new') ? Math.floor(random() * 20) : 30 + Math.floor(random() * 700),
        offerings,
      });
    }
  }
  return { products, ...relate(products, random) };
}

/**
 * Replaces the attribute values a product's sub-category rules out (a corner bath's shape is Corner)
 * and a tap's holes its type rules out, with an allowed one chosen by position: nothing is drawn
 * from the random stream, so the rest of the catalogue stays as it was.
 */
function fitSubCategory(facets: [string, string][], subCategory: string, n: number): void {
  for (const entry of facets) {
    const [facet, value] = entry;
    const tapType = facets.find(([name]) => name === 'tap_type')?.[1];
    const allowed = facet === 'tap_holes' && tapType ? TAP_HOLES_BY_TAP_TYPE[tapType] : SUB_CATEGORY_ATTRIBUTES[subCategory]?.[facet];
    if (allowed && !allowed.includes(value)) entry[1] = allowed[n % allowed.length]!;
  }
}

/** Bundles (what each suite type is made of) and essential items (docs/domain.md §2). */
function relate(products: GeneratedProduct[], random: () => number): Omit<GeneratedCatalogue, 'products'> {
  const byCategory = new Map<string, GeneratedProduct[]>();
  for (const product of products) {
    for (const key of [product.categorySlug, product.department]) byCategory.set(key, [...(byCategory.get(key) ?? []), product]);
  }
  const attribute = (product: GeneratedProduct, facet: string) => product.facets.find(([name]) => name === facet)?.[1];
  const has =
    (facet: string, ...values: string[]) =>
    (product: GeneratedProduct) =>
      values.includes(attribute(product, facet) ?? '');
  /** The `index`-th product of a category that fits (round the list), or null when none does. */
  const productIn = (categories: string | string[], index: number, where: (product: GeneratedProduct) => boolean = () => true) => {
    const candidates = [categories]
      .flat()
      .flatMap((category) => byCategory.get(category) ?? [])
      .filter(where);
    return candidates.length ? candidates[index % candidates.length]! : null;
  };
  /** A product's offering that matches (a hand, a finish, a width), else its default. */
  const offeringOf = (product: GeneratedProduct | null, prefer: (offering: GeneratedOffering) => boolean = () => false) =>
    product ? (product.offerings.find(prefer) ?? product.offerings[0]!) : null;
  /** The `index`-th fitting product of a category that comes in the preferred variant, else the `index`-th fitting one. */
  const variantIn = (
    categories: string | string[],
    index: number,
    where: (product: GeneratedProduct) => boolean,
    prefer: (offering: GeneratedOffering) => boolean,
  ) => offeringOf(productIn(categories, index, (product) => where(product) && product.offerings.some(prefer)) ?? productIn(categories, index, where), prefer);
  const sameHand = (offering: GeneratedOffering | null) => (candidate: GeneratedOffering) =>
    candidate.handing !== null && candidate.handing === offering?.handing;
  const any = () => true;

  const bundles: GeneratedCatalogue['bundles'] = [];
  const essentials: GeneratedCatalogue['essentials'] = [];
  const add = (
    productId: number,
    bundleProductId: number | null,
    item: GeneratedOffering | null,
    requirement: 'required' | 'recommended',
    quantity: number,
    compatibilityRule: string,
  ) => {
    if (item) essentials.push({ productId, bundleProductId, itemOfferingId: item.id, requirement, quantity, compatibilityRule });
  };
  const WCS = ['close-coupled-toilets', 'back-to-wall-toilets', 'wall-hung-toilets', 'comfort-height-toilets'];
  const TRAYS = ['stone-resin-trays', 'slate-effect-trays', 'low-profile-trays'];
  const basinWaste = (basin: GeneratedProduct | null, index: number) => {
    const overflow = basin ? attribute(basin, 'overflow') === 'Yes' : true;
    return {
      item: offeringOf(productIn('basin-wastes', index, has('slotted', overflow ? 'Yes' : 'No'))),
      rule: `overflow=${overflow ? 'yes → slotted' : 'no → unslotted'} waste`,
    };
  };
  /** A deck tap needs the basin's holes; a basin without holes takes a wall tap, which the shop does not sell. */
  const basinTap = (holes: string | undefined, index: number) =>
    holes && holes !== '0' ? offeringOf(productIn('basin-taps', index, has('tap_holes', holes))) : null;

  for (const [index, product] of products.entries()) {
    switch (product.department) {
      case 'bathroom-suites': {
        // Full: toilet, basin, straight bath and taps. Shower bath: a P or L bath with its screen and a
        // bath shower mixer. Cloakroom: toilet and cloakroom basin. Combination: a vanity unit with its
        // basin beside a back-to-wall toilet.
        const type = attribute(product, 'suite_type');
        const toilet = productIn(type === 'Combination' ? 'back-to-wall-toilets' : 'close-coupled-toilets', index);
        const holed = (basin: GeneratedProduct) => attribute(basin, 'tap_holes') !== '0';
        const basin = type === 'Combination' ? null : productIn(type === 'Cloakroom' ? 'cloakroom-basins' : 'pedestal-basins', index, holed);
        const vanity = type === 'Combination' ? productIn('floor-standing-vanity-units', index, has('basin_included', 'Yes')) : null;
        const bath = offeringOf(type === 'Full' ? productIn('straight-baths', index) : type === 'Shower Bath' ? productIn('shower-baths', index) : null);
        const screen = type === 'Shower Bath' ? variantIn('bath-screens', index, any, sameHand(bath)) : null;
        const bathTap = offeringOf(type === 'Full' ? productIn('bath-taps', index) : type === 'Shower Bath' ? productIn('bath-shower-mixers', index) : null);
        const tap = basinTap(basin ? attribute(basin, 'tap_holes') : '1', index);
        const parts = [offeringOf(toilet), offeringOf(basin ?? vanity), bath, screen, tap, bathTap].filter((part) => part !== null);
        bundles.push({ productId: product.id, components: parts.map((part) => ({ offeringId: part.id, quantity: 1 })) });
        // Priced below the sum of its parts (docs/domain.md §2).
        const sum = parts.reduce((total, part) => total + part.priceIncVat, 0);
        for (const offering of product.offerings) {
          offering.priceIncVat = retail(sum * 0.85);
        }
        add(product.id, null, offeringOf(productIn('pan-connectors', index)), 'required', 1, 'toilet → pan connector');
        const waste = basinWaste(basin, index);
        add(product.id, null, waste.item, 'required', 1, waste.rule);
        if (bath) {
          // A P- or L-shaped bath takes a panel for its hand (docs/domain.md §2).
          const panel = variantIn('bath-panels', index, has('type', 'Front Panel'), sameHand(bath));
          add(product.id, null, panel, 'required', 1, 'bath → front panel');
          add(product.id, null, offeringOf(productIn('bath-wastes', index)), 'required', 1, 'bath → waste and overflow');
          const bathProduct = products.find((candidate) => candidate.offerings.includes(bath));
          if (bathProduct) add(bathProduct.id, product.id, panel, 'required', 1, 'bath in a bundle → front panel');
        }
        break;
      }
      case 'basins': {
        const waste = basinWaste(product, index);
        add(product.id, null, waste.item, 'required', 1, waste.rule);
        add(product.id, null, offeringOf(productIn('traps', index)), 'recommended', 1, 'basin → bottle trap');
        const holes = attribute(product, 'tap_holes');
        const tap = basinTap(holes, index);
        add(product.id, null, tap, 'recommended', 1, `tap holes=${holes} → ${holes === '1' ? 'mono mixer' : holes === '2' ? 'pillar taps' : '3-hole mixer'}`);
        if (tap) add(product.id, null, offeringOf(productIn('isolation-valves', index)), 'recommended', 2, 'tap → flexible connectors and isolation valves');
        break;
      }
      case 'toilets':
        // Seats and cisterns are sold on the same shelf but are not toilets.
        if (!WCS.includes(product.categorySlug)) break;
        add(product.id, null, offeringOf(productIn('pan-connectors', index)), 'required', 1, 'toilet → pan connector');
        add(product.id, null, offeringOf(productIn('isolation-valves', index)), 'recommended', 1, 'toilet → isolation valve');
        if (attribute(product, 'soft_close_seat') === 'No')
          add(product.id, null, offeringOf(productIn('toilet-seats', index)), 'required', 1, 'seat not included → seat');
        if (attribute(product, 'toilet_type') === 'Wall Hung')
          add(product.id, null, offeringOf(productIn('cisterns-frames-flush-plates', index)), 'required', 1, 'wall hung → frame and flush plate');
        break;
      case 'baths': {
        const freestanding = attribute(product, 'shape') === 'Freestanding';
        add(product.id, null, offeringOf(productIn('bath-wastes', index)), 'required', 1, 'bath → waste and overflow');
        if (!freestanding)
          add(
            product.id,
            null,
            variantIn('bath-panels', index, has('type', 'Front Panel'), sameHand(product.offerings[0]!)),
            'recommended',
            1,
            'bath → front panel',
          );
        add(
          product.id,
          null,
          offeringOf(productIn(freestanding ? 'freestanding-bath-taps' : 'bath-taps', index)),
          'recommended',
          1,
          freestanding ? 'freestanding bath → floor-standing taps' : 'bath → bath taps',
        );
        break;
      }
      case 'shower-enclosures': {
        const width = product.offerings[0]!.widthMm;
        if (attribute(product, 'tray_included') === 'No')
          add(
            product.id,
            null,
            variantIn(TRAYS, index, any, (offering) => offering.widthMm === width),
            'required',
            1,
            `enclosure without tray → ${width} mm tray`,
          );
        add(product.id, null, offeringOf(productIn('shower-wastes', index)), 'required', 1, 'tray → 90 mm waste');
        add(product.id, null, offeringOf(productIn('sealants-adhesives', index)), 'recommended', 1, 'enclosure → silicone');
        break;
      }
      case 'radiators':
      case 'towel-rails': {
        // An electric towel rail is wired in, not plumbed: no valves.
        if (attribute(product, 'fuel') === 'Electric') break;
        const finish = product.offerings[0]!.finish;
        add(
          product.id,
          null,
          variantIn('radiator-valves', index, any, (offering) => offering.finish === finish),
          'required',
          1,
          'radiator → valve pair in a matching finish',
        );
        break;
      }
      case 'vanity-units':
        // Only a vanity unit with its basin needs the basin's tap and waste.
        if (attribute(product, 'basin_included') !== 'Yes') break;
        add(product.id, null, basinTap('1', index), 'recommended', 1, 'vanity basin → mono mixer');
        add(product.id, null, basinWaste(null, index).item, 'required', 1, 'vanity basin → slotted waste');
        break;
    }
  }
  const userContent: GeneratedCatalogue['userContent'] = [];
  const names = ['Sam from Leeds', 'Priya, Bristol', 'Gareth in Cardiff', 'Mo, Glasgow', 'Helen from Norwich', 'Tom, Exeter'];
  for (const product of products) {
    if (random() >= 0.15) continue;
    const photos = 1 + Math.floor(random() * 3);
    for (let i = 0; i < photos; i++) {
      const roll = random();
      userContent.push({
        productId: product.id,
        authorName: pick(random, names),
        caption: `Our new ${product.name} fitted`,
        consentGiven: roll > 0.05,
        moderationStatus: roll < 0.75 ? 'approved' : roll < 0.9 ? 'pending' : 'rejected',
      });
    }
  }
  return { bundles, essentials, userContent };
}
