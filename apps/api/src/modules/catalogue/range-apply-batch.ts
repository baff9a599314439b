/**
 * One batch of a checked import or feed, in the caller's transaction (decision 0127): its new
 * products made together, a few multi-row statements for all of them, its price and stock changes
 * to products the shop has made together likewise (`range-change-batch.ts`), and every other product
 * applied one by one in a savepoint of its own (`range-apply.ts`), so a product refused while
 * applying is rolled back alone and reported by line while the batch's others apply whole.
 */
import type { Transaction } from '../../db/client.ts';
import type { PlannedProduct } from './catalogue.tables.ts';
import { newProductRow } from './product-additions.ts';
import { applyProduct, linesOf, MadeMeanwhile, newProductOf, RowRefused, waysOf, type Applying } from './range-apply.ts';
import { changedTogether, madeTogether, refusedWhileApplying, type RefusedWhileApplying } from './range-batches.ts';
import { changeProducts, RefusedMeanwhile } from './range-change-batch.ts';
import { insertVariantsTogether, newVariantLine } from './range-variant-batch.ts';
import * as editorRepository from './repository/product-editor.ts';
import * as repository from './repository/range-batches.ts';

export interface BatchApplied {
  /** The products changed or made. */
  productIds: number[];
  /** Each product refused while applying, line by line (decision 0118), and how many of its rows it kept from applying. */
  refused: { refusals: RefusedWhileApplying[]; rows: number; products: PlannedProduct[] };
}

/** An address or code of the products made together was taken meanwhile (by another import): they are applied one by one instead. */
class TakenMeanwhile extends Error {}

type NewProduct = PlannedProduct & { add: NonNullable<PlannedProduct['add']> };

/** The products of `batch`, each whole or not at all; the refused ones reported, the rest applied. */
export async function applyBatch(applying: Applying, tx: Transaction, batch: readonly PlannedProduct[], now: Date): Promise<BatchApplied> {
  const adding = batch.filter((planned): planned is NewProduct => planned.add !== undefined);
  const [slugs, skus] = await Promise.all([
    repository.takenSlugs(
      tx,
      adding.map((planned) => planned.add.slug),
    ),
    editorRepository.takenSkus(
      tx,
      adding.flatMap((planned) => (planned.added ?? []).map((row) => row.sku)),
      [],
    ),
  ]);
  const together = madeTogether(batch, slugs, skus);
  const applied: BatchApplied = { productIds: [], refused: { refusals: [], rows: 0, products: [] } };
  const readable: { index: number; planned: NewProduct; made: ReturnType<typeof newProductOf> }[] = [];
  for (const index of together) {
    try {
      readable.push({ index, planned: batch[index] as NewProduct, made: newProductOf(applying, batch[index] as NewProduct) });
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      together.delete(index);
    }
  }
  if (readable.length > 0) {
    try {
      applied.productIds.push(...(await tx.transaction((savepoint) => makeProducts(applying, savepoint, readable, now))));
    } catch (error) {
      if (!(error instanceof TakenMeanwhile)) throw error;
      together.clear();
    }
  }
  const changing = changedTogether(batch);
  if (changing.size > 0) {
    try {
      const indices = [...changing];
      const changed = await tx.transaction((savepoint) =>
        changeProducts(
          applying,
          savepoint,
          indices.map((index) => batch[index]!),
          now,
        ),
      );
      applied.productIds.push(...changed.productIds);
      for (const position of changed.leftOut) changing.delete(indices[position]!);
    } catch (error) {
      if (!(error instanceof RefusedMeanwhile)) throw error;
      changing.clear();
    }
  }
  for (const [index, planned] of batch.entries()) {
    if (together.has(index) || changing.has(index)) continue;
    try {
      applied.productIds.push(await applyAlone(applying, tx, planned, now));
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      const lines = linesOf(planned);
      applied.refused.refusals.push(...refusedWhileApplying(error.refusal, lines));
      applied.refused.rows += lines.length;
      applied.refused.products.push(planned);
    }
  }
  return applied;
}

/**
 * New products made together as the form makes each (`addProductIn`, decision 0112): their rows,
 * versions, variants, first prices with their history, stock through inventory and change-list
 * lines, one statement of each kind for all. Throws `TakenMeanwhile` when an address or code was
 * taken since they were read (the savepoint is rolled back).
 */
async function makeProducts(
  applying: Applying,
  tx: Transaction,
  products: readonly { planned: NewProduct; made: ReturnType<typeof newProductOf> }[],
  now: Date,
) {
  const { who } = applying;
  const rows = [];
  for (const { planned, made } of products) {
    const ways = await waysOf(applying, tx, made.category);
    rows.push(newProductRow({ ...planned.add, brand: made.brand, category: made.category }, made.variants[0]!.sku, ways, now));
  }
  const ids = await repository.insertProducts(tx, rows, now);
  if (ids.size !== products.length) throw new TakenMeanwhile();
  const variants = products.flatMap(({ planned, made }) =>
    made.variants.map((variant, position) => ({ ...variant, productId: ids.get(planned.add.slug)!, position, isDefault: position === 0 })),
  );
  // A code taken meanwhile, or a stock row of one kept from before with stock held (or made to order): each is applied alone, and refused there.
  if (!(await insertVariantsTogether(applying, tx, variants, now))) throw new TakenMeanwhile();
  await editorRepository.insertAudit(
    tx,
    products.map(({ planned, made }) => ({
      productId: ids.get(planned.add.slug)!,
      at: now,
      ...who,
      what: [`${who.source}: Product added`, ...made.variants.map((variant) => newVariantLine(applying, variant))].join('; '),
    })),
  );
  return [...ids.values()];
}

/**
 * One product in a savepoint of its own, so its refusal rolls back only it. A new product made
 * meanwhile by another import is applied again, as the product it now is; its code taken meanwhile
 * by another product is refused on its line.
 */
async function applyAlone(applying: Applying, tx: Transaction, planned: PlannedProduct, now: Date): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await tx.transaction((savepoint) => applyProduct(applying, savepoint, planned, now));
    } catch (error) {
      if (!(error instanceof MadeMeanwhile)) throw error;
      if (attempt === 2) throw await takenRefusal(tx, planned);
    }
  }
}

/** A new product whose address is free but one of whose codes another product has taken meanwhile: refused on that code's line. */
async function takenRefusal(tx: Transaction, planned: PlannedProduct): Promise<RowRefused> {
  const added = planned.added ?? [];
  const taken = await editorRepository.takenSkus(
    tx,
    added.map((row) => row.sku),
    [],
  );
  const row = added.find((candidate) => taken.has(candidate.sku)) ?? added[0]!;
  return new RowRefused({ line: row.line, column: 'sku', reason: `${row.sku} is now the code of another product’s variant: give this variant another code` });
}
