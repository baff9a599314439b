import { and, count, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { PromotionStatus, SalesChannel } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { discountClaims, discountIssueCodes, discountPromotions } from './discounts.tables.ts';

export type PromotionRow = typeof discountPromotions.$inferSelect;
export type NewPromotionRow = typeof discountPromotions.$inferInsert;
export type PromotionWithCounts = PromotionRow & { issueCodeCount: number };
export type IssueCodeRow = typeof discountIssueCodes.$inferSelect & { claimId: number | null };
export interface ClaimRow {
  id: number;
  promotionCode: string;
  issueCode: string | null;
  orderId: string;
  customerId: string | null;
  amountPence: number;
  channel: number;
  claimedAt: Date;
}

// Correlated subqueries are written out in full: drizzle may render a column without its table.
const issueCodeCount = sql<number>`(select count(*)::int from discount_issue_codes ic where ic.promotion_id = discount_promotions.id)`;
const withCounts = { ...getTableColumns(discountPromotions), issueCodeCount };

/** Inserts a promotion; null when the code is taken (also by a concurrent insert). */
export async function insertPromotion(db: Database, row: NewPromotionRow): Promise<PromotionRow | null> {
  const [inserted] = await db.insert(discountPromotions).values(row).onConflictDoNothing({ target: discountPromotions.promotionCode }).returning();
  return inserted ?? null;
}

export async function findPromotion(db: Database, promotionCode: string): Promise<PromotionWithCounts | undefined> {
  const [row] = await db.select(withCounts).from(discountPromotions).where(eq(discountPromotions.promotionCode, promotionCode));
  return row;
}

export async function findPromotionById(db: Database, id: number): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(discountPromotions).where(eq(discountPromotions.id, id));
  return row;
}

export async function updatePromotion(db: Database, id: number, values: Partial<NewPromotionRow>): Promise<void> {
  await db.update(discountPromotions).set(values).where(eq(discountPromotions.id, id));
}

export async function issueCodeExists(db: Database, code: string): Promise<boolean> {
  const [row] = await db.select({ id: discountIssueCodes.id }).from(discountIssueCodes).where(eq(discountIssueCodes.code, code));
  return row !== undefined;
}

/** Inserts the candidates that are free; returns those inserted (a clash, even a concurrent one, is skipped). */
export async function insertIssueCodes(db: Database, promotionId: number, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .insert(discountIssueCodes)
    .values(codes.map((code) => ({ promotionId, code })))
    .onConflictDoNothing({ target: discountIssueCodes.code })
    .returning({ code: discountIssueCodes.code });
  return rows.map((row) => row.code);
}

/** Of `codes`, those that are promotion codes (issue codes must not shadow one). */
export async function takenPromotionCodes(db: Database, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: discountPromotions.promotionCode })
    .from(discountPromotions)
    .where(sql`${discountPromotions.promotionCode} = any(${sql.param([...codes])}::text[])`);
  return new Set(rows.map((row) => row.code));
}

const issueCodeColumns = { ...getTableColumns(discountIssueCodes), claimId: discountClaims.id };

export async function findIssueCode(db: Database, code: string): Promise<IssueCodeRow | undefined> {
  const [row] = await db
    .select(issueCodeColumns)
    .from(discountIssueCodes)
    .leftJoin(discountClaims, eq(discountClaims.issueCodeId, discountIssueCodes.id))
    .where(eq(discountIssueCodes.code, code));
  return row;
}

/** What a typed code names: its promotion, the issue code when it is one, and the customer's claims when asked for and limited. */
export interface NamedByCode {
  promotion: PromotionRow;
  issueCode: IssueCodeRow | null;
  customerClaims: number | null;
}

/**
 * The promotion a code names, by one of its issue codes or by its own code, with that issue code and
 * (for `customerId`, when the promotion limits each customer) how often the customer has claimed it:
 * one statement where judging a code on every basket change took three.
 */
export async function findNamedByCode(db: Database, code: string, customerId: string | null): Promise<NamedByCode | undefined> {
  const p = discountPromotions;
  const customerClaims =
    customerId === null
      ? sql<number | null>`null::int`
      : sql<number | null>`case when ${p.perCustomerLimit} is null then null else
          (select count(*)::int from discount_claims dc where dc.promotion_id = ${p.id} and dc.customer_id = ${customerId}) end`;
  const [row] = await db
    .select({ promotion: getTableColumns(p), issueCode: issueCodeColumns, customerClaims })
    .from(p)
    .leftJoin(discountIssueCodes, and(eq(discountIssueCodes.promotionId, p.id), eq(discountIssueCodes.code, code)))
    .leftJoin(discountClaims, eq(discountClaims.issueCodeId, discountIssueCodes.id))
    .where(
      sql`${p.id} = coalesce((select ic.promotion_id from discount_issue_codes ic where ic.code = ${code}),
        (select dp.id from discount_promotions dp where dp.promotion_code = ${code}))`,
    );
  if (!row) return undefined;
  // A code that is the promotion's own joins no issue code: drizzle gives the columns as nulls or the object as null.
  const joined = row.issueCode as IssueCodeRow | null;
  const issueCode = joined === null || joined.id === null ? null : joined;
  return { promotion: row.promotion, issueCode, customerClaims: row.customerClaims };
}

export async function listIssueCodes(db: Database, promotionId: number): Promise<IssueCodeRow[]> {
  return db
    .select(issueCodeColumns)
    .from(discountIssueCodes)
    .leftJoin(discountClaims, eq(discountClaims.issueCodeId, discountIssueCodes.id))
    .where(eq(discountIssueCodes.promotionId, promotionId))
    .orderBy(discountIssueCodes.id);
}

/** Withdraws or reinstates an unclaimed code; false when it has been claimed meanwhile. */
export async function setIssueCodeVoided(db: Database, id: number, voidedAt: Date | null): Promise<boolean> {
  const rows = await db
    .update(discountIssueCodes)
    .set({ voidedAt })
    .where(and(eq(discountIssueCodes.id, id), isNull(discountIssueCodes.claimedAt)))
    .returning({ id: discountIssueCodes.id });
  return rows.length > 0;
}

export interface PromotionFilter {
  channel?: SalesChannel;
  status?: PromotionStatus;
  text?: string;
  /** Running at some time in [from, to). */
  from?: Date;
  to?: Date;
}

export async function searchPromotions(
  db: Database,
  filter: PromotionFilter,
  now: Date,
  page: { offset: number; limit: number },
): Promise<{ rows: PromotionWithCounts[]; total: number }> {
  const p = discountPromotions;
  const conditions: (SQL | undefined)[] = [];
  if (filter.channel !== undefined) conditions.push(sql`${filter.channel}::int = any(${p.channels})`);
  if (filter.status === 'scheduled') conditions.push(sql`${p.startsAt} > ${now}`);
  if (filter.status === 'active') conditions.push(sql`${p.startsAt} <= ${now} and (${p.endsAt} is null or ${p.endsAt} > ${now})`);
  if (filter.status === 'expired') conditions.push(sql`${p.endsAt} <= ${now}`);
  if (filter.text) {
    const pattern = `%${filter.text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    const asCode = filter.text.toUpperCase().replace(/[\s-]+/g, '');
    conditions.push(
      sql`(${p.promotionCode} ilike ${pattern} or ${p.description} ilike ${pattern}
        or exists (select 1 from discount_issue_codes ic where ic.promotion_id = discount_promotions.id and ic.code = ${asCode}))`,
    );
  }
  if (filter.from) conditions.push(sql`(${p.endsAt} is null or ${p.endsAt} > ${filter.from})`);
  if (filter.to) conditions.push(sql`${p.startsAt} < ${filter.to}`);
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db.select(withCounts).from(p).where(where).orderBy(desc(p.createdAt), desc(p.id)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(p).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

const claimColumns = {
  id: discountClaims.id,
  promotionCode: discountPromotions.promotionCode,
  issueCode: discountIssueCodes.code,
  orderId: discountClaims.orderId,
  customerId: discountClaims.customerId,
  amountPence: discountClaims.amountPence,
  channel: discountClaims.channel,
  claimedAt: discountClaims.claimedAt,
};

function selectClaims(db: Database) {
  return db
    .select(claimColumns)
    .from(discountClaims)
    .innerJoin(discountPromotions, eq(discountPromotions.id, discountClaims.promotionId))
    .leftJoin(discountIssueCodes, eq(discountIssueCodes.id, discountClaims.issueCodeId));
}

export async function findClaim(db: Database, id: number): Promise<ClaimRow | undefined> {
  const [row] = await selectClaims(db).where(eq(discountClaims.id, id));
  return row;
}

/** The claim an order made, if any (one per order). */
export async function findOrderClaim(db: Database, orderId: string): Promise<typeof discountClaims.$inferSelect | undefined> {
  const [row] = await db.select().from(discountClaims).where(eq(discountClaims.orderId, orderId)).limit(1);
  return row;
}

export async function recentClaims(db: Database, of: { promotionId: number; issueCodeId?: number }, limit: number): Promise<ClaimRow[]> {
  return selectClaims(db)
    .where(of.issueCodeId === undefined ? eq(discountClaims.promotionId, of.promotionId) : eq(discountClaims.issueCodeId, of.issueCodeId))
    .orderBy(desc(discountClaims.claimedAt), desc(discountClaims.id))
    .limit(limit);
}

export async function countCustomerClaims(db: Database, promotionId: number, customerId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(discountClaims)
    .where(and(eq(discountClaims.promotionId, promotionId), eq(discountClaims.customerId, customerId)));
  return row?.total ?? 0;
}

/**
 * Counts one claim against the promotion's total limit, atomically: the update only matches while
 * there is room, and its row lock (held to commit) makes concurrent claims of one promotion take
 * turns, so the per-customer count read after it is current. False when the limit is reached.
 */
export async function takeUsage(db: Database, promotionId: number): Promise<boolean> {
  const rows = await db
    .update(discountPromotions)
    .set({ claimCount: sql`${discountPromotions.claimCount} + 1` })
    .where(
      and(
        eq(discountPromotions.id, promotionId),
        sql`(${discountPromotions.usageLimit} is null or ${discountPromotions.claimCount} < ${discountPromotions.usageLimit})`,
      ),
    )
    .returning({ id: discountPromotions.id });
  return rows.length > 0;
}

/** Marks a single-use code claimed; false when it was claimed (or withdrawn) first. */
export async function takeIssueCode(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(discountIssueCodes)
    .set({ claimedAt: now })
    .where(and(eq(discountIssueCodes.id, id), isNull(discountIssueCodes.claimedAt), isNull(discountIssueCodes.voidedAt)))
    .returning({ id: discountIssueCodes.id });
  return rows.length > 0;
}

export async function insertClaim(db: Database, row: typeof discountClaims.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(discountClaims).values(row).returning({ id: discountClaims.id });
  return inserted!.id;
}

/** Deletes the order's claim and answers what it held; undefined when there is none (any more). */
export async function deleteOrderClaim(
  db: Database,
  orderId: string,
): Promise<{ promotionId: number; issueCodeId: number | null; amountPence: number } | undefined> {
  const [claim] = await db
    .delete(discountClaims)
    .where(eq(discountClaims.orderId, orderId))
    .returning({ promotionId: discountClaims.promotionId, issueCodeId: discountClaims.issueCodeId, amountPence: discountClaims.amountPence });
  return claim;
}

/** Gives one use back to the promotion's total limit (`takeUsage` in reverse). */
export async function returnUsage(db: Database, promotionId: number): Promise<void> {
  await db
    .update(discountPromotions)
    .set({ claimCount: sql`greatest(${discountPromotions.claimCount} - 1, 0)` })
    .where(eq(discountPromotions.id, promotionId));
}

/** A single-use code is free to use again (`takeIssueCode` in reverse); one withdrawn meanwhile stays withdrawn. */
export async function freeIssueCode(db: Database, id: number): Promise<void> {
  await db.update(discountIssueCodes).set({ claimedAt: null }).where(eq(discountIssueCodes.id, id));
}

/** Erasure (platform/personal-data.ts): the codes the person's account claimed. */
export async function countClaimsOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const [row] = await db.select({ n: count() }).from(discountClaims).where(eq(discountClaims.customerId, subject.userId));
  return row?.n ?? 0;
}

/** A claim stays (it counts against the code's usage limit, and its order names it), linked to no account. */
export async function unlinkClaimsOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const rows = await db
    .update(discountClaims)
    .set({ customerId: null })
    .where(eq(discountClaims.customerId, subject.userId))
    .returning({ id: discountClaims.id });
  return rows.length;
}
