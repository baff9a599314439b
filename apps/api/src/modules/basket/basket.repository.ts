import { and, asc, count, desc, eq, getTableColumns, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.ts';
import { type Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { basketLines, baskets, savedBaskets } from './basket.tables.ts';

export type BasketRow = typeof baskets.$inferSelect;
export type LineRow = Pick<typeof basketLines.$inferSelect, 'sku' | 'quantity' | 'pricedUnitIncVat'>;
export type SavedBasketRow = typeof savedBaskets.$inferSelect;

export async function insertBasket(
  db: Database,
  values: { id: string; ownerId: string | null; channel: number; discountCode?: string | null; now: Date },
): Promise<BasketRow> {
  const [row] = await db
    .insert(baskets)
    .values({
      id: values.id,
      ownerId: values.ownerId,
      channel: values.channel,
      discountCode: values.discountCode ?? null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

export async function findBasket(db: Database, id: string): Promise<BasketRow | undefined> {
  const [row] = await db.select().from(baskets).where(eq(baskets.id, id));
  return row;
}

const ownedBy = (ownerId: string) => and(isNotNull(baskets.ownerId), eq(baskets.ownerId, ownerId));

/**
 * A basket with its lines in one round trip: for reading, and for a change saved against the
 * version read here (`saveBasket` refuses it if that moved). A locked read takes its lines in a
 * statement of its own, after the lock, to see what the change before it wrote.
 */
const withLines = {
  ...getTableColumns(baskets),
  lines: sql<LineRow[]>`(select coalesce(json_agg(json_build_object('sku', l.sku, 'quantity', l.quantity, 'pricedUnitIncVat', l.priced_unit_inc_vat)
      order by l.added_at, l.sku), '[]'::json)
    from ${basketLines} l where l.basket_id = "baskets"."id")`,
};

const splitLines = (found: ({ lines: LineRow[] } & BasketRow) | undefined) => {
  if (!found) return undefined;
  const { lines, ...row } = found;
  return { row, lines };
};

// Every change to a basket reads it first: the query is built once per database, and prepared (decision 0078).
const basketWithLinesQuery = (db: Database) =>
  db
    .select(withLines)
    .from(baskets)
    .where(eq(baskets.id, sql.placeholder('id')))
    .prepare('basket_with_lines');
const basketWithLinesQueries = new WeakMap<Database, ReturnType<typeof basketWithLinesQuery>>();

export async function findBasketWithLines(db: Database, id: string): Promise<{ row: BasketRow; lines: LineRow[] } | undefined> {
  let query = basketWithLinesQueries.get(db);
  if (!query) basketWithLinesQueries.set(db, (query = basketWithLinesQuery(db)));
  const [found] = await query.execute({ id });
  return splitLines(found);
}

export async function findCurrentBasketWithLinesOf(db: Database, ownerId: string): Promise<{ row: BasketRow; lines: LineRow[] } | undefined> {
  const [found] = await db.select(withLines).from(baskets).where(ownedBy(ownerId)).orderBy(desc(baskets.updatedAt)).limit(1);
  return splitLines(found);
}

/** Reads the basket and holds its row until the transaction ends: concurrent changes queue here. */
export async function lockBasket(db: Database, id: string): Promise<BasketRow | undefined> {
  const [row] = await db.select().from(baskets).where(eq(baskets.id, id)).for('update');
  return row;
}

/** Run on every order placed: built once (decision 0151). */
const removeBasket = builtOnce<{ id: string }, { version: number }[]>((db) =>
  db
    .delete(baskets)
    .where(eq(baskets.id, sql.placeholder('id')))
    .returning({ version: baskets.version })
    .prepare('take_basket'),
);

/**
 * Removes the basket (its lines go with it) and says at which version it was: the row stays locked
 * until the transaction ends, and is there again if it rolls back. Undefined when it was not there.
 */
export async function takeBasket(db: Database, id: string): Promise<{ version: number } | undefined> {
  // Sent at once (as every built-once statement is): the order's statements may follow it on the connection before it is answered.
  const [row] = await removeBasket(db, { id });
  return row;
}

/** A shopper's current basket is the one they changed last. */
const currentBasketOf = (db: Database, ownerId: string) => db.select().from(baskets).where(ownedBy(ownerId)).orderBy(desc(baskets.updatedAt)).limit(1);

export async function lockCurrentBasketOf(db: Database, ownerId: string): Promise<BasketRow | undefined> {
  const [row] = await currentBasketOf(db, ownerId).for('update');
  return row;
}

export function findLines(db: Database, basketId: string): Promise<LineRow[]> {
  return db
    .select({ sku: basketLines.sku, quantity: basketLines.quantity, pricedUnitIncVat: basketLines.pricedUnitIncVat })
    .from(basketLines)
    .where(eq(basketLines.basketId, basketId))
    .orderBy(asc(basketLines.addedAt), asc(basketLines.sku));
}

/** What changed between two versions of the lines: skus gone, and lines new or different. */
function lineChanges(before: readonly LineRow[], after: readonly LineRow[]) {
  const kept = new Set(after.map((line) => line.sku));
  const removed = before.filter((line) => !kept.has(line.sku)).map((line) => line.sku);
  const previous = new Map(before.map((line) => [line.sku, line]));
  const changed = after.filter((line) => {
    const old = previous.get(line.sku);
    return !old || old.quantity !== line.quantity || old.pricedUnitIncVat !== line.pricedUnitIncVat;
  });
  return { removed, changed };
}

const removeLines = (db: Database, basketId: string, skus: string[]) =>
  db.delete(basketLines).where(and(eq(basketLines.basketId, basketId), inArray(basketLines.sku, skus)));

/** A line already in the basket takes the new quantity and price; when it was added stays. */
const LINE_UPSERT = {
  target: [basketLines.basketId, basketLines.sku],
  set: { quantity: sql`excluded.quantity`, pricedUnitIncVat: sql`excluded.priced_unit_inc_vat` },
};

const upsertLines = (db: Database, basketId: string, lines: LineRow[], now: Date) =>
  db
    .insert(basketLines)
    .values(lines.map((line) => ({ basketId, ...line, addedAt: now })))
    .onConflictDoUpdate(LINE_UPSERT);

/** Writes only what changed between two versions of the lines. */
export async function writeLines(db: Database, basketId: string, before: readonly LineRow[], after: readonly LineRow[], now: Date): Promise<void> {
  const { removed, changed } = lineChanges(before, after);
  if (removed.length > 0) await removeLines(db, basketId, removed);
  if (changed.length > 0) await upsertLines(db, basketId, changed, now);
}

/**
 * A change saved: the lines that changed and the basket's new version, in one statement (the line
 * writes ride along as data-modifying WITH clauses), and only if nobody changed the basket since
 * it was read at `expectedVersion`. The basket's update (which takes its row lock and re-checks the
 * version once it has it) comes first, and the line writes select from its result, so they happen
 * only when it did; no transaction is needed. False when the version moved: read again and redo
 * the change. Under the basket's row lock, taken before the read, it cannot move. The lines go as
 * arrays, so the text is the same for any change and each connection prepares it once (decision 0078).
 * With `stock` (inventory's parts, decision 0116), it saves only when no wanted quantity is more than
 * can be sold, and returns the stock it read, whether it saved or not: one statement for both.
 */
export async function saveBasket(
  db: Database,
  id: string,
  expectedVersion: number,
  lines: { before: readonly LineRow[]; after: readonly LineRow[] },
  values: Pick<BasketRow, 'ownerId' | 'channel' | 'discountCode'>,
  now: Date,
  stock?: { counts: SQL; short: SQL },
): Promise<{ saved: boolean; stock: unknown }> {
  const { removed, changed } = lineChanges(lines.before, lines.after);
  const at = now.toISOString();
  const result = (await db.execute(sql`with updated as (
      update ${baskets} set owner_id = ${values.ownerId}, channel = ${values.channel}::int, discount_code = ${values.discountCode},
        version = version + 1, updated_at = ${at}::timestamptz
      where id = ${id} and version = ${expectedVersion}::int and not ${stock?.short ?? sql`false`}
      returning id),
    removed_lines as (
      delete from ${basketLines} where basket_id = ${id} and sku = any(${sql.param(removed)}::text[]) and exists (select 1 from updated)),
    written_lines as (
      insert into ${basketLines} (basket_id, sku, quantity, priced_unit_inc_vat, added_at)
      select updated.id, v.sku, v.quantity, v.priced, ${at}::timestamptz
      from updated cross join unnest(${sql.param(changed.map((line) => line.sku))}::text[], ${sql.param(changed.map((line) => line.quantity))}::int[],
        ${sql.param(changed.map((line) => line.pricedUnitIncVat))}::int[]) as v(sku, quantity, priced)
      on conflict (basket_id, sku) do update set quantity = excluded.quantity, priced_unit_inc_vat = excluded.priced_unit_inc_vat)
    select (select id from updated) as id, ${stock?.counts ?? sql`null`} as stock`)) as unknown as { rows: { id: string | null; stock: unknown }[] };
  const [row] = result.rows;
  return { saved: row!.id !== null, stock: row!.stock };
}

export async function deleteBasket(db: Database, id: string): Promise<void> {
  await db.delete(baskets).where(eq(baskets.id, id));
}

/** False when the code is taken (the caller draws another). */
export async function insertSavedBasket(db: Database, values: typeof savedBaskets.$inferInsert): Promise<boolean> {
  const rows = await db.insert(savedBaskets).values(values).onConflictDoNothing().returning({ code: savedBaskets.retrievalCode });
  return rows.length === 1;
}

/** The saved copies of a basket that have not expired, newest first. */
export function findLiveSavedBasketsOf(db: Database, sourceBasketId: string, now: Date): Promise<SavedBasketRow[]> {
  return db
    .select()
    .from(savedBaskets)
    .where(and(eq(savedBaskets.sourceBasketId, sourceBasketId), gt(savedBaskets.expiresAt, now)))
    .orderBy(desc(savedBaskets.createdAt));
}

export async function extendSavedBasket(db: Database, code: string, expiresAt: Date): Promise<void> {
  await db.update(savedBaskets).set({ expiresAt }).where(eq(savedBaskets.retrievalCode, code));
}

export async function findSavedBasket(db: Database, code: string): Promise<SavedBasketRow | undefined> {
  const [row] = await db.select().from(savedBaskets).where(eq(savedBaskets.retrievalCode, code));
  return row;
}

/** Erasure (platform/personal-data.ts): the person's baskets, open or saved. */
export async function countBasketsOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const [open] = await db.select({ n: count() }).from(baskets).where(eq(baskets.ownerId, subject.userId));
  const [saved] = await db.select({ n: count() }).from(savedBaskets).where(eq(savedBaskets.ownerId, subject.userId));
  return (open?.n ?? 0) + (saved?.n ?? 0);
}

/** Saved baskets go; an open basket only loses its owner (an order may point at it). */
export async function forgetBasketsOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const saved = await db.delete(savedBaskets).where(eq(savedBaskets.ownerId, subject.userId)).returning({ code: savedBaskets.retrievalCode });
  // A new version, so no instance's kept copy of the basket (decision 0100) writes the owner back.
  const open = await db
    .update(baskets)
    .set({ ownerId: null, version: sql`${baskets.version} + 1` })
    .where(eq(baskets.ownerId, subject.userId))
    .returning({ id: baskets.id });
  return saved.length + open.length;
}
