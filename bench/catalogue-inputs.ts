/**
 * What the catalogue benchmarks send: categories, facets, product slugs and search words read from
 * the running API, so they match whatever was seeded, and the PostgreSQL database they run on.
 */
import { openDatabase } from '@shop/api';
import { seededRandom } from './lib.ts';

interface CategoryFacets {
  slug: string;
  facets: { identifier: string; options: string[] }[];
}
export interface Inputs {
  categories: CategoryFacets[];
  slugs: string[];
  queries: string[];
}

// Every run (and both databases) sees the same sequence of inputs.
export const next = seededRandom(4);
export const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
/** Popular things first: index i is chosen in proportion to 1 / (i + 1). */
export const zipf = <T>(list: readonly T[]): T => list[Math.min(list.length - 1, Math.floor(Math.exp(next() * Math.log(list.length + 1)) - 1))]!;

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** What shoppers would send: read from the running API, so it matches whatever was seeded. */
export async function gatherInputs(api: string): Promise<Inputs> {
  const navigation = await json<{ categories: { slug: string; name: string; children: { slug: string; name: string }[] }[] }>(
    await fetch(`${api}/catalogue/Navigation`),
  );
  const slugs = new Set<string>();
  const categories: CategoryFacets[] = [];
  const words = new Set<string>();
  for (const department of navigation.categories) {
    for (const category of [department, ...department.children]) {
      for (const word of category.name.toLowerCase().match(/[a-z]+/g) ?? []) if (word.length > 2) words.add(word);
      const listing = await json<{
        products: { slug: string; productName: string; brand: { name: string } }[];
        facets: { identifier: string; options: { identifier: string }[] }[];
      }>(
        await fetch(`${api}/catalogue/Listings/Categories/Refine`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ slug: category.slug, size: 100, sort: pick([1, 2, 3, 4]), pageNumber: 1 + Math.floor(next() * 5) }),
        }),
      );
      categories.push({
        slug: category.slug,
        facets: listing.facets.map((facet) => ({ identifier: facet.identifier, options: facet.options.map((option) => option.identifier) })),
      });
      for (const product of listing.products) {
        slugs.add(product.slug);
        for (const word of product.productName.toLowerCase().match(/[a-z]+/g) ?? []) if (word.length > 2) words.add(word);
      }
    }
  }
  // Prefixes as typed, short ones (shared by many words) first; a few two-word queries and typos.
  const prefixes = new Set<string>();
  for (let length = 2; length <= 12; length++) for (const word of words) if (word.length >= length) prefixes.add(word.slice(0, length));
  const single = [...prefixes];
  const queries = [...single];
  for (let n = 0; n < single.length / 3; n++) queries.push(`${pick([...words])} ${pick(single)}`);
  for (let n = 0; n < single.length / 50; n++) {
    const word = pick([...words]);
    const at = 1 + Math.floor(next() * (word.length - 2));
    queries.push(word.slice(0, at) + word.slice(at + 1));
  }
  return { categories, slugs: [...slugs], queries };
}

export function listingBody(inputs: Inputs): { path: string; body: string } {
  const category = zipf(inputs.categories);
  const facets: Record<string, string[]> = {};
  const selections = pick([0, 0, 0, 0, 0, 1, 1, 1, 2, 3]);
  for (let n = 0; n < selections; n++) {
    const facet = pick(category.facets);
    if (facet?.options.length) facets[facet.identifier] = [...new Set([...(facets[facet.identifier] ?? []), pick(facet.options)])];
  }
  const sort = pick([1, 1, 1, 2, 3, 4]);
  const pageNumber = pick([1, 1, 1, 1, 1, 1, 2, 2, 3, 5]);
  const refined = selections > 0 || sort !== 1 || pageNumber > 1;
  return {
    path: refined ? '/api/catalogue/Listings/Categories/Refine' : '/api/catalogue/Listings/Categories',
    body: JSON.stringify({ slug: category.slug, facets, sort, pageNumber, size: 24 }),
  };
}

/** Creates the PostgreSQL database on first use; a seeded one is reused as it is. */
export async function ensurePostgresDatabase(url: string, productCount: number): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`BENCH_DATABASE_URL must name a plain database, not "${name}"`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const handle = await openDatabase({ url: maintenance.toString(), poolSize: 1 });
  try {
    await handle.exec(`create database ${name}`);
    process.stderr.write(`created database ${name}; seeding ${productCount} products takes several minutes\n`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // 42P04: it exists already
  } finally {
    await handle.close();
  }
}
