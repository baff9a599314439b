import type { NavigationCategory } from './catalogue.ts';

// The categories that earn a place in the desktop bar, in shop order: the big-ticket bathroom
// families first. The rest are one click away in "All categories".
const FEATURED_SLUGS = ['bathroom-suites', 'toilets', 'basins', 'vanity-units', 'baths', 'showers', 'shower-enclosures', 'taps', 'radiators', 'tiles'];

export function featuredCategories(categories: readonly NavigationCategory[]): NavigationCategory[] {
  const featured = FEATURED_SLUGS.flatMap((slug) => categories.filter((category) => category.slug === slug));
  return featured.length > 0 ? featured : categories.slice(0, FEATURED_SLUGS.length);
}
