import type { CatalogueClient } from '@shop/api-client';
import type { NavigationCategory } from '../../lib/catalogue.ts';
import { categoryPath, productPath, productVariantPath, searchPath } from '../../lib/catalogue.ts';

// The pure half of the header's autocomplete: what the popup lists, in which order, where each
// suggestion leads, and how the keyboard moves through them. The component only renders this.

export type Autocomplete = Awaited<ReturnType<CatalogueClient['autocomplete']>>;

/** Suggestions start at two characters: one letter matches half the catalogue. */
export const MIN_QUERY_LENGTH = 2;

/** What is asked for and cached: case and extra spaces do not change the answer. */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

export type SuggestionKind = 'product' | 'category' | 'brand' | 'search';

export interface Suggestion {
  kind: SuggestionKind;
  /** Stable within one answer: React's key and the base of the option's id. */
  key: string;
  label: string;
  href: string;
  /** A sub-category's department, shown after its name. */
  detail?: string;
  imageUrl?: string;
  pricePence?: number;
}

export interface SuggestionGroup {
  key: 'products' | 'categories' | 'brands';
  label: 'Products' | 'Categories' | 'Brands';
  suggestions: Suggestion[];
}

export interface Suggestions {
  /** Non-empty groups, in the order they are shown. */
  groups: SuggestionGroup[];
  /** The last option: the full search results page. */
  seeAll: Suggestion;
  /** Every option in keyboard order: the groups' suggestions, then "See all". */
  options: Suggestion[];
  /** How many suggestions (not counting "See all"), for the live region. */
  count: number;
}

interface CategoryTarget {
  href: string;
  department?: string;
}

/**
 * Where each category slug leads. The catalogue answers with bare slugs, which may be a department
 * (`/c/basins`) or a sub-category that needs its department in the path (`/c/basins/pedestal-basins`).
 */
export function categoryTargets(tree: readonly NavigationCategory[]): Map<string, CategoryTarget> {
  const targets = new Map<string, CategoryTarget>();
  for (const department of tree) {
    targets.set(department.slug, { href: categoryPath(department.slug) });
    for (const child of department.children) {
      if (!targets.has(child.slug)) targets.set(child.slug, { href: categoryPath(department.slug, child.slug), department: department.name });
    }
  }
  return targets;
}

/** Groups the catalogue's answer into the popup's options; empty groups are left out. */
export function buildSuggestions(answer: Autocomplete | undefined, query: string, targets: ReadonlyMap<string, CategoryTarget>): Suggestions {
  const products: Suggestion[] = (answer?.products ?? []).map((product) => ({
    kind: 'product',
    key: `p-${product.slug}`,
    label: product.productName,
    // A typed variant code is named in the label: the link opens that variant, not the default.
    href: product.productName.endsWith(`(${product.sku})`) ? productVariantPath(product.slug, product.sku) : productPath(product.slug),
    imageUrl: product.imageUrl,
    pricePence: product.priceIncTax,
  }));
  const categories: Suggestion[] = (answer?.categories ?? []).map((category) => {
    const target = targets.get(category.slug);
    return {
      kind: 'category',
      key: `c-${category.slug}`,
      label: category.name,
      // A slug missing from the navigation tree (it failed to load) still leads somewhere useful.
      href: target?.href ?? searchPath(category.name),
      detail: target?.department,
    };
  });
  const brands: Suggestion[] = (answer?.brands ?? []).map((brand) => ({
    kind: 'brand',
    key: `b-${brand.slug}`,
    label: brand.name,
    href: searchPath(brand.name),
  }));

  const groups = (
    [
      { key: 'products', label: 'Products', suggestions: products },
      { key: 'categories', label: 'Categories', suggestions: categories },
      { key: 'brands', label: 'Brands', suggestions: brands },
    ] satisfies SuggestionGroup[]
  ).filter((group) => group.suggestions.length > 0);
  const trimmed = query.trim();
  const seeAll: Suggestion = { kind: 'search', key: 'see-all', label: `See all results for “${trimmed}”`, href: searchPath(trimmed) };
  const options = [...groups.flatMap((group) => group.suggestions), seeAll];
  return { groups, seeAll, options, count: options.length - 1 };
}

/**
 * The active option after an arrow key: down from the input goes to the first option, up to the
 * last, and both wrap around the ends. `-1` means no active option (the text box itself).
 */
export function moveActiveIndex(current: number, direction: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}

/** What the polite live region says once suggestions for the current text have arrived. */
export function suggestionsAnnouncement(count: number): string {
  if (count === 0) return 'No suggestions';
  return count === 1 ? '1 suggestion' : `${count} suggestions`;
}

export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * Splits a suggestion's text into the parts that match the typed words (case-insensitively) and
 * the rest, so the matches can be emphasised. Overlapping and adjacent matches merge.
 */
export function highlightParts(text: string, query: string): TextPart[] {
  const words = [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];
  const lower = text.toLowerCase();
  const marked = Array.from({ length: text.length }, () => false);
  for (const word of words) {
    for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + 1)) marked.fill(true, at, at + word.length);
  }
  const parts: TextPart[] = [];
  for (let index = 0; index < text.length; index++) {
    const last = parts.at(-1);
    if (last && last.match === marked[index]) last.text += text[index];
    else parts.push({ text: text[index] ?? '', match: marked[index] ?? false });
  }
  return parts;
}
