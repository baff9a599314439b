/** What erasure counts and anonymises (platform/personal-data.ts). */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { ERASED_NAME, type DataSubject } from '../../../platform/personal-data.ts';
import { tradeAccounts, tradeApplicationDocuments, tradeApplicationEvents, tradeApplications, tradeTermsAcceptances } from '../trade.tables.ts';

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
