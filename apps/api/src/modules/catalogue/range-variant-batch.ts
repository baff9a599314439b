/**
 * New variants of an import's batch written together (decisions 0127, 0154), of new products and of
 * products the shop has alike: as `addVariantIn` writes one (its offering, its width, finish or
 * handing among the listing's facets, its first price starting its price history, its stock through
 * inventory), one statement of each kind for all.
 */
import { variantFacetValues } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import { exVatOf } from './price-history.ts';
import type { VariantToAdd } from './product-additions.ts';
import { describeNewVariant } from './product-edits.ts';
import type { Applying } from './range-apply.ts';
import * as editorRepository from './repository/product-editor.ts';
import * as repository from './repository/range-batches.ts';

/** A new variant of a batch: its product, its place among the product's variants, and whether the product shows it first. */
export type BatchVariant = VariantToAdd & { productId: number; position: number; isDefault: boolean };

/**
 * The variants, in the caller's savepoint. False when a code was taken meanwhile, or a stock row kept
 * from before holds stock (or is made to order): the caller rolls its savepoint back and applies each
 * product alone, where that is refused by line.
 */
export async function insertVariantsTogether(applying: Applying, tx: Transaction, variants: readonly BatchVariant[], now: Date): Promise<boolean> {
  if (variants.length === 0) return true;
  const { deps, rates } = applying;
  const offeringIds = await repository.insertOfferings(
    tx,
    variants.map(({ productId, sku, label, isDefault, position, options }) => ({ productId, sku, label, isDefault, position, ...options })),
  );
  if (offeringIds.size !== variants.length) return false;
  const basisPointsOf = (code: string) => rates.get(code)?.basisPoints;
  const facetValues = variants.flatMap(({ productId, options }) => variantFacetValues(options).map(([facet, value]) => ({ productId, facet, value })));
  const [, , stocked] = await Promise.all([
    repository.insertFirstPrices(
      tx,
      variants.map(({ sku, priceIncVat, vatRateCode }) => ({
        offeringId: offeringIds.get(sku)!,
        vatRateCode,
        priceIncVat,
        priceExVat: exVatOf(priceIncVat, vatRateCode, basisPointsOf, sku),
      })),
      now,
    ),
    editorRepository.insertFacetValues(tx, facetValues),
    deps.inventory.setStocksOnHand(
      { db: tx },
      variants.map(({ sku, stockOnHand }) => ({ sku, onHand: stockOnHand })),
      now,
    ),
  ]);
  return stocked.size === variants.length;
}

/** A new variant's line in its product's change list, as the form words it. */
export const newVariantLine = (applying: Applying, variant: VariantToAdd): string =>
  describeNewVariant({ ...variant, vatRateName: applying.rates.get(variant.vatRateCode)?.name ?? variant.vatRateCode });
