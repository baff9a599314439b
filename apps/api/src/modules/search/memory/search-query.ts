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
