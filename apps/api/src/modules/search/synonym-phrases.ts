/**
 * Synonyms of more than one word (decision 0122), pure: "wc" = "water closet", "thermostatic mixer"
 * = "thermo shower". A search's terms are single words (`searchTerms`), and each term is widened by
 * its one-word synonyms where it is matched (`ExpandSynonyms`); a phrase cannot be, so the query
 * itself is said again with the phrase swapped for each other member of its group, and a product
 * matching any of those phrasings is found. A phrase matches a product that has all its words
 * (in any order), as the typed words do: neither engine keeps where a word stands.
 */

/** A query said another way: its terms with a group member's words put in place of another's. */
export type RewriteQuery = (terms: readonly string[]) => string[][];

/** At most this many other phrasings of one query are searched: each is one more match to run. */
export const MAX_REWRITES = 8;
/** A phrasing is cut to the terms a query may have (`searchTerms`). */
const MAX_TERMS = 8;

/** A member's words as search splits text: "close-coupled toilet" is close, coupled, toilet. */
export const phraseWords = (member: string): string[] => member.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A typed term stands for a member's word when it is that word or its plural ("toilets" for "toilet"). */
const standsFor = (term: string, word: string) => term === word || (term.length > 3 && term === `${word}s`);

interface Member {
  words: string[];
  group: number;
}

/**
 * The rewriter for staff's groups. Walking the terms, the longest member whose words come next is a
 * span; each span may be put as any other member of its group, and the phrasings are every choice
 * of span, the terms as typed first (left out of the answer). One word for one word is left to
 * `ExpandSynonyms`, cheaper where the term is matched, so only a span or a replacement of two or
 * more words makes a phrasing.
 */
export function synonymRewriterOf(groups: readonly (readonly string[])[]): RewriteQuery {
  const members: string[][][] = groups.map((group) => group.map(phraseWords).filter((words) => words.length > 0));
  const byFirstWord = new Map<string, Member[]>();
  const hasPhrase = members.map((group) => group.some((words) => words.length > 1));
  for (const [group, words] of members.flatMap((list, at) => list.map((member) => [at, member] as const))) {
    if (!hasPhrase[group]) continue;
    const list = byFirstWord.get(words[0]!) ?? [];
    list.push({ words, group });
    byFirstWord.set(words[0]!, list);
  }
  /** The longest member whose words the terms from `at` stand for; null for none. */
  const spanAt = (terms: readonly string[], at: number): Member | null => {
    const term = terms[at]!;
    const lists = [byFirstWord.get(term), term.length > 3 && term.endsWith('s') ? byFirstWord.get(term.slice(0, -1)) : undefined];
    let best: Member | null = null;
    for (const member of lists.flatMap((list) => list ?? [])) {
      if (best && best.words.length >= member.words.length) continue;
      if (member.words.every((word, k) => at + k < terms.length && standsFor(terms[at + k]!, word))) best = member;
    }
    return best;
  };

  return (terms) => {
    if (byFirstWord.size === 0) return [];
    // Each span's choices, the terms as typed first.
    const choices: string[][][] = [];
    for (let at = 0; at < terms.length;) {
      const span = spanAt(terms, at);
      if (!span) {
        choices.push([[terms[at]!]]);
        at += 1;
        continue;
      }
      const typed = terms.slice(at, at + span.words.length);
      const others = members[span.group]!.filter((words) => words.join(' ') !== span.words.join(' ') && (words.length > 1 || span.words.length > 1));
      choices.push([typed, ...others]);
      at += span.words.length;
    }
    let phrasings: string[][] = [[]];
    for (const options of choices) {
      phrasings = phrasings.flatMap((start) => options.map((option) => [...start, ...option])).slice(0, MAX_REWRITES + 1);
    }
    const typedKey = terms.join(' ');
    const seen = new Set([typedKey]);
    const rewrites: string[][] = [];
    for (const phrasing of phrasings) {
      const cut = phrasing.slice(0, MAX_TERMS);
      const key = cut.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      rewrites.push(cut);
    }
    return rewrites.slice(0, MAX_REWRITES);
  };
}
