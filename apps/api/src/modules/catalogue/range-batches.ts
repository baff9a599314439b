/**
 * How a checked import is applied in batches (decision 0127), pure: which products a batch holds,
 * which of its new products can be made together in a few multi-row statements, and what the report
 * says of a product refused while applying (decision 0118).
 */
import type { RangeRefusal } from '@shop/contracts';
import type { PlannedProduct } from './catalogue.tables.ts';

/** Products applied in one transaction: the import's progress is saved with each batch, so a restart redoes at most one. */
export const APPLY_BATCH_PRODUCTS = 200;

/** The `[start, end)` slices of a plan of `total` products, from the `done` already applied, `size` at a time. */
export function batchesOf(total: number, done: number, size: number = APPLY_BATCH_PRODUCTS): { start: number; end: number }[] {
  const batches: { start: number; end: number }[] = [];
  for (let start = Math.max(0, done); start < total; start += size) batches.push({ start, end: Math.min(total, start + size) });
  return batches;
}

/**
 * Which products of a batch are made together: new products (a `add` with variants) whose address
 * the shop still does not have and none of whose codes another variant has taken, or another product
 * of the batch names. The rest (existing products, a new one made meanwhile, a code taken) are
 * applied one by one, where a refusal is found and reported by line.
 */
export function madeTogether(batch: readonly PlannedProduct[], takenSlugs: ReadonlySet<string>, takenSkus: ReadonlySet<string>): Set<number> {
  const skuCount = new Map<string, number>();
  const slugCount = new Map<string, number>();
  for (const planned of batch) {
    if (planned.add) slugCount.set(planned.add.slug, (slugCount.get(planned.add.slug) ?? 0) + 1);
    for (const row of [...planned.rows, ...(planned.added ?? [])]) skuCount.set(row.sku, (skuCount.get(row.sku) ?? 0) + 1);
  }
  const together = new Set<number>();
  for (const [index, planned] of batch.entries()) {
    const added = planned.added ?? [];
    if (!planned.add || planned.rows.length > 0 || added.length === 0) continue;
    if (takenSlugs.has(planned.add.slug) || slugCount.get(planned.add.slug)! > 1) continue;
    if (added.some((row) => takenSkus.has(row.sku) || skuCount.get(row.sku)! > 1)) continue;
    together.add(index);
  }
  return together;
}

/**
 * Which products of a batch are changed together (a weekly price file, a stock count, new names,
 * descriptions, sizes and finishes; decisions 0134, 0154): products the shop has whose rows set
 * details, add variants, set prices from now and stock, with no schedule, none of whose codes
 * another product of the batch names. The rest (a schedule, a new product) are applied one by one.
 */
export function changedTogether(batch: readonly PlannedProduct[]): Set<number> {
  const skuCount = new Map<string, number>();
  const productCount = new Map<number, number>();
  for (const planned of batch) {
    if (planned.productId !== null) productCount.set(planned.productId, (productCount.get(planned.productId) ?? 0) + 1);
    for (const row of [...planned.rows, ...(planned.added ?? [])]) skuCount.set(row.sku, (skuCount.get(row.sku) ?? 0) + 1);
  }
  const together = new Set<number>();
  for (const [index, planned] of batch.entries()) {
    if (planned.productId === null || planned.add || (!planned.details && (planned.added ?? []).length === 0 && planned.rows.length === 0)) continue;
    if (productCount.get(planned.productId)! > 1) continue;
    if (planned.rows.some((row) => row.startsAt || row.endsAt)) continue;
    if ([...planned.rows, ...(planned.added ?? [])].some((row) => skuCount.get(row.sku)! > 1)) continue;
    together.add(index);
  }
  return together;
}

export type RefusedWhileApplying = RangeRefusal & { whileApplying: 'refused' | 'not-applied' };

/** A row refused while applying, and its product's other lines, which it kept from applying: a product changes whole or not at all (decision 0118). */
export function refusedWhileApplying(refusal: RangeRefusal, lines: readonly number[]): RefusedWhileApplying[] {
  return [
    { ...refusal, whileApplying: 'refused' as const },
    ...lines
      .filter((line) => line !== refusal.line)
      .map((line) => ({
        line,
        column: null,
        whileApplying: 'not-applied' as const,
        reason: `Not applied: line ${refusal.line} of the same product was refused while applying, and a product changes whole or not at all`,
      })),
  ];
}
