/** Businesses (with their band and its history) and trade accounts, and staff's searches of them. */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { builtOnce } from '../../../db/built-once.ts';
import { everyWord } from './search-words.ts';
import { businesses, tradeAccounts, tradeApplications, tradeBandChanges, tradeTerms, tradeTermsAcceptances } from '../trade.tables.ts';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type AccountRow = typeof tradeAccounts.$inferSelect;
export type NewAccount = typeof tradeAccounts.$inferInsert;
export type BandChangeRow = typeof tradeBandChanges.$inferSelect;

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
/** A user's account and business with what an order needs beside them: the company number their application gave, and the terms. */
export interface BuyerRow extends AccountWithBusiness {
  applicationCompanyNumber: string | null;
  /** The current terms' version (null before any is published) and the latest the account accepted. */
  termsVersion: number | null;
  acceptedVersion: number | null;
}

/** `findBuyer`'s statement, read with every trade customer's payment: built once (decision 0151). */
const buyerOf = builtOnce<{ userId: string }, BuyerRow[]>((db) =>
  db
    .select({
      account: tradeAccounts,
      business: businesses,
      applicationCompanyNumber: sql<string | null>`(select ${tradeApplications.details}->>'companyNumber' from ${tradeApplications}
        where ${tradeApplications.id} = ${tradeAccounts.applicationId})`,
      termsVersion: sql<number | null>`(select max(${tradeTerms.version}) from ${tradeTerms})`,
      acceptedVersion: sql<number | null>`(select max(${tradeTermsAcceptances.version}) from ${tradeTermsAcceptances}
        where ${tradeTermsAcceptances.tradeAccountId} = ${tradeAccounts.id})`,
    })
    .from(tradeAccounts)
    .innerJoin(businesses, eq(businesses.id, tradeAccounts.businessId))
    .where(eq(tradeAccounts.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('find_trade_buyer'),
);

/** `findAccount`, the application's company number and the terms' versions, in one statement (a checkout's payment reads it once). */
export async function findBuyer(db: Database, userId: string): Promise<BuyerRow | undefined> {
  const [row] = await buyerOf(db, { userId });
  return row;
}
export const accountById = (id: number) => eq(tradeAccounts.id, id);
export const accountByExternalId = (tradeExternalId: string) => eq(tradeAccounts.tradeExternalId, tradeExternalId);
export const accountOfUser = (userId: string) => eq(tradeAccounts.userId, userId);
export const accountByEmail = (email: string) => sql`lower(${tradeAccounts.userEmail}) = lower(${email})`;

/** The business names (trading name first) of these trade accounts, by account id: one query for a page of another module's list. */
export async function businessNamesOfAccounts(db: Database, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: tradeAccounts.id, name: sql<string>`coalesce(${businesses.tradingName}, ${businesses.legalName})` })
    .from(tradeAccounts)
    .innerJoin(businesses, eq(businesses.id, tradeAccounts.businessId))
    .where(inArray(tradeAccounts.id, [...ids]));
}

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
