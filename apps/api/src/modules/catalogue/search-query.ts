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
 * name for typos ("basn"). Trying them together lets "loo" drag in every "low profile" tray.
 */
export function searchConditions(terms: string[]): { fullText: SearchCondition; typo: SearchCondition } {
  const tsquery = sql.join(
    terms.map((term) => sql`(${sql.join(expandSynonyms(term).map((word) => sql`plainto_tsquery('english', ${word})`), sql` || `)})`),
    sql` && `,
  );
  const query = sql`(${tsquery})`;
  const text = terms.join(' ');
  const similarity = sql`word_similarity(${text}, ${products.name})`;
  return {
    fullText: { where: sql`${products.search} @@ ${query}`, score: sql<number>`ts_rank(${products.search}, ${query})` },
    // Ranked by whole-word closeness, so "basn" puts basins before baskets.
    typo: { where: sql`${similarity} >= ${TYPO_SIMILARITY}`, score: sql<number>`strict_word_similarity(${text}, ${products.name})` },
  };
}

/** pg_trgm's default 0.6 misses ordinary typos; 0.3–0.4 catches them (ARCHITECTURE.md, stack notes). */
const TYPO_SIMILARITY = 0.3;
