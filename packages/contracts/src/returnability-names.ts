// A file of its own, which the browser reaches only as `@shop/contracts/returnability-names`: what the
// storefront imports from `@shop/contracts` goes into the scripts every page loads (apps/web/vite.config.ts),
// and the product page is at its budget. The staff product editor alone needs these words.
import type { Returnability } from './catalogue-values.ts';

/** Each returnability as staff choose it (docs/domain.md §8.1): what a customer may send back as unwanted. */
export const RETURNABILITY_NAMES: Record<Returnability, string> = {
  standard: 'Returnable',
  'sealed-hygiene': 'Sealed for hygiene: returnable only unopened',
  'made-to-measure': 'Made to measure: not returnable as unwanted',
};
