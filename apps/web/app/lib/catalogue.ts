import type { CatalogueClient } from '@shop/api-client';

// Types come from the client so the web tier depends on @shop/api-client only.
export type Navigation = Awaited<ReturnType<CatalogueClient['getNavigation']>>;
/** A department as the shop's frame draws it (menus, footer, search): its description is the category page's alone. */
export type NavigationCategory = Omit<Navigation['categories'][number], 'description'>;
export type CategoryLink = NavigationCategory['children'][number];

export const categoryPath = (slug: string, childSlug?: string): string => (childSlug ? `/c/${slug}/${childSlug}` : `/c/${slug}`);

export interface CategoryMatch {
  category: NavigationCategory;
  /** Set when the match is one of the category's subcategories. */
  child?: CategoryLink;
}

/**
 * Categories and subcategories whose names contain every word of the query, best first:
 * top-level categories, then names that start with the query. Interim search until the
 * catalogue's product search arrives.
 */
export function matchCategories(navigation: Navigation, query: string): CategoryMatch[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const matches = (name: string) => words.every((word) => name.toLowerCase().includes(word));
  const startsWithQuery = (name: string) => name.toLowerCase().startsWith(words[0] ?? '');

  const found: CategoryMatch[] = [];
  for (const category of navigation.categories) {
    if (matches(category.name) || matches(category.slug.replaceAll('-', ' '))) found.push({ category });
    for (const child of category.children) {
      if (matches(child.name)) found.push({ category, child });
    }
  }
  const rank = (match: CategoryMatch) => (match.child ? 2 : 0) + (startsWithQuery((match.child ?? match.category).name) ? 0 : 1);
  // toSorted is stable, so equal ranks keep the catalogue's own order.
  return found.toSorted((a, b) => rank(a) - rank(b));
}

export const productPath = (slug: string): string => `/p/${slug}`;
/** A product page with one of its variants chosen (the page reads `?sku=`). */
export const productVariantPath = (slug: string, sku: string): string => `${productPath(slug)}?${new URLSearchParams({ sku })}`;
/** Promotion and new-products listings (spec §3 listing types 200 and 100). */
export const offerPath = (listingSlug: string): string => `/offers/${listingSlug}`;
export const searchPath = (query: string): string => `/search?${new URLSearchParams({ q: query })}`;

const framed = new WeakMap<Navigation, { packedCategories: string }>();

/**
 * The category tree as every page's hydration data carries it: names and slugs, without the
 * departments' descriptions (read by no page's frame), packed into one string (`packCategories`).
 * Worked out once per tree the web tier keeps (lib/navigation.server.ts).
 */
export function frameNavigation(navigation: Navigation): { packedCategories: string } {
  let frame = framed.get(navigation);
  if (!frame) {
    frame = { packedCategories: packCategories(navigation.categories) };
    framed.set(navigation, frame);
  }
  return frame;
}

// A name is one line of text: these never occur in one, so they can part the fields.
const FIELD = '\t';
const DEPARTMENT = '\n';
const oneLine = (text: string) => text.replace(/[\t\n\r]+/g, ' ');

/**
 * The tree as one string, a line per department: its slug and name, then each type's slug and name,
 * tab-separated. Every page carries the tree (menus, search suggestions); as objects it took 7 kB of
 * each page's hydration data, React Router writing each category as an object of references (issue 36).
 */
export function packCategories(categories: readonly NavigationCategory[]): string {
  return categories
    .map(({ slug, name, children }) => [slug, name, ...children.flatMap((child) => [child.slug, child.name])].map(oneLine).join(FIELD))
    .join(DEPARTMENT);
}

/** The tree `packCategories` packed. */
export function unpackCategories(packed: string): NavigationCategory[] {
  if (packed === '') return [];
  return packed.split(DEPARTMENT).map((line) => {
    const [slug = '', name = '', ...rest] = line.split(FIELD);
    const children: CategoryLink[] = [];
    for (let index = 0; index + 1 < rest.length; index += 2) children.push({ slug: rest[index]!, name: rest[index + 1]! });
    return { slug, name, children };
  });
}

let lastUnpacked: { packed: string; categories: readonly NavigationCategory[] } | undefined;

/** The packed tree unpacked, once per packed string: every component of a page reads the same array. */
export function unpackedCategories(packed: string): readonly NavigationCategory[] {
  if (lastUnpacked?.packed !== packed) lastUnpacked = { packed, categories: unpackCategories(packed) };
  return lastUnpacked.categories;
}
