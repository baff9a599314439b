import { sql, type SQL } from 'drizzle-orm';
import { products } from './catalogue.tables.ts';

/** Trade words a shopper types for what the catalogue names otherwise (each maps both ways). */
const SYNONYM_GROUPS: string[][] = [
  ['toilet', 'loo', 'wc', 'pan'],
  ['basin', 'sink', 'washbasin'],
  ['radiator', 'rad', 'rads'],
  ['tap', 'taps', 'mixer', 'faucet'],
  ['bath', 'bathtub', 'tub'],
  ['shower', 'showers'],
  ['enclosure', 'cubicle'],
];
const SYNONYMS = new Map<string, string[]>(SYNONYM_GROUPS.flatMap((group) => group.map((word) => [word, group] as const)));

const MAX_TERMS = 8;

/** The words of a query: letters and digits only, so quotes, `%`, `_` and `\` never reach SQL syntax. */
export function searchTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS).map((term) => term.slice(0, 40));
}

export const expandSynonyms = (term: string): string[] => SYNONYMS.get(term) ?? [term];

export interface SearchCondition {
  where: SQL;
  score: SQL<number>;
}

/**
 * Two ways to match, tried in turn: full text, every word or one of its synonyms (words bound as
 * parameters to `plainto_tsquery`); then, when nothing matches, trigram closeness to the product
 * name for typos ("basn"). Trying them together lets "loo" drag in every "low profile" tray. With
 * `prefix` (autocomplete) the last word is still being typed, so it matches as a prefix too.
 * The typo condition uses `<%`, which the trigram index serves: run it under
 * `withMatchSettings(TYPO_SIMILARITY, …)`.
 */
export function searchConditions(terms: string[], { prefix = false } = {}): { fullText: SearchCondition; typo: SearchCondition } {
  const tsquery = sql.join(
    terms.map((term, index) => {
      const words = expandSynonyms(term).map((word) => sql`plainto_tsquery('english', ${word})`);
      // Terms are letters and digits only (searchTerms), so `:*` is the only syntax to_tsquery sees.
      if (prefix && index === terms.length - 1) words.push(sql`to_tsquery('english', ${`${term}:*`})`);
      return sql`(${sql.join(words, sql` || `)})`;
    }),
    sql` && `,
  );
  const query = sql`(${tsquery})`;
  const text = terms.join(' ');
  return {
    fullText: { where: sql`${products.search} @@ ${query}`, score: sql<number>`ts_rank(${products.search}, ${query})` },
    // Ranked by whole-word closeness, so "basn" puts basins before baskets.
    typo: { where: sql`${text} <% ${products.name}`, score: sql<number>`strict_word_similarity(${text}, ${products.name})` },
  };
}

/** pg_trgm's default 0.6 misses ordinary typos; 0.3–0.4 catches them (docs/architecture.md, stack notes). */
export const TYPO_SIMILARITY = 0.3;
