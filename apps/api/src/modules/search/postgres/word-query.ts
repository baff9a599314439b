import type { ExpandSynonyms } from '../search-synonyms.ts';

/**
 * A search's terms as tsqueries in the 'simple' configuration, by the memory engine's rules
 * (`memory/suggestion-index.ts`). Terms are letters and digits only (`searchTerms`), and so are the
 * words given for typos (`wordsQuery` keeps only those), so each is quoted as one lexeme safely.
 */

/** What a term matches: a word it starts (if it is the word being typed or longer than one letter), and its trade synonyms and singular as whole words. */
export function termQuery(term: string, last: boolean, expand: ExpandSynonyms): string {
  const whole = new Set(expand(term));
  if (term.length > 3 && term.endsWith('s')) whole.add(term.slice(0, -1));
  const alternatives = [...whole].map((word) => `'${word}'`);
  // One letter matches too much to mean anything unless it is the word being typed.
  if (last || term.length > 1) alternatives.push(`'${term}':*`);
  return `(${alternatives.join(' | ')})`;
}

const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/** Any of `words` as whole words (those of letters and digits only, as the memory engine's words are); null for none. */
export function wordsQuery(words: readonly string[]): string | null {
  const plain = words.filter((word) => PLAIN_WORD.test(word));
  return plain.length ? `(${plain.map((word) => `'${word}'`).join(' | ')})` : null;
}

/** A product matches when it has a word for each term. */
export const allTermsQuery = (parts: readonly string[]): string => parts.join(' & ');

/** A product matches when it has a word for each term of any phrasing (the query as typed, or said with its synonym phrases). */
export const anyPhrasingQuery = (phrasings: readonly (readonly string[])[]): string =>
  phrasings.length === 1 ? allTermsQuery(phrasings[0]!) : phrasings.map((parts) => `(${allTermsQuery(parts)})`).join(' | ');
