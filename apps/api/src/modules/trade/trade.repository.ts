import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TradeApplicationStatus } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import { ERASED_NAME, type DataSubject } from '../../platform/personal-data.ts';
import {
  businesses,
  tradeAccounts,
  tradeApplicationDocuments,
  tradeApplicationEvents,
  tradeApplications,
  tradeBandChanges,
  tradeOrderedProducts,
  tradeOrders,
  tradeTerms,
  tradeTermsAcceptances,
} from './trade.tables.ts';

export type ApplicationRow = typeof tradeApplications.$inferSelect;
export type NewApplication = typeof tradeApplications.$inferInsert;
export type ApplicationEventRow = typeof tradeApplicationEvents.$inferSelect;
export type DocumentRow = typeof tradeApplicationDocuments.$inferSelect;
export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type AccountRow = typeof tradeAccounts.$inferSelect;
export type NewAccount = typeof tradeAccounts.$inferInsert;
export type BandChangeRow = typeof tradeBandChanges.$inferSelect;
export type TradeOrderRow = typeof tradeOrders.$inferSelect;
export type OrderedProductRow = typeof tradeOrderedProducts.$inferSelect;
export type TermsRow = typeof tradeTerms.$inferSelect;
export type AcceptanceRow = typeof tradeTermsAcceptances.$inferSelect;

// ── applications ────────────────────────────────────────────────────────────────────────────────

/** Null when the user already has an open application (the partial unique index says so, whatever raced). */
export async function insertApplication(db: Database, values: NewApplication): Promise<ApplicationRow | null> {
  const [row] = await db.insert(tradeApplications).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findApplication(db: Database, where: SQL): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(tradeApplications).where(where).limit(1);
  return row;
}
export const applicationById = (id: number) => eq(tradeApplications.id, id);
export const applicationByExternalId = (tradeExternalId: string) => eq(tradeApplications.tradeExternalId, tradeExternalId);

export async function latestApplicationOf(db: Database, userId: string): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(tradeApplications)
    .where(eq(tradeApplications.userId, userId))
    .orderBy(desc(tradeApplications.submittedAt), desc(tradeApplications.id))
    .limit(1);
  return row;
}

/**
 * The one way an application changes: only from one of `from`, and only at `version` when given, in
 * one statement. Of two reviewers acting at once, the second finds the row changed and gets nothing.
 */
export async function updateApplication(
  db: Database,
  id: number,
  expect: { from: readonly TradeApplicationStatus[]; version?: number },
  changes: Partial<Omit<ApplicationRow, 'id' | 'version' | 'tradeExternalId' | 'userId'>>,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(tradeApplications)
    .set({ ...changes, version: sql`${tradeApplications.version} + 1` })
    .where(
      and(
        eq(tradeApplications.id, id),
        inArray(tradeApplications.status, [...expect.from]),
        expect.version === undefined ? undefined : eq(tradeApplications.version, expect.version),
      ),
    )
    .returning();
  return row;
}

/** Sets columns without counting a change (the trade account an approval opened, demo data). */
export async function updateApplicationColumns(db: Database, id: number, changes: Partial<Pick<ApplicationRow, 'tradeAccountId'>>): Promise<void> {
  await db.update(tradeApplications).set(changes).where(eq(tradeApplications.id, id));
}

export async function insertApplicationEvent(db: Database, event: typeof tradeApplicationEvents.$inferInsert): Promise<void> {
  await db.insert(tradeApplicationEvents).values(event);
}

export function eventsOf(db: Database, applicationId: number): Promise<ApplicationEventRow[]> {
  return db
    .select()
    .from(tradeApplicationEvents)
    .where(eq(tradeApplicationEvents.applicationId, applicationId))
    .orderBy(asc(tradeApplicationEvents.at), asc(tradeApplicationEvents.id));
}

export async function insertDocument(db: Database, document: DocumentRow): Promise<void> {
  await db.insert(tradeApplicationDocuments).values(document);
}

export function documentsOf(db: Database, applicationId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(tradeApplicationDocuments)
    .where(eq(tradeApplicationDocuments.applicationId, applicationId))
    .orderBy(asc(tradeApplicationDocuments.uploadedAt));
}

export async function findDocument(db: Database, applicationId: number, documentId: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(tradeApplicationDocuments)
    .where(and(eq(tradeApplicationDocuments.applicationId, applicationId), eq(tradeApplicationDocuments.id, documentId)));
  return row;
}

/** Words to look for in an application: names, e-mail, postcode, numbers and the reference. */
const applicationText = sql`concat_ws(' ',
  ${tradeApplications.details}->>'legalName', ${tradeApplications.details}->>'tradingName', ${tradeApplications.details}->>'contactName',
  ${tradeApplications.userEmail}, ${tradeApplications.details}->>'contactEmail',
  ${tradeApplications.details}#>>'{address,postcode}', replace(${tradeApplications.details}#>>'{address,postcode}', ' ', ''),
  ${tradeApplications.details}->>'companyNumber', ${tradeApplications.details}->>'vatNumber', ${tradeApplications.tradeExternalId})`;

/** `%word%` for each word, escaped, so every word must appear somewhere. */
function everyWord(text: SQL, search: string | undefined): SQL | undefined {
  const words = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => sql`${text} ilike ${`%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`));
}

export interface ApplicationFilter {
  text?: string;
  statuses?: readonly TradeApplicationStatus[];
  bandCodes?: readonly string[];
  submittedFrom?: Date;
  /** Exclusive. */
  submittedBefore?: Date;
  sortBy: 'submittedAt' | 'updatedAt' | 'legalName';
  sortDirection: 'asc' | 'desc';
  pageNumber: number;
  pageSize: number;
}

export async function searchApplications(
  db: Database,
  filter: ApplicationFilter,
): Promise<{ rows: (ApplicationRow & { documentCount: number })[]; total: number }> {
  const where = and(
    everyWord(applicationText, filter.text),
    filter.statuses?.length ? inArray(tradeApplications.status, [...filter.statuses]) : undefined,
    filter.bandCodes?.length ? inArray(tradeApplications.approvedBandCode, [...filter.bandCodes]) : undefined,
    filter.submittedFrom ? gte(tradeApplications.submittedAt, filter.submittedFrom) : undefined,
    filter.submittedBefore ? lt(tradeApplications.submittedAt, filter.submittedBefore) : undefined,
  );
  const column = {
    submittedAt: tradeApplications.submittedAt,
    updatedAt: tradeApplications.updatedAt,
    legalName: sql`lower(${tradeApplications.details}->>'legalName')`,
  }[filter.sortBy];
  const direction = filter.sortDirection === 'asc' ? asc : desc;
  // One after the other: a transaction's (and PGlite's) one connection runs one statement at a time.
  const rows = await db
    .select({
      row: tradeApplications,
      documentCount: sql<number>`(select count(*)::int from ${tradeApplicationDocuments} d where d.application_id = "trade_applications"."id")`,
    })
    .from(tradeApplications)
    .where(where)
    .orderBy(direction(column), direction(tradeApplications.id))
    .limit(filter.pageSize)
    .offset((filter.pageNumber - 1) * filter.pageSize);
  const [totals] = await db.select({ total: count() }).from(tradeApplications).where(where);
  return { rows: rows.map(({ row, documentCount }) => ({ ...row, documentCount })), total: totals?.total ?? 0 };
}

export async function countApplicationsByStatus(db: Database): Promise<Map<TradeApplicationStatus, number>> {
  const rows = await db.select({ status: tradeApplications.status, total: count() }).from(tradeApplications).groupBy(tradeApplications.status);
  return new Map(rows.map((row) => [row.status, row.total]));
}

// ── businesses and accounts ─────────────────────────────────────────────────────────────────────

export async function insertBusiness(db: Database, values: NewBusiness): Promise<BusinessRow> {
  const [row] = await db.insert(businesses).values(values).returning();
  return row!;
}

export async function insertAccount(db: Database, values: NewAccount): Promise<AccountRow> {
  const [row] = await db.insert(tradeAccounts).values(values).returning();
  return row!;
}

export async function insertBandChange(db: Database, change: typeof tradeBandChanges.$inferInsert): Promise<void> {
  await db.insert(tradeBandChanges).values(change);
}

export async function insertBandChanges(db: Database, changes: readonly (typeof tradeBandChanges.$inferInsert)[]): Promise<void> {
  if (changes.length > 0) await db.insert(tradeBandChanges).values([...changes]);
}

export interface AccountWithBusiness {
  account: AccountRow;
  business: BusinessRow;
}

export async function findAccount(db: Database, where: SQL): Promise<AccountWithBusiness | undefined> {
  const [row] = await db
    .select({ account: tradeAccounts, business: businesses })
    .from(tradeAccounts)
    .innerJoin(businesses, eq(businesses.id, tradeAccounts.businessId))
    .where(where)
    .limit(1);
  return row;
}
export const accountById = (id: number) => eq(tradeAccounts.id, id);
export const accountByExternalId = (tradeExternalId: string) => eq(tradeAccounts.tradeExternalId, tradeExternalId);
export const accountOfUser = (userId: string) => eq(tradeAccounts.userId, userId);
export const accountByEmail = (email: string) => sql`lower(${tradeAccounts.userEmail}) = lower(${email})`;

/** The band code a user's business is on, for pricing: one indexed lookup. */
export async function bandCodeOfUser(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ bandCode: businesses.bandCode })
    .from(tradeAccounts)
    .innerJoin(businesses, eq(businesses.id, tradeAccounts.businessId))
    .where(eq(tradeAccounts.userId, userId))
    .limit(1);
  return row?.bandCode ?? null;
}

export function accountsOfBusiness(db: Database, businessId: number): Promise<AccountRow[]> {
  return db.select().from(tradeAccounts).where(eq(tradeAccounts.businessId, businessId)).orderBy(asc(tradeAccounts.id));
}

export async function updateAccount(db: Database, id: number, changes: Partial<Omit<AccountRow, 'id'>>): Promise<void> {
  await db.update(tradeAccounts).set(changes).where(eq(tradeAccounts.id, id));
}

export async function updateBusiness(db: Database, id: number, changes: Partial<Omit<BusinessRow, 'id'>>): Promise<BusinessRow | undefined> {
  const [row] = await db.update(businesses).set(changes).where(eq(businesses.id, id)).returning();
  return row;
}

/** Moves a business's band only if it is still on `fromBand`: a staff change and a spend move racing cannot both apply. */
export async function moveBusinessBand(
  db: Database,
  id: number,
  fromBand: string,
  changes: Pick<BusinessRow, 'bandCode' | 'bandSetBy' | 'bandChangedAt' | 'updatedAt'>,
): Promise<BusinessRow | undefined> {
  const [row] = await db
    .update(businesses)
    .set(changes)
    .where(and(eq(businesses.id, id), eq(businesses.bandCode, fromBand)))
    .returning();
  return row;
}

export async function findBusiness(db: Database, id: number): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
  return row;
}

export async function accountCounts(db: Database, businessIds: readonly number[]): Promise<Map<number, number>> {
  if (businessIds.length === 0) return new Map();
  const rows = await db
    .select({ businessId: tradeAccounts.businessId, total: count() })
    .from(tradeAccounts)
    .where(inArray(tradeAccounts.businessId, [...businessIds]))
    .groupBy(tradeAccounts.businessId);
  return new Map(rows.map((row) => [row.businessId, row.total]));
}

export function bandChangesOf(db: Database, businessId: number): Promise<BandChangeRow[]> {
  return db.select().from(tradeBandChanges).where(eq(tradeBandChanges.businessId, businessId)).orderBy(desc(tradeBandChanges.at), desc(tradeBandChanges.id));
}

const accountText = sql`concat_ws(' ',
  ${businesses.legalName}, ${businesses.tradingName}, ${tradeAccounts.contactName}, ${tradeAccounts.userEmail}, ${tradeAccounts.contactEmail},
  ${businesses.postcode}, replace(${businesses.postcode}, ' ', ''), ${businesses.companyNumber}, ${businesses.vatNumber}, ${tradeAccounts.tradeExternalId})`;

export interface AccountFilter {
  text?: string;
  bandCodes?: readonly string[];
  createdFrom?: Date;
  createdBefore?: Date;
  sortBy: 'createdAt' | 'legalName' | 'band';
  sortDirection: 'asc' | 'desc';
  pageNumber: number;
  pageSize: number;
}

export async function searchAccounts(db: Database, filter: AccountFilter): Promise<{ rows: AccountWithBusiness[]; total: number }> {
  const where = and(
    everyWord(accountText, filter.text),
    filter.bandCodes?.length ? inArray(businesses.bandCode, [...filter.bandCodes]) : undefined,
    filter.createdFrom ? gte(tradeAccounts.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(tradeAccounts.createdAt, filter.createdBefore) : undefined,
  );
  const column = { createdAt: tradeAccounts.createdAt, legalName: sql`lower(${businesses.legalName})`, band: businesses.bandCode }[filter.sortBy];
  const direction = filter.sortDirection === 'asc' ? asc : desc;
  const rows = await db
    .select({ account: tradeAccounts, business: businesses })
    .from(tradeAccounts)
    .innerJoin(businesses, eq(businesses.id, tradeAccounts.businessId))
    .where(where)
    .orderBy(direction(column), direction(tradeAccounts.id))
    .limit(filter.pageSize)
    .offset((filter.pageNumber - 1) * filter.pageSize);
  const [totals] = await db.select({ total: count() }).from(tradeAccounts).innerJoin(businesses, eq(businesses.id, tradeAccounts.businessId)).where(where);
  return { rows, total: totals?.total ?? 0 };
}

const businessText = sql`concat_ws(' ', ${businesses.legalName}, ${businesses.tradingName},
  ${businesses.postcode}, replace(${businesses.postcode}, ' ', ''), ${businesses.companyNumber}, ${businesses.vatNumber})`;

export function searchBusinesses(db: Database, text: string, limit: number): Promise<BusinessRow[]> {
  return db
    .select()
    .from(businesses)
    .where(everyWord(businessText, text))
    .orderBy(asc(sql`lower(${businesses.legalName})`), asc(businesses.id))
    .limit(limit);
}

/**
 * Claims businesses whose band has not been reviewed since `before`, marking them reviewed now:
 * on PostgreSQL two instances never claim the same business (SKIP LOCKED).
 */
export async function claimBusinessesForReview(db: Database, before: Date, now: Date, limit: number): Promise<BusinessRow[]> {
  const due = db
    .select({ id: businesses.id })
    .from(businesses)
    .where(or(isNull(businesses.bandReviewedAt), lt(businesses.bandReviewedAt, before)))
    .orderBy(sql`${businesses.bandReviewedAt} asc nulls first`, asc(businesses.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(businesses).set({ bandReviewedAt: now }).where(inArray(businesses.id, due)).returning();
}

// ── trade orders ────────────────────────────────────────────────────────────────────────────────

export async function insertTradeOrder(db: Database, order: TradeOrderRow): Promise<boolean> {
  const rows = await db.insert(tradeOrders).values(order).onConflictDoNothing().returning({ orderId: tradeOrders.orderId });
  return rows.length > 0;
}

/** Many at once (demo data). */
export async function insertTradeOrders(db: Database, rows: readonly TradeOrderRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(tradeOrders).values([...rows]);
}

/** Adds one order's lines to what the business has ordered (one statement for all the lines). */
export async function addOrderedProducts(db: Database, businessId: number, lines: readonly { sku: string; quantity: number }[], at: Date): Promise<void> {
  const bySku = new Map<string, number>();
  for (const line of lines) bySku.set(line.sku, (bySku.get(line.sku) ?? 0) + line.quantity);
  if (bySku.size === 0) return;
  await db
    .insert(tradeOrderedProducts)
    .values([...bySku].map(([sku, quantity]) => ({ businessId, sku, timesOrdered: 1, quantityOrdered: quantity, lastOrderedAt: at })))
    .onConflictDoUpdate({
      target: [tradeOrderedProducts.businessId, tradeOrderedProducts.sku],
      set: {
        timesOrdered: sql`${tradeOrderedProducts.timesOrdered} + 1`,
        quantityOrdered: sql`${tradeOrderedProducts.quantityOrdered} + excluded.quantity_ordered`,
        lastOrderedAt: sql`greatest(${tradeOrderedProducts.lastOrderedAt}, excluded.last_ordered_at)`,
      },
    });
}

/** What businesses have ordered, in totals (demo data, written once). */
export async function insertOrderedProductTotals(db: Database, rows: readonly OrderedProductRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(tradeOrderedProducts).values([...rows]);
}

/** The business's trade orders placed since `since`, newest first. */
export function tradeOrdersSince(db: Database, businessId: number, since: Date): Promise<TradeOrderRow[]> {
  return db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.businessId, businessId), gte(tradeOrders.placedAt, since)))
    .orderBy(desc(tradeOrders.placedAt));
}

export function latestTradeOrders(db: Database, businessId: number, limit: number, before?: Date): Promise<TradeOrderRow[]> {
  return db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.businessId, businessId), before ? lte(tradeOrders.placedAt, before) : undefined))
    .orderBy(desc(tradeOrders.placedAt))
    .limit(limit);
}

export function orderedProductsOf(db: Database, businessId: number): Promise<OrderedProductRow[]> {
  return db.select().from(tradeOrderedProducts).where(eq(tradeOrderedProducts.businessId, businessId));
}

// ── terms ───────────────────────────────────────────────────────────────────────────────────────

export async function currentTerms(db: Database): Promise<TermsRow | undefined> {
  const [row] = await db.select().from(tradeTerms).orderBy(desc(tradeTerms.version)).limit(1);
  return row;
}

/** Publishes the next version (one more than the highest): two published at once cannot share a number. */
export async function insertNextTerms(db: Database, terms: Omit<TermsRow, 'version'>): Promise<TermsRow> {
  const [row] = await db
    .insert(tradeTerms)
    .values({ ...terms, version: sql<number>`(select coalesce(max(${tradeTerms.version}), 0) + 1 from ${tradeTerms})` })
    .returning();
  return row!;
}

export async function latestAcceptance(db: Database, tradeAccountId: number): Promise<AcceptanceRow | undefined> {
  const [row] = await db
    .select()
    .from(tradeTermsAcceptances)
    .where(eq(tradeTermsAcceptances.tradeAccountId, tradeAccountId))
    .orderBy(desc(tradeTermsAcceptances.version))
    .limit(1);
  return row;
}

export async function latestAcceptances(db: Database, tradeAccountIds: readonly number[]): Promise<Map<number, number>> {
  if (tradeAccountIds.length === 0) return new Map();
  const rows = await db
    .select({ tradeAccountId: tradeTermsAcceptances.tradeAccountId, version: sql<number>`max(${tradeTermsAcceptances.version})` })
    .from(tradeTermsAcceptances)
    .where(inArray(tradeTermsAcceptances.tradeAccountId, [...tradeAccountIds]))
    .groupBy(tradeTermsAcceptances.tradeAccountId);
  return new Map(rows.map((row) => [row.tradeAccountId, Number(row.version)]));
}

/** Accepting again keeps the first time it was accepted. */
export async function insertAcceptance(db: Database, acceptance: AcceptanceRow): Promise<void> {
  await db.insert(tradeTermsAcceptances).values(acceptance).onConflictDoNothing();
}

// ── erasure (platform/personal-data.ts) ─────────────────────────────────────────────────────────

/** The person's applications, trade account (and so its business) or terms accepted. */
export async function countTradeRecordsOf(db: Database, subject: DataSubject, what: 'applications' | 'accounts' | 'terms'): Promise<number> {
  if (!subject.userId) return 0;
  const [row] =
    what === 'applications'
      ? await db.select({ n: count() }).from(tradeApplications).where(eq(tradeApplications.userId, subject.userId))
      : what === 'accounts'
        ? await db.select({ n: count() }).from(tradeAccounts).where(eq(tradeAccounts.userId, subject.userId))
        : await db.select({ n: count() }).from(tradeTermsAcceptances).where(eq(tradeTermsAcceptances.userId, subject.userId));
  return row?.n ?? 0;
}

/** Applications keep their business details and decision, without the applicant's or contact's name, phone and e-mail; documents go. */
export async function anonymiseApplicationsOf(db: Database, subject: DataSubject, now: Date): Promise<{ rows: number; files: string[] }> {
  if (!subject.userId) return { rows: 0, files: [] };
  const rows = await db
    .update(tradeApplications)
    .set({
      userEmail: sql`'erased-application-' || ${tradeApplications.id} || '@erased.invalid'`,
      userName: ERASED_NAME,
      details: sql`(${tradeApplications.details} - 'contactRole' - 'contactEmail')
        || jsonb_build_object('contactName', ${ERASED_NAME}::text, 'contactPhone', '')`,
      updatedAt: now,
    })
    .where(eq(tradeApplications.userId, subject.userId))
    .returning({ id: tradeApplications.id });
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { rows: 0, files: [] };
  await db
    .update(tradeApplicationEvents)
    .set({ actorName: ERASED_NAME })
    .where(and(inArray(tradeApplicationEvents.applicationId, ids), eq(tradeApplicationEvents.actorUserId, subject.userId)));
  const documents = await db
    .delete(tradeApplicationDocuments)
    .where(inArray(tradeApplicationDocuments.applicationId, ids))
    .returning({ fileId: tradeApplicationDocuments.fileId });
  return { rows: ids.length, files: documents.map((document) => document.fileId) };
}

/** The trade account stays (its orders and band point at it), without its user's or contact's details. */
export async function anonymiseTradeAccountsOf(db: Database, subject: DataSubject, now: Date): Promise<number> {
  if (!subject.userId) return 0;
  const rows = await db
    .update(tradeAccounts)
    .set({
      userEmail: sql`'erased-trade-' || ${tradeAccounts.id} || '@erased.invalid'`,
      userName: ERASED_NAME,
      contactName: ERASED_NAME,
      contactRole: null,
      contactPhone: '',
      contactEmail: null,
      updatedAt: now,
    })
    .where(eq(tradeAccounts.userId, subject.userId))
    .returning({ id: tradeAccounts.id });
  return rows.length;
}
