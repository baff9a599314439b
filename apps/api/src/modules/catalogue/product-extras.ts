/** What the staff product editor shows of a product's essential items and bundles (their edits are `product-essentials.ts`'s). */
import type { StaffProduct } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import * as repository from './repository/product-essentials.ts';

type Item = NonNullable<Awaited<ReturnType<typeof repository.findItem>>>;

/** What the editor shows of them: the product's essentials, its contents when it is a bundle, and the bundles it is in. */
export async function extrasOf(
  db: CallerContext['db'],
  productId: number,
): Promise<Pick<StaffProduct, 'essentials' | 'isBundle' | 'bundleItems' | 'inBundles'>> {
  const [essentials, isBundle, bundleItems, inBundles, withinBundle] = await Promise.all([
    repository.essentialsOf(db, productId),
    repository.isBundle(db, productId),
    repository.bundleItemsOf(db, productId),
    repository.bundlesContaining(db, productId),
    repository.essentialsWithinBundle(db, productId),
  ]);
  const shown = ({ sku, productId: itemId, productName, label, withdrawn, quantity }: Item & { quantity: number }) => ({
    sku,
    productId: itemId,
    productName,
    label,
    withdrawn,
    quantity,
  });
  const essential = (row: (typeof essentials)[number]) => ({
    ...shown(row),
    id: row.id,
    requirement: row.requirement,
    compatibilityRule: row.compatibilityRule,
  });
  return {
    essentials: essentials.map(essential),
    isBundle,
    bundleItems: bundleItems.map((item) => ({
      ...shown(item),
      essentials: withinBundle.filter((row) => row.forProductId === item.productId).map(essential),
    })),
    inBundles,
  };
}
