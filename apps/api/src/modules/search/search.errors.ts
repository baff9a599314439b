import { AppError } from '../../platform/errors.ts';

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
};
