import { and, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { isSubjectsAddress } from '../../db/personal-data.ts';
import { ERASED_NAME, erasedEmail, type DataSubject } from '../../platform/personal-data.ts';
import { helpRequestFiles, helpRequestMessages, helpRequests } from './enquiries.tables.ts';

type Db = Database | Transaction;

export type HelpRequestRow = typeof helpRequests.$inferSelect;
export type NewHelpRequest = typeof helpRequests.$inferInsert;
export type HelpRequestMessageRow = typeof helpRequestMessages.$inferSelect;
export type HelpRequestFileRow = typeof helpRequestFiles.$inferSelect;

/**
 * The shared writes of every help request; the inbox's reads and changes live in `inbox.repository.ts`.
 * Undefined, with nothing written, when a request with the same `dedupeKey` is kept already (or is
 * being kept by a transaction still open: the insert waits for it).
 */
export async function insertHelpRequest(
  db: Db,
  request: NewHelpRequest,
  firstMessage: Omit<typeof helpRequestMessages.$inferInsert, 'requestId'> | null,
  files: readonly Omit<typeof helpRequestFiles.$inferInsert, 'requestId'>[],
): Promise<HelpRequestRow | undefined> {
  const insert = db.insert(helpRequests).values(request);
  const [row] = await (request.dedupeKey ? insert.onConflictDoNothing({ target: helpRequests.dedupeKey }) : insert).returning();
  if (!row) return undefined;
  if (firstMessage) await db.insert(helpRequestMessages).values({ ...firstMessage, requestId: row!.id });
  if (files.length > 0) await db.insert(helpRequestFiles).values(files.map((file) => ({ ...file, requestId: row!.id })));
  return row!;
}

export async function helpRequestByReference(db: Db, reference: string): Promise<HelpRequestRow | undefined> {
  const [row] = await db.select().from(helpRequests).where(eq(helpRequests.reference, reference)).limit(1);
  return row;
}

export async function helpRequestByDedupeKey(db: Db, dedupeKey: string): Promise<HelpRequestRow | undefined> {
  const [row] = await db.select().from(helpRequests).where(eq(helpRequests.dedupeKey, dedupeKey)).limit(1);
  return row;
}

export async function referenceTaken(db: Db, reference: string): Promise<boolean> {
  const [row] = await db.select({ id: helpRequests.id }).from(helpRequests).where(eq(helpRequests.reference, reference)).limit(1);
  return row !== undefined;
}

/** Adds to a request's details (what was done about it), keeping the rest. */
export async function addRequestDetails(db: Db, id: string, extra: Record<string, unknown>, now: Date): Promise<void> {
  await db
    .update(helpRequests)
    .set({ details: sql`${helpRequests.details} || ${JSON.stringify(extra)}::jsonb`, updatedAt: now })
    .where(eq(helpRequests.id, id));
}

/** The guest's link confirms their account deletion request (decision 0030); undefined for an unknown link. */
export async function confirmDeletionRequest(db: Db, confirmTokenHash: string, now: Date): Promise<HelpRequestRow | undefined> {
  const [row] = await db
    .update(helpRequests)
    .set({ details: sql`${helpRequests.details} || ${JSON.stringify({ identityConfirmed: true, confirmedBy: 'e-mail link' })}::jsonb`, updatedAt: now })
    .where(and(eq(helpRequests.type, 'ACCOUNT_DELETION'), sql`${helpRequests.details}->>'confirmTokenHash' = ${confirmTokenHash}`))
    .returning();
  return row;
}

// ── erasure (platform/personal-data.ts) ─────────────────────────────────────────────────────────

const requestsOf = (subject: DataSubject) =>
  or(isSubjectsAddress(helpRequests.emailAddress, subject), subject.userId ? eq(helpRequests.customerId, subject.userId) : undefined);
/** Every request but the erasure requests themselves, which are the record that erasure was asked for and done. */
const erasableRequestsOf = (subject: DataSubject) => and(requestsOf(subject), ne(helpRequests.type, 'ACCOUNT_DELETION'));

export async function countRequestsOf(db: Db, subject: DataSubject, which: 'erasable' | 'deletion'): Promise<number> {
  const where = which === 'erasable' ? erasableRequestsOf(subject) : and(requestsOf(subject), eq(helpRequests.type, 'ACCOUNT_DELETION'));
  const [row] = await db.select({ n: count() }).from(helpRequests).where(where);
  return row?.n ?? 0;
}

/**
 * A request stays (its reference, type, dates and any order it is about: returns point at it), with
 * no name, address, phone or words of the customer's; their files go, and their ids are returned for
 * the files module.
 */
export async function anonymiseRequestsOf(db: Db, subject: DataSubject, now: Date): Promise<{ rows: number; files: string[] }> {
  const rows = await db
    .update(helpRequests)
    .set({
      customerId: null,
      name: ERASED_NAME,
      emailAddress: erasedEmail('request'),
      phone: null,
      summary: ERASED_NAME,
      details: sql`jsonb_build_object('erasedAt', ${now.toISOString()}::text)`,
      updatedAt: now,
    })
    .where(erasableRequestsOf(subject))
    .returning({ id: helpRequests.id });
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { rows: 0, files: [] };
  await db
    .update(helpRequestMessages)
    .set({ authorId: null, authorName: ERASED_NAME, body: '' })
    .where(and(inArray(helpRequestMessages.requestId, ids), eq(helpRequestMessages.author, 'customer')));
  const files = await db.delete(helpRequestFiles).where(inArray(helpRequestFiles.requestId, ids)).returning({ fileId: helpRequestFiles.fileId });
  return { rows: ids.length, files: files.map((file) => file.fileId) };
}

export async function helpRequestById(db: Db, id: string): Promise<HelpRequestRow | undefined> {
  const [row] = await db.select().from(helpRequests).where(eq(helpRequests.id, id)).limit(1);
  return row;
}

/**
 * Units of `skus` reported damaged on delivery: damage reports name each line's sku in their
 * details (reports written before they did are not counted).
 */
export async function unitsReportedDamaged(db: Db, skus: readonly string[]): Promise<number> {
  if (skus.length === 0) return 0;
  const damaged = (await db.execute(sql`
      select coalesce(sum((line->>'quantity')::int), 0)::int as units
      from ${helpRequests}, jsonb_array_elements(${helpRequests.details}->'lines') as line
      where ${helpRequests.type} = 'DAMAGED_MISSING' and ${helpRequests.details}->>'issueType' = 'damaged'
        and line->>'sku' in (${sql.join(
          skus.map((sku) => sql`${sku}`),
          sql`, `,
        )})`)) as unknown as { rows: { units: number }[] };
  return Number(damaged.rows[0]?.units ?? 0);
}
