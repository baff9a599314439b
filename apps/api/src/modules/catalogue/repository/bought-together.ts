import { and, asc, desc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { BoughtTogetherChoice } from '@shop/contracts';
import { boughtTogetherChoices, boughtTogetherPairs } from '../bought-together.tables.ts';
import { offerings, products } from '../catalogue.tables.ts';
import type { Choice, Pair } from '../bought-together-rules.ts';

/** The SQL of "Frequently bought together" (bought-together-rules.ts holds the rules). */

/** Every variant's product, for orders (which keep skus) to count products by. */
export async function productOfEverySku(db: Database): Promise<Map<string, number>> {
  const rows = await db.select({ sku: offerings.sku, productId: offerings.productId }).from(offerings);
  return new Map(rows.map((row) => [row.sku, row.productId]));
}

const INSERT_BATCH = 1_000;

/** The pairs as counted now, in place of the last count's, in one transaction: a reader sees one count or the other. */
export async function replacePairs(db: Database, pairs: readonly Pair[], countedAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // Two instances counting at once take turns: the second's delete then sees the first's rows, and no key is written twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('bought-together-pairs', 0))`);
    await tx.delete(boughtTogetherPairs);
    for (let start = 0; start < pairs.length; start += INSERT_BATCH) {
      await tx.insert(boughtTogetherPairs).values(pairs.slice(start, start + INSERT_BATCH).map((pair) => ({ ...pair, countedAt })));
    }
  });
}

/** The pairs of these products, strongest first. */
export function pairsOf(db: Database, productIds: readonly number[]): Promise<Pair[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      productId: boughtTogetherPairs.productId,
      pairedProductId: boughtTogetherPairs.pairedProductId,
      ordersTogether: boughtTogetherPairs.ordersTogether,
      liftHundredths: boughtTogetherPairs.liftHundredths,
    })
    .from(boughtTogetherPairs)
    .where(inArray(boughtTogetherPairs.productId, [...productIds]))
    .orderBy(desc(boughtTogetherPairs.liftHundredths), asc(boughtTogetherPairs.pairedProductId));
}

/** Staff's pins and blocks for these products. */
export function choicesOf(db: Database, productIds: readonly number[]): Promise<Choice[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      productId: boughtTogetherChoices.productId,
      pairedProductId: boughtTogetherChoices.pairedProductId,
      choice: boughtTogetherChoices.choice,
      chosenAt: boughtTogetherChoices.chosenAt,
    })
    .from(boughtTogetherChoices)
    .where(inArray(boughtTogetherChoices.productId, [...productIds]));
}

/** When the pairs were last counted (null: no count has found any yet). */
export async function lastCountedAt(db: Database): Promise<Date | null> {
  const [row] = await db.select({ at: max(boughtTogetherPairs.countedAt) }).from(boughtTogetherPairs);
  return row?.at ?? null;
}

/** Pins or blocks `pairedProductId` for `productId`, or forgets staff's choice (null). Returns whether anything changed. */
export async function setChoice(db: Database, productId: number, pairedProductId: number, choice: BoughtTogetherChoice | null, at: Date): Promise<boolean> {
  const pair = and(eq(boughtTogetherChoices.productId, productId), eq(boughtTogetherChoices.pairedProductId, pairedProductId));
  if (choice === null) return (await db.delete(boughtTogetherChoices).where(pair).returning({ productId: boughtTogetherChoices.productId })).length > 0;
  const written = await db
    .insert(boughtTogetherChoices)
    .values({ productId, pairedProductId, choice, chosenAt: at })
    // The same choice again changes nothing: a pin keeps its place among the pins.
    .onConflictDoUpdate({
      target: [boughtTogetherChoices.productId, boughtTogetherChoices.pairedProductId],
      set: { choice, chosenAt: at },
      setWhere: ne(boughtTogetherChoices.choice, choice),
    })
    .returning({ productId: boughtTogetherChoices.productId });
  return written.length > 0;
}

/** Names and addresses of these products, on sale or not (staff see a withdrawn product they pinned). */
export async function productNames(db: Database, ids: readonly number[]): Promise<Map<number, { name: string; slug: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name, slug: products.slug })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { name: row.name, slug: row.slug }]));
}
