import { and, asc, count, desc, eq, gte, like, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { HelpRequestStatus, HelpRequestType } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import type { HelpRequestFileRow, HelpRequestMessageRow, HelpRequestRow } from './enquiries.repository.ts';
import { helpRequestFiles, helpRequestMessages, helpRequests } from './enquiries.tables.ts';

type Db = Database | Transaction;

export interface InboxFilter {
  type?: HelpRequestType;
  status?: HelpRequestStatus;
  reference?: { exact: string } | { prefix: string } | null;
  createdFrom?: Date;
  /** Exclusive. */
  createdBefore?: Date;
  sort: 'newest' | 'oldest';
  pageNumber: number;
  pageSize: number;
}

export type InboxRow = Pick<
  HelpRequestRow,
  'reference' | 'type' | 'status' | 'summary' | 'name' | 'emailAddress' | 'orderNumber' | 'assignedToName' | 'createdAt' | 'dueAt'
>;

/** `_` and `%` never appear in a reference, but a typed prefix is escaped all the same. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * One page of the inbox and how many match. Type and status filters with the time order are what
 * the (type, status, created_at) and (status, created_at) indexes serve.
 */
export async function searchInbox(db: Db, filter: InboxFilter): Promise<{ rows: InboxRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(helpRequests.type, filter.type));
  if (filter.status) conditions.push(eq(helpRequests.status, filter.status));
  if (filter.reference && 'exact' in filter.reference) conditions.push(eq(helpRequests.reference, filter.reference.exact));
  if (filter.reference && 'prefix' in filter.reference) conditions.push(like(helpRequests.reference, `${escapeLike(filter.reference.prefix)}%`));
  if (filter.createdFrom) conditions.push(gte(helpRequests.createdAt, filter.createdFrom));
  if (filter.createdBefore) conditions.push(lt(helpRequests.createdAt, filter.createdBefore));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = filter.sort === 'newest' ? [desc(helpRequests.createdAt), desc(helpRequests.id)] : [asc(helpRequests.createdAt), asc(helpRequests.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        reference: helpRequests.reference,
        type: helpRequests.type,
        status: helpRequests.status,
        summary: helpRequests.summary,
        name: helpRequests.name,
        emailAddress: helpRequests.emailAddress,
        orderNumber: helpRequests.orderNumber,
        assignedToName: helpRequests.assignedToName,
        createdAt: helpRequests.createdAt,
        dueAt: helpRequests.dueAt,
      })
      .from(helpRequests)
      .where(where)
      .orderBy(...order)
      .limit(filter.pageSize)
      .offset((filter.pageNumber - 1) * filter.pageSize),
    db.select({ total: count() }).from(helpRequests).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Open requests past their routing time, per type: read from the partial index on `due_at` of open requests. */
export async function overdueByType(db: Db, now: Date): Promise<{ type: HelpRequestType; count: number }[]> {
  return db
    .select({ type: helpRequests.type, count: count() })
    .from(helpRequests)
    .where(and(ne(helpRequests.status, 'closed'), lt(helpRequests.dueAt, now)))
    .groupBy(helpRequests.type);
}

export async function requestByTokenHash(db: Db, tokenHash: string): Promise<HelpRequestRow | undefined> {
  const [row] = await db.select().from(helpRequests).where(eq(helpRequests.replyTokenHash, tokenHash)).limit(1);
  return row;
}

export function messagesOf(db: Db, requestId: string): Promise<HelpRequestMessageRow[]> {
  return db
    .select()
    .from(helpRequestMessages)
    .where(eq(helpRequestMessages.requestId, requestId))
    .orderBy(asc(helpRequestMessages.at), asc(helpRequestMessages.id));
}

export function filesOf(db: Db, requestId: string): Promise<HelpRequestFileRow[]> {
  return db
    .select()
    .from(helpRequestFiles)
    .where(eq(helpRequestFiles.requestId, requestId))
    .orderBy(asc(helpRequestFiles.uploadedAt), asc(helpRequestFiles.fileName));
}

export async function fileOf(db: Db, requestId: string, id: string): Promise<HelpRequestFileRow | undefined> {
  const [row] = await db
    .select()
    .from(helpRequestFiles)
    .where(and(eq(helpRequestFiles.requestId, requestId), eq(helpRequestFiles.id, id)))
    .limit(1);
  return row;
}

export type RequestChanges = Partial<Pick<HelpRequestRow, 'status' | 'assignedToId' | 'assignedToName' | 'replyTokenHash' | 'closedAt'>>;

/**
 * Changes a request only if it is still at `version` (one statement: of two staff acting at once,
 * the second finds the version moved on and changes nothing). Undefined when it had moved on.
 */
export async function updateAtVersion(db: Db, id: string, version: number, changes: RequestChanges, now: Date): Promise<HelpRequestRow | undefined> {
  const [row] = await db
    .update(helpRequests)
    .set({ ...changes, updatedAt: now, version: sql`${helpRequests.version} + 1` })
    .where(and(eq(helpRequests.id, id), eq(helpRequests.version, version)))
    .returning();
  return row;
}

/** The customer's reply through their link: back to staff (in progress), reopened if it was closed (decision 0032). */
export async function reopenByTokenHash(db: Db, tokenHash: string, now: Date): Promise<HelpRequestRow | undefined> {
  const [row] = await db
    .update(helpRequests)
    .set({ status: 'in_progress', closedAt: null, updatedAt: now, version: sql`${helpRequests.version} + 1` })
    .where(eq(helpRequests.replyTokenHash, tokenHash))
    .returning();
  return row;
}

export async function appendMessage(db: Db, message: typeof helpRequestMessages.$inferInsert): Promise<HelpRequestMessageRow> {
  const [row] = await db.insert(helpRequestMessages).values(message).returning();
  return row!;
}
