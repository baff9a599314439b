/** Applications, their events and documents, and reviewers' search of them. */
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { TradeApplicationStatus } from '@shop/contracts';
import type { Database } from '../../../db/client.ts';
import { everyWord } from './search-words.ts';
import { tradeApplicationDocuments, tradeApplicationEvents, tradeApplications } from '../trade.tables.ts';

export type ApplicationRow = typeof tradeApplications.$inferSelect;
export type NewApplication = typeof tradeApplications.$inferInsert;
export type ApplicationEventRow = typeof tradeApplicationEvents.$inferSelect;
export type DocumentRow = typeof tradeApplicationDocuments.$inferSelect;

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
