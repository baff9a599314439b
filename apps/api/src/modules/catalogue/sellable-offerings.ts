/**
 * What the basket, wishlists and checkout need to know to sell skus: the stored retail price and
 * its VAT rate (pricing prices it for the caller), pack, product ids for discount targeting,
 * delivery class, and what inventory says can be sold. Two reads, sent together, for any number of skus.
 */
import type { ServiceContext } from '../../platform/context.ts';
import type { Availability, AvailabilityOptions, InventoryService, StockStatus } from '../inventory/index.ts';
import type { DELIVERY_CLASSES } from './catalogue.tables.ts';
import type { Returnability } from './returnability.ts';
import { sellableOfferingRows, variantsOf, type SellableOfferingRow, type Variants } from './repository/sellable-offerings.ts';

export interface SellableOffering {
  sku: string;
  productId: number;
  productName: string;
  productSlug: string;
  label: string;
  imageUrl: string | null;
  categoryId: number;
  brandId: number;
  isBundle: boolean;
  deliveryClass: (typeof DELIVERY_CLASSES)[number];
  packQty: number;
  priceIncVat: number;
  priceExVat: number;
  wasPriceIncVat: number | null;
  vatRateCode: string;
  /** Whether it may be returned (the order confirmation states it, decision 0053). */
  returnability: Returnability;
  stockStatus: StockStatus;
  eta: string | null;
  /** How many can be sold now, by inventory's definition (`Infinity` when made to order). */
  sellable: Availability['sellable'];
}

/**
 * The offerings of `skus` that exist; `heldBy` names the basket asking, whose own stock holds count as
 * free to it. With `kept`, the offerings' facts (not their stock) come from what this instance keeps;
 * with `options.stock`, the stock of every sku asked is that, read by the caller (decision 0116).
 */
export async function findSellableOfferings(
  inventory: InventoryService,
  ctx: Pick<ServiceContext, 'db'>,
  skus: readonly string[],
  options: AvailabilityOptions & { stock?: ReadonlyMap<string, Availability> } = {},
  kept?: KeptOfferings,
): Promise<Map<string, SellableOffering>> {
  if (skus.length === 0) return new Map();
  // Both reads at once (the stock of a sku that turns out not to exist is not used): on PostgreSQL
  // each on a connection of its own, or one after the other without waiting inside a transaction.
  const unique = [...new Set(skus)];
  const [rows, stock] = await Promise.all([
    kept ? kept.rows(ctx, unique) : sellableOfferingRows(ctx.db, unique),
    options.stock ?? inventory.availabilityOf(ctx, unique, options),
  ]);
  return new Map(
    rows.map((row) => {
      const { status, eta, sellable } = stock.get(row.sku)!;
      return [row.sku, { ...row, stockStatus: status, eta, sellable }];
    }),
  );
}

/** How long an offering's facts are kept at most, should a change notice be missed (as long as a listing's card, decision 0067). */
const KEPT_OFFERING_MS = 60_000;
/** Skus kept at most: the busiest part of the range (a basket asks for its few lines). */
const KEPT_OFFERINGS_MAX = 20_000;

export interface KeptOfferings {
  /** The stored offering, product and price of each of `skus` that exists: those kept, and the rest read (and kept). */
  rows(ctx: Pick<ServiceContext, 'db'>, skus: readonly string[]): Promise<SellableOfferingRow[]>;
  /** Every sku of each product with its label (what a project's line may be swapped to): those kept, and the rest read (and kept). */
  variants(ctx: Pick<ServiceContext, 'db'>, productIds: readonly number[]): Promise<Variants>;
  /** Forgets the offerings of these products (a price changed), or all of them (null: anything in the catalogue may have). */
  forget(productIds: readonly number[] | null): void;
}

/**
 * The offerings' facts a basket asks for on every change, and the variants of their products a project
 * shows, kept by this instance (decisions 0096 and 0111):
 * forgotten when any instance changes the product (a change notice, platform/change-notices.ts, or
 * this instance's own edit) and after KEPT_OFFERING_MS whatever happens. Stock is never kept here.
 */
export function keptOfferings(now: () => number = Date.now, readers = { rows: sellableOfferingRows, variants: variantsOf }): KeptOfferings {
  let kept = new Map<string, { row: SellableOfferingRow; at: number }>();
  let keptVariants = new Map<number, { list: { sku: string; label: string }[]; at: number }>();
  // Bumped on each forgetting: a read under way when one comes is used but not kept.
  let generation = 0;
  return {
    rows: async (ctx, skus) => {
      const found: SellableOfferingRow[] = [];
      const missing: string[] = [];
      const at = now();
      for (const sku of skus) {
        const entry = kept.get(sku);
        if (entry && at - entry.at < KEPT_OFFERING_MS) found.push(entry.row);
        else missing.push(sku);
      }
      if (missing.length === 0) return found;
      const asked = generation;
      const read = await readers.rows(ctx.db, missing);
      if (asked === generation) {
        if (kept.size + read.length > KEPT_OFFERINGS_MAX) kept = new Map();
        for (const row of read) kept.set(row.sku, { row, at });
      }
      return [...found, ...read];
    },
    variants: async (ctx, productIds) => {
      const found: Variants = new Map();
      const missing: number[] = [];
      const at = now();
      for (const id of new Set(productIds)) {
        const entry = keptVariants.get(id);
        if (entry && at - entry.at < KEPT_OFFERING_MS) found.set(id, entry.list);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      const asked = generation;
      const read = await readers.variants(ctx, missing);
      const keep = asked === generation;
      if (keep && keptVariants.size + missing.length > KEPT_OFFERINGS_MAX) keptVariants = new Map();
      for (const id of missing) {
        // A product with no sku left is kept as having none, so it is not asked again.
        const list = read.get(id) ?? [];
        found.set(id, list);
        if (keep) keptVariants.set(id, { list, at });
      }
      return found;
    },
    forget: (productIds) => {
      generation += 1;
      if (productIds === null) {
        kept = new Map();
        keptVariants = new Map();
        return;
      }
      const ids = new Set(productIds);
      for (const [sku, { row }] of kept) if (ids.has(row.productId)) kept.delete(sku);
      for (const id of ids) keptVariants.delete(id);
    },
  };
}
