import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { builtOnce, rawStatement } from '../../db/built-once.ts';
import { claimKinds } from '../../db/claims.ts';
import { isSubjectsAddress } from '../../db/personal-data.ts';
import { ERASED_NAME, erasedEmail, type DataSubject } from '../../platform/personal-data.ts';
import { emailOutbox, type EmailTransportKind } from './notifications.tables.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewOutboxRow = Pick<typeof emailOutbox.$inferInsert, 'to' | 'subject' | 'html' | 'text' | 'template' | 'dedupeKey'>;

const p = sql.placeholder;
// Every order and account e-mail: built once (decision 0151).
const emailInsert = builtOnce<Required<NewOutboxRow>, { id: string }[]>((db) =>
  db
    .insert(emailOutbox)
    .values({ to: p('to'), subject: p('subject'), html: p('html'), text: p('text'), template: p('template'), dedupeKey: p('dedupeKey') })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id })
    .prepare('insert_email'),
);

/**
 * The insert of one e-mail for each row of `source` (a CTE of the statement it is part of), its
 * values as placeholders named `email…` (`emailPartValues`): nothing is queued when `source` has no
 * row. A dedupe key already present queues nothing, as `insertEmail`.
 */
export function emailInsertFrom(source: SQL): SQL {
  return sql`insert into ${emailOutbox} ("to", subject, html, text, template, dedupe_key)
    select ${p('emailTo')}::text, ${p('emailSubject')}::text, ${p('emailHtml')}::text, ${p('emailText')}::text, ${p('emailTemplate')}::text,
      ${p('emailDedupeKey')}::text
    from ${source}
    on conflict (dedupe_key) do nothing`;
}

/** `emailInsertFrom`'s placeholders for `row`. */
export function emailPartValues(row: NewOutboxRow): Record<string, unknown> {
  return {
    emailTo: row.to,
    emailSubject: row.subject,
    emailHtml: row.html,
    emailText: row.text,
    emailTemplate: row.template,
    emailDedupeKey: row.dedupeKey ?? null,
  };
}

/** Inserts a message; with a dedupe key already present it inserts nothing and returns the existing id. */
export async function insertEmail(db: Database, row: NewOutboxRow): Promise<{ id: string }> {
  const [inserted] = await emailInsert(db, { ...row, dedupeKey: row.dedupeKey ?? null });
  if (inserted) return inserted;
  const [existing] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.dedupeKey, row.dedupeKey!));
  if (!existing) throw new Error(`Outbox insert for dedupe key ${row.dedupeKey} neither inserted nor found`);
  return existing;
}

/**
 * Claims up to `limit` due messages for one sender: sending ones whose sender's lease ran out (it crashed or hung), pending
 * ones whose retry is due, then new ones, oldest first, each kind by an index scan of its own (`claimKinds`). Row locks with
 * SKIP LOCKED mean two dispatchers never claim the same row; `attempts` goes up with each claim, so it doubles as the claim's
 * token (see `markSent`).
 */
export async function claimDueEmails(db: Database, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const lockedUntil = new Date(now.getTime() + leaseMs);
  const { parts, ids } = claimKinds(db, emailOutbox, emailOutbox.id, limit, [
    { name: 'lapsed', where: sql`${emailOutbox.status} = 'sending' and ${emailOutbox.lockedUntil} <= ${now}`, order: [sql`${emailOutbox.lockedUntil}`] },
    { name: 'retry', where: sql`${emailOutbox.status} = 'pending' and ${emailOutbox.nextAttemptAt} <= ${now}`, order: [sql`${emailOutbox.nextAttemptAt}`] },
    { name: 'fresh', where: sql`${emailOutbox.status} = 'pending' and ${emailOutbox.nextAttemptAt} is null`, order: [sql`${emailOutbox.createdAt}`] },
  ]);
  return db
    .with(...parts)
    .update(emailOutbox)
    .set({ status: 'sending', lockedUntil, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(sql`${emailOutbox.id} in ${ids}`)
    .returning();
}

/** The claim `attempts` identifies; false when the lease was lost to another sender meanwhile. */
const stillClaimed = (claim: Pick<OutboxRow, 'id' | 'attempts'>) =>
  and(eq(emailOutbox.id, claim.id), eq(emailOutbox.status, 'sending'), eq(emailOutbox.attempts, claim.attempts));

/** A claim's e-mail as the transport took it, with the id it gave. */
export interface SentEmail {
  claim: Pick<OutboxRow, 'id' | 'attempts'>;
  messageId: string;
}

// One statement for every e-mail a pass sent, built once with them as arrays (decision 0151): one text for any number.
const sentUpdate = builtOnce<{ ids: string[]; attempts: number[]; messageIds: string[]; transport: string; sentAt: string }, { rows: { id: string }[] }>((db) =>
  rawStatement(
    db,
    sql`update ${emailOutbox} set status = 'sent', sent_at = ${p('sentAt')}::timestamptz, transport = ${p('transport')}, message_id = s.message_id,
          locked_until = null, last_error = null
        from unnest(${p('ids')}::uuid[], ${p('attempts')}::int[], ${p('messageIds')}::text[]) as s(id, attempts, message_id)
        where ${emailOutbox.id} = s.id and ${emailOutbox.status} = 'sending' and ${emailOutbox.attempts} = s.attempts
        returning ${emailOutbox.id} as id`,
  ),
);

/**
 * Records the e-mails a pass sent, in one statement; returns the ids recorded. One whose claim was
 * lost to another sender meanwhile (its lease ran out) is left as that sender has it.
 */
export async function markSent(db: Database, sent: readonly SentEmail[], result: { transport: EmailTransportKind; sentAt: Date }): Promise<Set<string>> {
  if (sent.length === 0) return new Set();
  const { rows } = await sentUpdate(db, {
    ids: sent.map((one) => one.claim.id),
    attempts: sent.map((one) => one.claim.attempts),
    messageIds: sent.map((one) => one.messageId),
    transport: result.transport,
    sentAt: result.sentAt.toISOString(),
  });
  return new Set(rows.map((row) => row.id));
}

/** After a failed attempt: back to pending at `retryAt`, or `failed` for good when `retryAt` is null. */
export async function markAttemptFailed(
  db: Database,
  claim: Pick<OutboxRow, 'id' | 'attempts'>,
  result: { error: string; retryAt: Date | null; transport: EmailTransportKind },
): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set(
      result.retryAt
        ? { status: 'pending', nextAttemptAt: result.retryAt, lockedUntil: null, lastError: result.error, transport: result.transport }
        : { status: 'failed', lockedUntil: null, lastError: result.error, transport: result.transport },
    )
    .where(stillClaimed(claim))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/** Recipient match ignoring letter case (served by the `lower("to")` index). */
const recipientIs = (to: string) => sql`lower(${emailOutbox.to}) = lower(${to})`;

export async function findEmail(db: Database, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

/** Newest first; `to` matches the recipient exactly, ignoring case. */
export async function listEmails(
  db: Database,
  filter: { to?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = filter.to ? recipientIs(filter.to) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(emailOutbox).where(where).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Every message matching the filter, newest first (tests and tools; the mailbox API pages). */
export async function findEmails(db: Database, filter: { to?: string; template?: string }): Promise<OutboxRow[]> {
  return db
    .select()
    .from(emailOutbox)
    .where(and(filter.to ? recipientIs(filter.to) : undefined, filter.template ? eq(emailOutbox.template, filter.template) : undefined))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id));
}

/** The retention job's condition: a finished e-mail (sent, or given up) whose bodies are still kept, finished before `before`. */
const keptPast = (before: Date) =>
  sql`${emailOutbox.status} in ('sent', 'failed') and ${emailOutbox.bodiesClearedAt} is null
    and coalesce(${emailOutbox.sentAt}, ${emailOutbox.createdAt}) < ${before}`;

/**
 * Empties the bodies of up to `limit` finished e-mails older than `before` (a given-up one by when
 * it was queued), oldest first; returns how many. Rows another instance is clearing are skipped.
 */
export async function clearBodiesBefore(db: Database, before: Date, now: Date, limit: number): Promise<number> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(keptPast(before))
    .orderBy(sql`coalesce(${emailOutbox.sentAt}, ${emailOutbox.createdAt})`)
    .limit(limit)
    .for('update', { skipLocked: true });
  const cleared = await db
    .update(emailOutbox)
    .set({ html: '', text: '', bodiesClearedAt: now })
    .where(and(sql`${emailOutbox.id} in ${due}`, keptPast(before)))
    .returning({ id: emailOutbox.id });
  return cleared.length;
}

/** Erasure (platform/personal-data.ts): e-mails sent, or waiting to go, to the person's addresses. */
/** E-mails queued and not yet sent or given up (pending or being sent): the outbox's depth (`/metrics`). */
export async function countUnsent(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailOutbox)
    .where(sql`${emailOutbox.status} in ('pending', 'sending')`);
  return row?.n ?? 0;
}

export async function countEmailsTo(db: Database, subject: DataSubject): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(isSubjectsAddress(emailOutbox.to, subject));
  return row?.n ?? 0;
}

/** The row stays as the mailbox's record that something was sent (and its dedupe key), with no address or words. */
export async function anonymiseEmailsTo(db: Database, subject: DataSubject, now: Date): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({
      to: erasedEmail('recipient'),
      subject: ERASED_NAME,
      html: '',
      text: '',
      bodiesClearedAt: now,
      // Nothing is sent to an erased person: a message still waiting is given up.
      status: sql`case when ${emailOutbox.status} in ('pending', 'sending') then 'failed' else ${emailOutbox.status} end`,
    })
    .where(isSubjectsAddress(emailOutbox.to, subject))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** A failed e-mail whose bodies are still kept can be sent again (an erased or cleared one cannot: it has no words or address). */
const retryable = sql`${emailOutbox.status} = 'failed' and ${emailOutbox.bodiesClearedAt} is null`;

/** Failed e-mails that can be sent again, newest first: what staff's operations page lists (no address or subject). */
export async function listRetryableFailedEmails(db: Database, limit: number) {
  return db
    .select({
      id: emailOutbox.id,
      template: emailOutbox.template,
      createdAt: emailOutbox.createdAt,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
    })
    .from(emailOutbox)
    .where(retryable)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

/**
 * A failed e-mail back in the queue, due now with its attempts counted afresh; false when it is not a
 * retryable failed e-mail (any more): of two retries at once, one changes the row and the other finds it pending.
 */
export async function requeueFailedEmail(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: null, lockedUntil: null })
    .where(and(eq(emailOutbox.id, id), retryable))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}
