import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { helpRequestFiles, helpRequestMessages, helpRequests } from './help-centre.tables.ts';

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
