const MAX_TERMS = 8;

/** The words of a query: letters and digits only, so quotes, `%`, `_` and `\` never reach SQL syntax. */
export function searchTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS).map((term) => term.slice(0, 40));
}
