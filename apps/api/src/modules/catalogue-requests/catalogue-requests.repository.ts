import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { addressKeyOf } from './catalogue-request-rules.ts';
import { catalogueRequests, postalMarketingConsents } from './catalogue-requests.tables.ts';

export type CatalogueRequestRow = typeof catalogueRequests.$inferSelect;

/** Holds the address until the transaction ends: two requests for one address at once record one. */
export async function lockAddress(db: Database, addressKey: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`catalogue-request:${addressKey}`}, 0))`);
}

export async function findRecentRequest(db: Database, addressKey: string, since: Date): Promise<CatalogueRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogueRequests)
    .where(and(eq(catalogueRequests.addressKey, addressKey), gte(catalogueRequests.requestedAt, since)))
    .orderBy(desc(catalogueRequests.requestedAt))
    .limit(1);
  return row;
}

export async function insertRequest(db: Database, row: typeof catalogueRequests.$inferInsert): Promise<CatalogueRequestRow> {
  const [inserted] = await db.insert(catalogueRequests).values(row).returning();
  return inserted!;
}

export async function insertConsent(db: Database, row: typeof postalMarketingConsents.$inferInsert): Promise<void> {
  await db.insert(postalMarketingConsents).values(row);
}

const statusFilter = (status?: 'waiting' | 'posted') =>
  status === 'waiting' ? isNull(catalogueRequests.postedAt) : status === 'posted' ? isNotNull(catalogueRequests.postedAt) : undefined;

export async function countRequests(db: Database, status?: 'waiting' | 'posted'): Promise<number> {
  const [row] = await db.select({ n: count() }).from(catalogueRequests).where(statusFilter(status));
  return row?.n ?? 0;
}

export function listRequests(db: Database, page: { status?: 'waiting' | 'posted'; limit: number; offset: number }): Promise<CatalogueRequestRow[]> {
  return db
    .select()
    .from(catalogueRequests)
    .where(statusFilter(page.status))
    .orderBy(desc(catalogueRequests.requestedAt), desc(catalogueRequests.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Every waiting request, oldest first, marked posted; rows another run holds are skipped, so none is handed out twice. */
export async function takeWaitingRequests(db: Database, postedAt: Date): Promise<CatalogueRequestRow[]> {
  const waiting = await db
    .select({ id: catalogueRequests.id })
    .from(catalogueRequests)
    .where(isNull(catalogueRequests.postedAt))
    .for('update', { skipLocked: true });
  if (waiting.length === 0) return [];
  const posted = await db
    .update(catalogueRequests)
    .set({ postedAt })
    .where(
      and(
        inArray(
          catalogueRequests.id,
          waiting.map((row) => row.id),
        ),
        isNull(catalogueRequests.postedAt),
      ),
    )
    .returning();
  return posted.toSorted((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime() || a.id.localeCompare(b.id));
}

/** A person's rows of a table: made on their account, or at one of their addresses (postcode and first line); none when neither is known. */
function ofSubject(table: typeof catalogueRequests | typeof postalMarketingConsents, subject: DataSubject): SQL | undefined {
  const keys = (subject.postalAddresses ?? []).map(addressKeyOf);
  const parts = [subject.userId ? eq(table.ownerId, subject.userId) : undefined, keys.length > 0 ? inArray(table.addressKey, keys) : undefined];
  return parts.some(Boolean) ? or(...parts) : undefined;
}

export async function findRequestsOf(db: Database, subject: DataSubject): Promise<CatalogueRequestRow[]> {
  const where = ofSubject(catalogueRequests, subject);
  return where ? db.select().from(catalogueRequests).where(where).orderBy(desc(catalogueRequests.requestedAt), catalogueRequests.id) : [];
}

export async function countRequestsOf(db: Database, subject: DataSubject): Promise<number> {
  const where = ofSubject(catalogueRequests, subject);
  const [row] = where ? await db.select({ n: count() }).from(catalogueRequests).where(where) : [];
  return row?.n ?? 0;
}

export async function deleteRequestsOf(db: Database, subject: DataSubject): Promise<number> {
  const where = ofSubject(catalogueRequests, subject);
  return where ? (await db.delete(catalogueRequests).where(where).returning({ id: catalogueRequests.id })).length : 0;
}

export async function countConsentsOf(db: Database, subject: DataSubject): Promise<number> {
  const where = ofSubject(postalMarketingConsents, subject);
  const [row] = where ? await db.select({ n: count() }).from(postalMarketingConsents).where(where) : [];
  return row?.n ?? 0;
}

export async function deleteConsentsOf(db: Database, subject: DataSubject): Promise<number> {
  const where = ofSubject(postalMarketingConsents, subject);
  return where ? (await db.delete(postalMarketingConsents).where(where).returning({ id: postalMarketingConsents.id })).length : 0;
}

/** Removes up to `limit` requests made before `before`, oldest first; returns how many. */
export async function deleteRequestsBefore(db: Database, before: Date, limit: number): Promise<number> {
  const old = db
    .select({ id: catalogueRequests.id })
    .from(catalogueRequests)
    .where(lt(catalogueRequests.requestedAt, before))
    .orderBy(catalogueRequests.requestedAt)
    .limit(limit);
  return (await db.delete(catalogueRequests).where(inArray(catalogueRequests.id, old)).returning({ id: catalogueRequests.id })).length;
}
