import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { NewsletterStatus } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import { addressesOf, type DataSubject } from '../../platform/personal-data.ts';
import { newsletterSubscriptions } from './accounts.tables.ts';

export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;
type SubscriptionChange = Partial<Omit<SubscriptionRow, 'id' | 'emailKey' | 'createdAt' | 'unsubscribeToken'>>;

/** A new pending sign-up, or undefined when the address already has a row (another request may be writing it now). */
export async function insertSubscription(
  db: Database,
  values: Pick<SubscriptionRow, 'email' | 'emailKey' | 'source' | 'unsubscribeToken' | 'confirmTokenHash' | 'confirmTokenExpiresAt'> & { now: Date },
): Promise<SubscriptionRow | undefined> {
  const { now, ...row } = values;
  const [inserted] = await db
    .insert(newsletterSubscriptions)
    .values({ ...row, status: 'pending', confirmationSentAt: now, createdAt: now, lastRequestedAt: now })
    // Two sign-ups for one address at once: the unique address key keeps one row, and the second
    // waits here until the first commits.
    .onConflictDoNothing({ target: newsletterSubscriptions.emailKey })
    .returning();
  return inserted;
}

/** Reads the address's row and holds it until the transaction ends: sign-ups for it queue here. */
export async function lockByEmailKey(db: Database, emailKey: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.emailKey, emailKey)).for('update');
  return row;
}

/** A link's row; locked only where the caller goes on to change it (a page that only shows it need not wait). */
export async function findByConfirmTokenHash(db: Database, hash: string, lock: boolean): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.confirmTokenHash, hash));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findByUnsubscribeToken(db: Database, token: string, lock: boolean): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.unsubscribeToken, token));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateSubscription(db: Database, id: string, values: SubscriptionChange): Promise<SubscriptionRow> {
  const [row] = await db.update(newsletterSubscriptions).set(values).where(eq(newsletterSubscriptions.id, id)).returning();
  return row!;
}

export interface SubscriberFilter {
  status?: NewsletterStatus;
  /** Part of an address, lower-cased. */
  emailContains?: string;
}

function whereOf(filter: SubscriberFilter): SQL | undefined {
  return and(
    filter.status ? eq(newsletterSubscriptions.status, filter.status) : undefined,
    // `position` rather than LIKE: what staff type is matched as it is, `%` and `_` included.
    filter.emailContains ? sql`position(${filter.emailContains} in ${newsletterSubscriptions.emailKey}) > 0` : undefined,
  );
}

/** A page of the list, newest sign-up first, and how many match in all. */
export async function listSubscriptions(
  db: Database,
  filter: SubscriberFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscriptions)
      .where(where)
      .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(newsletterSubscriptions).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** How many rows of each status the whole list has. */
export async function countByStatus(db: Database): Promise<Record<NewsletterStatus, number>> {
  const rows = await db.select({ status: newsletterSubscriptions.status, n: count() }).from(newsletterSubscriptions).groupBy(newsletterSubscriptions.status);
  const counts: Record<NewsletterStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** Every confirmed address, oldest confirmation first. */
export function listConfirmed(db: Database): Promise<Pick<SubscriptionRow, 'email' | 'confirmedAt' | 'source'>[]> {
  return db
    .select({ email: newsletterSubscriptions.email, confirmedAt: newsletterSubscriptions.confirmedAt, source: newsletterSubscriptions.source })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.status, 'confirmed'))
    .orderBy(asc(newsletterSubscriptions.confirmedAt), asc(newsletterSubscriptions.id));
}

/** Removes up to `limit` sign-ups never confirmed whose latest request is older than `before`. */
export async function deleteUnconfirmedBefore(db: Database, before: Date, limit: number): Promise<number> {
  const stale = db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.status, 'pending'), lt(newsletterSubscriptions.lastRequestedAt, before)))
    .limit(limit);
  const removed = await db
    .delete(newsletterSubscriptions)
    .where(and(inArray(newsletterSubscriptions.id, stale), eq(newsletterSubscriptions.status, 'pending'), lt(newsletterSubscriptions.lastRequestedAt, before)))
    .returning({ id: newsletterSubscriptions.id });
  return removed.length;
}

/** Erasure (platform/personal-data.ts): the sign-ups of the person's addresses. */
export async function countSubscriptionsOf(db: Database, subject: DataSubject): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscriptions)
    .where(inArray(newsletterSubscriptions.emailKey, addressesOf(subject)));
  return row?.n ?? 0;
}

export async function deleteSubscriptionsOf(db: Database, subject: DataSubject): Promise<number> {
  const removed = await db
    .delete(newsletterSubscriptions)
    .where(inArray(newsletterSubscriptions.emailKey, addressesOf(subject)))
    .returning({ id: newsletterSubscriptions.id });
  return removed.length;
}
