import { AppError, fieldRefusal } from '../../platform/errors.ts';

const quoted = (words: readonly string[]) => words.map((word) => `“${word}”`).join(', ');

/** Stable codes search raises for a listing's filters (the same a catalogue listing always answered with). */
export const SearchErrors = {
  unknownFacet: (identifier: string, known: readonly string[]) =>
    new AppError(400, 'UNKNOWN_FACET', `facets.${identifier}: this listing has no facet "${identifier}".`, {
      errors: [{ path: `body.facets.${identifier}`, message: `Unknown facet; use one of ${known.join(', ')}`, code: 'unknown_facet' }],
    }),
  badPriceRange: (identifier: string) =>
    new AppError(400, 'BAD_PRICE_RANGE', `facets.price: "${identifier}" is not a price range like "5000-10000".`, {
      errors: [{ path: 'body.facets.price', message: 'Use "<gte>-<lte>" in pence, e.g. "5000-10000"', code: 'bad_price_range' }],
    }),

  // Staff's synonym groups (search-synonyms.ts): the words are one field, `words`.
  synonymWordInvalid: (word: string) =>
    fieldRefusal(400, 'SYNONYM_WORD_INVALID', 'words', `“${word.slice(0, 60)}” cannot be a synonym: use 2 to 40 letters, digits, spaces or hyphens`),
  synonymWordsMissing: () => fieldRefusal(400, 'SYNONYM_WORDS_MISSING', 'words', 'Enter the words that mean the same to a shopper, separated by commas'),
  synonymWordTooLong: (word: string, max: number) =>
    fieldRefusal(
      400,
      'SYNONYM_WORD_TOO_LONG',
      'words',
      `“${word.length > 60 ? `${word.slice(0, 60)}…` : word}” is too long: each word or phrase must be ${max} characters or fewer`,
    ),
  synonymPhraseTooLong: (phrase: string, max: number) =>
    fieldRefusal(400, 'SYNONYM_PHRASE_TOO_LONG', 'words', `“${phrase}” has too many words: a phrase must be ${max} words or fewer`),
  synonymWordRepeated: (word: string, same: string) =>
    fieldRefusal(
      400,
      'SYNONYM_WORD_REPEATED',
      'words',
      word === same
        ? `“${word}” is in the list twice: enter each word once`
        : `“${word}” is the same to search as “${same}”, so it cannot be its synonym: enter it once`,
    ),
  synonymGroupTooSmall: () =>
    fieldRefusal(400, 'SYNONYM_GROUP_TOO_SMALL', 'words', 'Enter at least 2 words: a group says which words mean the same to a shopper'),
  synonymGroupTooLarge: (max: number) =>
    fieldRefusal(400, 'SYNONYM_GROUP_TOO_LARGE', 'words', `Enter at most ${max} words in a group: split the rest into another group`),
  synonymWordTaken: (word: string, group: readonly string[]) =>
    fieldRefusal(
      409,
      'SYNONYM_WORD_TAKEN',
      'words',
      `“${word}” is already in the group ${quoted(group)}: a word can be in one group only, so change that group or leave “${word}” out`,
    ),
  synonymGroupsFull: (max: number) =>
    new AppError(409, 'SYNONYM_GROUPS_FULL', `The shop already has ${max} synonym groups, the most it keeps: delete a group you no longer need first`),
  synonymGroupNotFound: () =>
    new AppError(404, 'SYNONYM_GROUP_NOT_FOUND', 'This synonym group no longer exists: someone may have deleted it. Reload the page to see the groups now'),
  synonymGroupChanged: () =>
    new AppError(
      409,
      'SYNONYM_GROUP_CHANGED',
      'Someone changed this synonym group since you opened it: reload the page to see their change, then make yours again',
    ),
};
