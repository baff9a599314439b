import { and, asc, count, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { builtOnce, rawStatement } from '../../db/built-once.ts';
import { type Database } from '../../db/client.ts';
import { isSubjectsAddress } from '../../db/personal-data.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import type { StockCount } from './availability.ts';
import { stockCounts, stockLevels, stockNotificationRequests, stockReservations } from './inventory.tables.ts';

const p = sql.placeholder;

export type NewStockLevel = Pick<typeof stockLevels.$inferInsert, 'sku' | 'onHand' | 'status' | 'eta'>;

export async function insertStockLevels(db: Database, rows: readonly NewStockLevel[]): Promise<void> {
  if (rows.length > 0) await db.insert(stockLevels).values([...rows]);
}

/** What `heldBy`'s own payment holds of the sku of stock row `s` (0 without a basket asking). */
const heldByAsker = (heldBy: string | null) =>
  heldBy === null
    ? sql`0`
    : sql`(select coalesce(sum(r.quantity), 0)::int from ${stockReservations} r where r.basket_id = ${heldBy} and r.sku = s.sku and r.state = 'held')`;

/**
 * The stock rows of any number of skus in one statement (the same text for any number, so it is
 * prepared once per connection), each with what `heldBy`'s own payment holds of it. Read as plain
 * rows: the listing snapshot asks for 100,000 at a time, and mapping them through the query
 * builder cost as much as the read.
 */
export async function findStockCounts(db: Database, skus: readonly string[], heldBy: string | null): Promise<(StockCount & { sku: string })[]> {
  const result = (await db.execute(
    sql`select s.sku, s.status, s.eta::text as eta, s.on_hand as "onHand", s.committed, s.reserved, ${heldByAsker(heldBy)} as "heldByAsker"
        from ${stockLevels} s where s.sku = any(${sql.param(skus)}::text[])`,
  )) as unknown as { rows: (StockCount & { sku: string })[] };
  return result.rows;
}

/**
 * The same stock rows as a JSON array, and whether any wanted quantity is more than can be sold, as
 * parts of another module's statement (decision 0116). `short` is `availability()` in SQL: no row or
 * out of stock sells none, made to order any number, stocked goods on hand − committed − what others hold.
 * `availability.api.test.ts` checks the two agree over random rows, so a change to one fails until the other follows.
 */
export interface StockParts {
  counts: SQL;
  short: SQL;
}

export function stockCountsIn(skus: readonly string[], wanted: readonly { sku: string; quantity: number }[], heldBy: string): StockParts {
  const counts = sql`(select coalesce(json_agg(json_build_object('sku', s.sku, 'status', s.status, 'eta', s.eta::text, 'onHand', s.on_hand,
      'committed', s.committed, 'reserved', s.reserved, 'heldByAsker', ${heldByAsker(heldBy)})), '[]'::json)
    from ${stockLevels} s where s.sku = any(${sql.param(skus)}::text[]))`;
  const short = sql`exists (select 1 from unnest(${sql.param(wanted.map((line) => line.sku))}::text[], ${sql.param(wanted.map((line) => line.quantity))}::int[])
      as w(sku, quantity) left join ${stockLevels} s on s.sku = w.sku
    where case when s.status = 'made_to_order' then false when s.sku is null or s.status = 'out_of_stock' then true
      else s.on_hand - s.committed - (s.reserved - ${heldByAsker(heldBy)}) < w.quantity end)`;
  return { counts, short };
}

// ── holds (reservations.ts says when each is used) ──────────────────────────────────────────────

export type HoldState = (typeof stockReservations.$inferSelect)['state'];
export interface HeldLine {
  sku: string;
  quantity: number;
}

/** Run on every order placed: built once (decision 0151). */
const lockHolds = builtOnce<{ key: string }, unknown>((db) => rawStatement(db, sql`select pg_advisory_xact_lock(hashtextextended(${p('key')}, 0))`));

/**
 * Changes to one basket's holds queue behind each other until the caller's transaction ends: two
 * payment starts for one basket (two tabs, a retry) each release then hold again, and without this
 * lock the second would miss the first's uncommitted hold and add its own beside it.
 */
export async function lockHoldsOf(db: Database, basketId: string): Promise<void> {
  // Sent at once (as every built-once statement is), so a statement started after it (`commitHolds`) can follow it without waiting.
  await lockHolds(db, { key: `stock-hold:${basketId}` });
}

/** A hold's units and which of its stock row's counts holds them (`stillReserved`: a committed hold not yet counted as committed). */
export interface MovedHold extends HeldLine {
  stillReserved: boolean;
}

/** Moves a basket's holds from one state to another (only those still live at `liveAt`, when given); returns what moved. */
export function moveHolds(db: Database, basketId: string, from: HoldState, to: HoldState, liveAt?: Date): Promise<MovedHold[]> {
  return db
    .update(stockReservations)
    .set({ state: to })
    .where(
      and(eq(stockReservations.basketId, basketId), eq(stockReservations.state, from), liveAt ? sql`${stockReservations.expiresAt} > ${liveAt}` : undefined),
    )
    .returning({ sku: stockReservations.sku, quantity: stockReservations.quantity, stillReserved: stockReservations.stillReserved });
}

/** Run on every order placed: built once (decision 0151). */
const commitLiveHolds = builtOnce<{ basketId: string; now: string }, { rows: { moved: number }[] }>((db) =>
  rawStatement(
    db,
    sql`with moved as (
      update ${stockReservations} set state = 'committed', still_reserved = true
      where basket_id = ${p('basketId')} and state = 'held' and expires_at > ${p('now')}::timestamptz
      returning 1)
    select count(*)::int as moved from moved`,
  ),
);

/**
 * The basket's live holds become committed. Their stock rows are left alone (decision 0161): the units stay counted as
 * reserved, which takes them from what is available just as committed does, until `countCommittedHolds` moves them.
 * A best seller's stock row is then not a row every order placed waits on. How many holds moved.
 */
export async function commitHolds(db: Database, basketId: string, now: Date): Promise<number> {
  const result = await commitLiveHolds(db, { basketId, now: now.toISOString() });
  return result.rows[0]!.moved;
}

/**
 * Up to `limit` committed holds still counted as reserved move to their stock rows' committed count; how many moved.
 * Neither a hold nor a stock row another transaction is changing is waited for (`skip locked`): that hold waits for the
 * next run, and this never waits on anything, so it takes part in no deadlock.
 */
export async function countCommittedHolds(db: Database, limit: number): Promise<number> {
  const result = (await db.execute(
    sql`with candidates as (
      select id, sku from ${stockReservations}
      where state = 'committed' and still_reserved order by sku limit ${limit} for update skip locked),
    locked as (select s.sku from ${stockLevels} s where s.sku in (select sku from candidates) order by s.sku for update skip locked),
    moved as (
      update ${stockReservations} r set still_reserved = false
      from candidates c where r.id = c.id and c.sku in (select sku from locked)
      returning r.sku, r.quantity),
    per_sku as (select sku, sum(quantity)::int as units from moved group by sku),
    adjusted as (
      update ${stockLevels} s set committed = s.committed + p.units, reserved = s.reserved - p.units
      from per_sku p where s.sku = p.sku)
    select count(*)::int as moved from moved`,
  )) as unknown as { rows: { moved: number }[] };
  return result.rows[0]!.moved;
}

/**
 * Takes up to `quantity` of a sku from the basket's committed hold (a partial cancellation): the
 * hold shrinks, or is released when all of it goes. Returns how many were taken, by the stock row's count that holds them.
 */
export async function takeFromCommittedHold(db: Database, basketId: string, sku: string, quantity: number): Promise<{ committed: number; reserved: number }> {
  const holds = await db
    .select({ id: stockReservations.id, quantity: stockReservations.quantity, stillReserved: stockReservations.stillReserved })
    .from(stockReservations)
    .where(and(eq(stockReservations.basketId, basketId), eq(stockReservations.sku, sku), eq(stockReservations.state, 'committed')))
    .for('update');
  let left = quantity;
  const taken = { committed: 0, reserved: 0 };
  for (const hold of holds) {
    if (left === 0) break;
    const take = Math.min(left, hold.quantity);
    taken[hold.stillReserved ? 'reserved' : 'committed'] += take;
    if (take === hold.quantity) await db.update(stockReservations).set({ state: 'released' }).where(eq(stockReservations.id, hold.id));
    else
      await db
        .update(stockReservations)
        .set({ quantity: hold.quantity - take })
        .where(eq(stockReservations.id, hold.id));
    left -= take;
  }
  return taken;
}

/** Adds to a sku's reserved and committed counts (negative to take away). */
export async function adjustStock(db: Database, sku: string, change: { reserved?: number; committed?: number }): Promise<void> {
  await db
    .update(stockLevels)
    .set({
      ...(change.reserved ? { reserved: sql`${stockLevels.reserved} + ${change.reserved}` } : {}),
      ...(change.committed ? { committed: sql`${stockLevels.committed} + ${change.committed}` } : {}),
    })
    .where(eq(stockLevels.sku, sku));
}

/** What `holdLines` did with one wanted sku: held it, or not, with its row's status and what was free of it. */
export interface LineHeld {
  sku: string;
  held: boolean;
  /** Null for a sku with no stock row. */
  status: string | null;
  /** On hand less committed and reserved, once what was freed went back. */
  available: number;
}

/**
 * `holdLines`' one statement, built once (decision 0151): the lines as arrays, so its text is the same for any number.
 * Each step is a part that reads the one before it, so they run in this order: the basket's own holds given back, then
 * the run-out holds of its skus (not its own, skipping any another transaction is giving back), then the stock rows
 * locked in sku order (as every change to them is, so two baskets sharing skus never deadlock; a made-to-order row
 * only when something of it was freed), then each row's freed units given back and its line taken if that many are
 * free (a conditional move on the locked row, so two baskets racing for the last unit cannot both have it), with the
 * basket's hold written for each line taken.
 */
const holdLinesStatement = builtOnce<Record<string, unknown>, { rows: LineHeld[] }>((db) =>
  rawStatement(
    db,
    sql`with own as (
        update ${stockReservations} set state = 'released' where basket_id = ${p('basketId')}::text and state = 'held' returning sku, quantity),
      ran_out as (
        update ${stockReservations} r set state = 'released'
        where r.id in (select c.id from ${stockReservations} c
            where c.state = 'held' and c.expires_at <= ${p('now')}::timestamptz and c.sku = any(${p('skus')}::text[])
              and c.basket_id <> ${p('basketId')}::text
            order by c.expires_at limit ${p('limit')}::int for update skip locked)
          and r.state = 'held' and r.expires_at <= ${p('now')}::timestamptz
        returning r.sku, r.quantity),
      freed as (select f.sku, sum(f.quantity)::int as units from (select * from own union all select * from ran_out) f group by f.sku),
      wanted as (select * from unnest(${p('skus')}::text[], ${p('quantities')}::int[]) with ordinality as w(sku, quantity, n)),
      locked as (
        select s.sku, s.status, s.on_hand, s.committed, s.reserved from ${stockLevels} s
        where (s.sku in (select sku from wanted) and s.status <> 'made_to_order') or s.sku in (select sku from freed)
        order by s.sku for update),
      decided as (
        select l.sku, coalesce(f.units, 0) as freed, w.quantity as wanted, l.status,
          l.on_hand - l.committed - (l.reserved - coalesce(f.units, 0)) as available,
          coalesce(w.quantity is not null and l.status <> 'made_to_order' and l.on_hand - l.committed - (l.reserved - coalesce(f.units, 0)) >= w.quantity,
            false) as fits
        from locked l left join freed f on f.sku = l.sku left join wanted w on w.sku = l.sku),
      taken as (
        update ${stockLevels} s
        set reserved = s.reserved - d.freed + case when d.fits and ${p('state')}::text = 'held' then d.wanted else 0 end,
          committed = s.committed + case when d.fits and ${p('state')}::text = 'committed' then d.wanted else 0 end
        from decided d where s.sku = d.sku and (d.freed > 0 or d.fits)),
      holds as (
        insert into ${stockReservations} (basket_id, sku, quantity, state, expires_at)
        select ${p('basketId')}::text, d.sku, d.wanted, ${p('state')}::text, ${p('expiresAt')}::timestamptz from decided d where d.fits)
      select w.sku, coalesce(d.fits, false) as held, coalesce(d.status, s.status) as status, coalesce(d.available, 0)::int as available
      from wanted w left join decided d on d.sku = w.sku left join ${stockLevels} s on s.sku = w.sku
      order by w.n`,
  ),
);

/**
 * In one statement: gives back what the basket holds and up to `limit` run-out holds of the lines' skus, with their
 * stock, and holds (state `held`, until `expiresAt`) or commits (`committed`: an order placed with no hold before it)
 * each line whose quantity is free (on hand less committed and reserved). Made-to-order and unknown skus are never
 * held. Returns each line in the order given, whether it was held.
 */
export async function holdLines(
  db: Database,
  basketId: string,
  lines: readonly HeldLine[],
  into: { state: 'held' | 'committed'; expiresAt: Date },
  now: Date,
  limit: number,
): Promise<LineHeld[]> {
  const result = await holdLinesStatement(db, {
    basketId,
    skus: lines.map((line) => line.sku),
    quantities: lines.map((line) => line.quantity),
    state: into.state,
    expiresAt: into.expiresAt.toISOString(),
    now: now.toISOString(),
    limit,
  });
  return result.rows;
}

export function findHolds(db: Database, basketId: string): Promise<HeldLine[]> {
  return db
    .select({ sku: stockReservations.sku, quantity: stockReservations.quantity })
    .from(stockReservations)
    .where(and(eq(stockReservations.basketId, basketId), eq(stockReservations.state, 'held')));
}

/**
 * Releases holds that ran out by `now` (of `skus` only, when given), at most `limit`, oldest first,
 * and returns them. The statement that moves a hold is the one that checks it ran out, so a live
 * hold is never touched; a hold another transaction is changing is skipped, not waited for (its
 * basket's own payment start, or another release, is giving it back).
 */
export function releaseExpiredHolds(db: Database, now: Date, options: { skus?: readonly string[]; limit: number }): Promise<HeldLine[]> {
  const ranOut = and(eq(stockReservations.state, 'held'), lte(stockReservations.expiresAt, now));
  const claimed = db
    .select({ id: stockReservations.id })
    .from(stockReservations)
    .where(and(ranOut, options.skus ? sql`${stockReservations.sku} = any(${sql.param(options.skus)}::text[])` : undefined))
    .orderBy(asc(stockReservations.expiresAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(stockReservations)
    .set({ state: 'released' })
    .where(and(inArray(stockReservations.id, claimed), ranOut))
    .returning({ sku: stockReservations.sku, quantity: stockReservations.quantity });
}

/** Stocked rows with less than nothing free, or a negative reserved count. */
export function findStockViolations(db: Database, skus?: readonly string[]) {
  return db
    .select({ sku: stockLevels.sku, onHand: stockLevels.onHand, committed: stockLevels.committed, reserved: stockLevels.reserved })
    .from(stockLevels)
    .where(
      and(
        skus ? inArray(stockLevels.sku, [...skus]) : undefined,
        sql`${stockLevels.status} <> 'made_to_order'
          and (${stockLevels.onHand} - ${stockLevels.committed} - ${stockLevels.reserved} < 0 or ${stockLevels.reserved} < 0)`,
      ),
    );
}

/** Below this many free units a stocked sku shows as low stock (the seed's own threshold). */
export const LOW_STOCK_BELOW = 6;

export type StockRecord = Pick<typeof stockLevels.$inferSelect, 'sku' | 'onHand' | 'committed' | 'reserved' | 'status'>;

/** A stock row as counted: the columns of `StockRecord`. */
const STOCK_RECORD = {
  sku: stockLevels.sku,
  onHand: stockLevels.onHand,
  committed: stockLevels.committed,
  reserved: stockLevels.reserved,
  status: stockLevels.status,
};

/** A stock row read as counted exactly (`stock_counts`: an order placed lately counts as committed, decision 0161). */
const STOCK_COUNTED = {
  sku: stockCounts.sku,
  onHand: stockCounts.onHand,
  committed: stockCounts.committed,
  reserved: stockCounts.reserved,
  status: stockCounts.status,
};

export async function findStockRecord(db: Database, sku: string): Promise<StockRecord | undefined> {
  const [row] = await db.select(STOCK_COUNTED).from(stockCounts).where(eq(stockCounts.sku, sku));
  return row;
}

/**
 * Stock arrived: on hand goes up by `quantity` in one statement (so two deliveries booked at once
 * both count), and a stocked sku's status follows what is now free; made-to-order stays so. Only
 * on hand changes, so on hand = available + committed + reserved still holds.
 */
export async function addOnHand(db: Database, sku: string, quantity: number, now: Date): Promise<StockRecord> {
  const free = sql`${stockLevels.onHand} + ${quantity} - ${stockLevels.committed} - ${stockLevels.reserved}`;
  const [row] = await db
    .insert(stockLevels)
    .values({ sku, onHand: quantity, status: quantity >= LOW_STOCK_BELOW ? 'in_stock' : 'low_stock', eta: null, updatedAt: now })
    .onConflictDoUpdate({
      target: stockLevels.sku,
      set: {
        onHand: sql`${stockLevels.onHand} + ${quantity}`,
        status: sql`case when ${stockLevels.status} = 'made_to_order' then ${stockLevels.status}
                         when ${free} >= ${LOW_STOCK_BELOW} then 'in_stock' when ${free} > 0 then 'low_stock' else 'out_of_stock' end`,
        eta: sql`case when ${stockLevels.status} = 'made_to_order' then ${stockLevels.eta} else null end`,
        updatedAt: now,
      },
    })
    .returning(STOCK_RECORD);
  return row!;
}

/** Each sku's stock row as counted, for the skus asked that have one. */
export function findStockRecords(db: Database, skus: readonly string[]): Promise<StockRecord[]> {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .select(STOCK_COUNTED)
    .from(stockCounts)
    .where(inArray(stockCounts.sku, [...skus]));
}

/** The stock rows of these skus that have one, locked for the caller's transaction in sku order (an import's batch of counts). */
export function lockStockRecords(db: Database, skus: readonly string[]): Promise<StockRecord[]> {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .select(STOCK_RECORD)
    .from(stockLevels)
    .where(sql`${stockLevels.sku} = any(${sql.param([...skus])}::text[])`)
    .orderBy(asc(stockLevels.sku))
    .for('update');
}

/**
 * A count of the shelf (an import or a feed): on hand becomes `onHand` in one statement, only if it
 * still covers what orders and payments hold, read under the row's lock; so what is free never goes
 * below none, whatever a payment holds meanwhile. Made-to-order skus keep no stock and are left
 * alone. Returns the row as set, or undefined when it was not set.
 */
export async function setOnHand(db: Database, sku: string, onHand: number, now: Date): Promise<StockRecord | undefined> {
  const free = sql`${onHand} - ${stockLevels.committed} - ${stockLevels.reserved}`;
  const [row] = await db
    .insert(stockLevels)
    .values({ sku, onHand, status: onHand >= LOW_STOCK_BELOW ? 'in_stock' : onHand > 0 ? 'low_stock' : 'out_of_stock', eta: null, updatedAt: now })
    .onConflictDoUpdate({
      target: stockLevels.sku,
      set: {
        onHand,
        status: sql`case when ${free} >= ${LOW_STOCK_BELOW} then 'in_stock' when ${free} > 0 then 'low_stock' else 'out_of_stock' end`,
        eta: sql`case when ${free} > 0 then null else ${stockLevels.eta} end`,
        updatedAt: now,
      },
      setWhere: sql`${stockLevels.status} <> 'made_to_order' and ${onHand} >= ${stockLevels.committed} + ${stockLevels.reserved}`,
    })
    .returning(STOCK_RECORD);
  return row;
}

/** `setOnHandOfMany`'s statement, built once with the counts as arrays (decisions 0151, 0154): one text for any number of counts. */
const countsUpsert = builtOnce<{ skus: string[]; onHands: number[]; now: string }, { rows: { sku: string }[] }>((db) => {
  const free = sql`excluded.on_hand - ${stockLevels.committed} - ${stockLevels.reserved}`;
  return rawStatement(
    db,
    sql`insert into ${stockLevels} (sku, on_hand, status, eta, updated_at)
      select c.sku, c.on_hand,
        case when c.on_hand >= ${LOW_STOCK_BELOW} then 'in_stock' when c.on_hand > 0 then 'low_stock' else 'out_of_stock' end, null,
        ${sql.placeholder('now')}::timestamptz
      from unnest(${sql.placeholder('skus')}::text[], ${sql.placeholder('onHands')}::int[]) as c(sku, on_hand)
      on conflict (sku) do update set on_hand = excluded.on_hand,
        status = case when ${free} >= ${LOW_STOCK_BELOW} then 'in_stock' when ${free} > 0 then 'low_stock' else 'out_of_stock' end,
        eta = case when ${free} > 0 then null else ${stockLevels.eta} end, updated_at = excluded.updated_at
      where ${stockLevels.status} <> 'made_to_order' and excluded.on_hand >= ${stockLevels.committed} + ${stockLevels.reserved}
      returning sku`,
  );
});

/**
 * Several shelves counted in one statement (an import's batch): as `setOnHand` for each, under each
 * row's lock. Returns the skus set; one refused (below what is held, or made to order) is left out.
 */
export async function setOnHandOfMany(db: Database, counts: readonly { sku: string; onHand: number }[], now: Date): Promise<Set<string>> {
  if (counts.length === 0) return new Set();
  const { rows } = await countsUpsert(db, { skus: counts.map((one) => one.sku), onHands: counts.map((one) => one.onHand), now: now.toISOString() });
  return new Set(rows.map((row) => row.sku));
}

/**
 * Past orders took these quantities of each sku from stock that arrived for them (demo data): on
 * hand and committed rise together, so what is free (and the status shown) is unchanged. Made-to-
 * order and unknown skus are never held and are left alone. Returns the skus committed.
 */
export async function commitArrivedStock(db: Database, quantities: ReadonlyMap<string, number>): Promise<Set<string>> {
  if (quantities.size === 0) return new Set();
  const skus = [...quantities.keys()].toSorted();
  const result = (await db.execute(sql`
    update ${stockLevels} set on_hand = ${stockLevels.onHand} + arrived.quantity, committed = ${stockLevels.committed} + arrived.quantity
    from unnest(${sql.param(skus)}::text[], ${sql.param(skus.map((sku) => quantities.get(sku)!))}::int[]) as arrived(sku, quantity)
    where ${stockLevels.sku} = arrived.sku and ${stockLevels.status} <> 'made_to_order'
    returning ${stockLevels.sku}`)) as unknown as { rows: { sku: string }[] };
  return new Set(result.rows.map((row) => row.sku));
}

/** Records holds already committed to their orders (past orders written as demo data), in batches. */
export async function insertCommittedHolds(db: Database, holds: readonly { basketId: string; sku: string; quantity: number; at: Date }[]): Promise<void> {
  for (let start = 0; start < holds.length; start += 1_000) {
    const batch = holds.slice(start, start + 1_000);
    await db.insert(stockReservations).values(batch.map(({ at, ...hold }) => ({ ...hold, state: 'committed' as const, expiresAt: at, createdAt: at })));
  }
}

// ── back-in-stock notices (stock-notices.ts) ────────────────────────────────────────────────────

export type StockNoticeRow = typeof stockNotificationRequests.$inferSelect;

const liveNotice = and(isNull(stockNotificationRequests.notifiedAt), isNull(stockNotificationRequests.unsubscribedAt));

export async function findWaitingNotice(db: Database, sku: string, emailAddress: string): Promise<StockNoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(stockNotificationRequests)
    .where(and(eq(stockNotificationRequests.sku, sku), sql`lower(${stockNotificationRequests.emailAddress}) = lower(${emailAddress})`, liveNotice))
    .limit(1);
  return row;
}

/** Undefined when a live notice for the same product and address won the race (the live-notice index keeps one). */
export async function insertNotice(db: Database, notice: typeof stockNotificationRequests.$inferInsert): Promise<StockNoticeRow | undefined> {
  const [row] = await db.insert(stockNotificationRequests).values(notice).onConflictDoNothing().returning();
  return row;
}

export async function findNoticeByTokenHash(db: Database, tokenHash: string): Promise<StockNoticeRow | undefined> {
  const [row] = await db.select().from(stockNotificationRequests).where(eq(stockNotificationRequests.unsubscribeTokenHash, tokenHash)).limit(1);
  return row;
}

/** Undefined when it was unsubscribed already (the first time is kept). */
export async function markNoticeUnsubscribed(db: Database, id: string, now: Date): Promise<StockNoticeRow | undefined> {
  const [row] = await db
    .update(stockNotificationRequests)
    .set({ unsubscribedAt: now })
    .where(and(eq(stockNotificationRequests.id, id), isNull(stockNotificationRequests.unsubscribedAt)))
    .returning();
  return row;
}

export async function countWaitingNotices(db: Database, sku: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(stockNotificationRequests)
    .where(and(eq(stockNotificationRequests.sku, sku), liveNotice));
  return Number(row?.n ?? 0);
}

export async function skusWithWaitingNotices(db: Database, limit: number): Promise<string[]> {
  const rows = await db.selectDistinct({ sku: stockNotificationRequests.sku }).from(stockNotificationRequests).where(liveNotice).limit(limit);
  return rows.map((row) => row.sku);
}

/**
 * Claims up to `limit` live notices of `skus` with one UPDATE … WHERE notified_at IS NULL … RETURNING:
 * a second claim at the same moment skips the locked rows, or waits for the first's commit and then
 * finds them claimed, so each notice is claimed once.
 */
export async function claimWaitingNotices(db: Database, skus: readonly string[], limit: number, now: Date): Promise<StockNoticeRow[]> {
  const picked = db
    .select({ id: stockNotificationRequests.id })
    .from(stockNotificationRequests)
    .where(and(inArray(stockNotificationRequests.sku, [...skus]), liveNotice))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(stockNotificationRequests)
    .set({ notifiedAt: now })
    .where(and(inArray(stockNotificationRequests.id, picked), isNull(stockNotificationRequests.notifiedAt)))
    .returning();
}

export async function setNoticeTokenHash(db: Database, id: string, tokenHash: string): Promise<void> {
  await db.update(stockNotificationRequests).set({ unsubscribeTokenHash: tokenHash }).where(eq(stockNotificationRequests.id, id));
}

// ── erasure (platform/personal-data.ts) ─────────────────────────────────────────────────────────

const noticesOf = (subject: DataSubject) =>
  or(isSubjectsAddress(stockNotificationRequests.emailAddress, subject), subject.userId ? eq(stockNotificationRequests.customerId, subject.userId) : undefined);

export async function countNoticesOf(db: Database, subject: DataSubject): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stockNotificationRequests).where(noticesOf(subject));
  return row?.n ?? 0;
}

export async function deleteNoticesOf(db: Database, subject: DataSubject): Promise<number> {
  return (await db.delete(stockNotificationRequests).where(noticesOf(subject)).returning({ id: stockNotificationRequests.id })).length;
}
