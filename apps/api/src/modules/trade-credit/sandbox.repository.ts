/** The credit sandbox's SQL: its customer users, proposals and delegation grants (a stand-in for the provider's records). */
import { and, asc, eq, inArray, isNull, lt, lte, sql, type Placeholder } from 'drizzle-orm';
import type { CreditProposalStatus } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import { builtOnce, rawStatement } from '../../db/built-once.ts';
import type { CreditOrderLine, ProposalFields } from './credit-provider.ts';
import {
  creditSandboxDelegations,
  creditSandboxDeliveries,
  creditSandboxOrders,
  creditSandboxProposals,
  creditSandboxSettings,
  creditSandboxUsers,
} from './trade-credit.tables.ts';

export type SandboxUserRow = typeof creditSandboxUsers.$inferSelect;
export type SandboxProposalRow = typeof creditSandboxProposals.$inferSelect;
export type SandboxGrantRow = typeof creditSandboxDelegations.$inferSelect;
export type SandboxOrderRow = typeof creditSandboxOrders.$inferSelect;

const p = sql.placeholder;

// The statements of every order on account the sandbox decides: built once (decision 0151).
const userOf = builtOnce<{ organisationNumber: string; merchantUserId: string }, SandboxUserRow[]>((db) =>
  db
    .select()
    .from(creditSandboxUsers)
    .where(and(eq(creditSandboxUsers.organisationNumber, p('organisationNumber')), eq(creditSandboxUsers.merchantUserId, p('merchantUserId'))))
    .prepare('find_sandbox_user'),
);
const businessLock = builtOnce<{ organisationNumber: string }, unknown>((db) =>
  rawStatement(db, sql`select pg_advisory_xact_lock(hashtextextended('credit-sandbox:' || ${p('organisationNumber')}::text, 0))`),
);

export async function findUser(db: Database, organisationNumber: string, merchantUserId: string): Promise<SandboxUserRow | undefined> {
  const [row] = await userOf(db, { organisationNumber, merchantUserId });
  return row;
}

/** One user per business and merchant user: a second insert changes nothing. */
export async function insertUser(db: Database, row: typeof creditSandboxUsers.$inferInsert): Promise<void> {
  await db.insert(creditSandboxUsers).values(row).onConflictDoNothing();
}

export async function verifyUser(db: Database, userId: string, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(creditSandboxUsers)
    .set({ verifiedAt: sql`coalesce(${creditSandboxUsers.verifiedAt}, ${now})` })
    .where(and(eq(creditSandboxUsers.id, userId), eq(creditSandboxUsers.verificationCode, code)))
    .returning({ id: creditSandboxUsers.id });
  return rows.length > 0;
}

export async function insertGrant(db: Database, row: SandboxGrantRow): Promise<void> {
  await db.insert(creditSandboxDelegations).values(row);
}

export async function findGrant(db: Database, tokenHash: string): Promise<SandboxGrantRow | undefined> {
  const [row] = await db.select().from(creditSandboxDelegations).where(eq(creditSandboxDelegations.tokenHash, tokenHash));
  return row;
}

export async function insertProposal(db: Database, row: typeof creditSandboxProposals.$inferInsert): Promise<void> {
  await db.insert(creditSandboxProposals).values(row).onConflictDoNothing();
}

export async function findProposal(db: Database, id: string): Promise<SandboxProposalRow | undefined> {
  const [row] = await db.select().from(creditSandboxProposals).where(eq(creditSandboxProposals.id, id));
  return row;
}

export async function moveProposal(db: Database, id: string, status: CreditProposalStatus, organisationNumber: string | null): Promise<void> {
  await db.update(creditSandboxProposals).set({ status, organisationNumber }).where(eq(creditSandboxProposals.id, id));
}

/** DRAFT → SUBMITTED, only from DRAFT. */
export async function submitProposal(db: Database, id: string, fields: ProposalFields, now: Date): Promise<SandboxProposalRow | undefined> {
  const [row] = await db
    .update(creditSandboxProposals)
    .set({ status: 'SUBMITTED', fields, submittedAt: now })
    .where(and(eq(creditSandboxProposals.id, id), eq(creditSandboxProposals.status, 'DRAFT')))
    .returning();
  return row;
}

// ── orders ─────────────────────────────────────────────────────────────────────

/** One business's orders are decided one at a time: the lock is held until the deciding transaction ends. */
export async function lockBusiness(db: Transaction, organisationNumber: string): Promise<void> {
  await businessLock(db, { organisationNumber });
}

/** The credit the business's open orders take: created, verified or fulfilled and not paid, less what was refunded. */
export async function creditInUse(db: Database | Transaction, organisationNumber: string): Promise<number> {
  const [row] = await db
    .select({ pence: sql<number>`coalesce(sum(${creditSandboxOrders.amountPence} - ${creditSandboxOrders.refundedPence}), 0)::int` })
    .from(creditSandboxOrders)
    .where(openOrdersOf(organisationNumber));
  return row?.pence ?? 0;
}

/** The business's open orders: created, verified or fulfilled and not paid (a paid invoice frees its credit). */
const openOrdersOf = (organisationNumber: string | Placeholder) =>
  and(
    eq(creditSandboxOrders.organisationNumber, organisationNumber),
    inArray(creditSandboxOrders.state, ['CREATED', 'VERIFIED', 'FULFILLED']),
    isNull(creditSandboxOrders.paidAt),
  );

const orderByKeyWithInUse = builtOnce<{ organisationNumber: string; idempotencyKey: string }, { order: SandboxOrderRow | null; inUse: number }[]>((db) => {
  const inUse = db
    .select({ pence: sql`coalesce(sum(${creditSandboxOrders.amountPence} - ${creditSandboxOrders.refundedPence}), 0)::int` })
    .from(creditSandboxOrders)
    .where(openOrdersOf(p('organisationNumber')));
  return db
    .select({ order: creditSandboxOrders, inUse: sql<number>`(${inUse})` })
    .from(creditSandboxOrders)
    .rightJoin(sql`(select 1) as one`, eq(creditSandboxOrders.idempotencyKey, p('idempotencyKey')))
    .prepare('sandbox_order_by_key');
});

/**
 * In one statement: the order made with this idempotency key, if any, and the credit the business's open orders take
 * (`creditInUse`). Sent behind the business's lock (pipelined), it runs once the lock is granted.
 */
export async function orderByKeyAndCreditInUse(
  db: Transaction,
  organisationNumber: string,
  idempotencyKey: string,
): Promise<{ already: SandboxOrderRow | undefined; inUse: number }> {
  const [row] = await orderByKeyWithInUse(db, { organisationNumber, idempotencyKey });
  // No order with the key: the joined row's columns are all null.
  return { already: row?.order?.id ? row.order : undefined, inUse: Number(row?.inUse ?? 0) };
}

export async function findOrderByKey(db: Database | Transaction, idempotencyKey: string): Promise<SandboxOrderRow | undefined> {
  const [row] = await db.select().from(creditSandboxOrders).where(eq(creditSandboxOrders.idempotencyKey, idempotencyKey));
  return row;
}

export async function findOrder(db: Database | Transaction, id: string): Promise<SandboxOrderRow | undefined> {
  const [row] = await db.select().from(creditSandboxOrders).where(eq(creditSandboxOrders.id, id));
  return row;
}

/** A new order as the sandbox decides it: what `insertOrder` writes (the rest are the columns' defaults). */
export type NewSandboxOrder = Pick<
  typeof creditSandboxOrders.$inferInsert,
  'id' | 'idempotencyKey' | 'organisationNumber' | 'merchantReference' | 'state' | 'declineReason' | 'verifiedAfter' | 'createdAt'
> &
  OrderContents;
/** What an order is for, as created or last edited: its gross, net and tax amounts and its lines. */
export interface OrderContents {
  amountPence: number;
  netPence: number;
  vatPence: number;
  lines: CreditOrderLine[];
}
type OrderInsertValues = Omit<Required<NewSandboxOrder>, 'verifiedAfter' | 'lines'> & { verifiedAfter: string | null; lines: string };
const orderInsert = builtOnce<OrderInsertValues, SandboxOrderRow[]>((db) =>
  db
    .insert(creditSandboxOrders)
    .values({
      id: p('id'),
      idempotencyKey: p('idempotencyKey'),
      organisationNumber: p('organisationNumber'),
      merchantReference: p('merchantReference'),
      amountPence: p('amountPence'),
      netPence: p('netPence'),
      vatPence: p('vatPence'),
      lines: sql`${p('lines')}::jsonb`,
      state: p('state'),
      declineReason: p('declineReason'),
      // Null as SQL's null (the column's encoder would read a date from it): the time goes as text.
      verifiedAfter: sql`${p('verifiedAfter')}::timestamptz`,
      createdAt: p('createdAt'),
    })
    .returning()
    .prepare('insert_sandbox_order'),
);

export async function insertOrder(db: Transaction, row: NewSandboxOrder): Promise<SandboxOrderRow> {
  const [inserted] = await orderInsert(db, {
    ...row,
    declineReason: row.declineReason ?? null,
    verifiedAfter: row.verifiedAfter?.toISOString() ?? null,
    lines: JSON.stringify(row.lines),
  });
  return inserted!;
}

/** Moves an order on from one of `from` only (so a repeat, or two at once, move it once); undefined when it was not in one of them. */
export async function moveOrder(
  db: Database | Transaction,
  id: string,
  from: readonly SandboxOrderRow['state'][],
  changes: Partial<Pick<SandboxOrderRow, 'state' | 'refundedPence' | 'fulfilledAt' | 'dueDate'>>,
): Promise<SandboxOrderRow | undefined> {
  const [row] = await db
    .update(creditSandboxOrders)
    .set(changes)
    .where(and(eq(creditSandboxOrders.id, id), inArray(creditSandboxOrders.state, [...from])))
    .returning();
  return row;
}

/** An order's new contents (Two's "Edit order"), before fulfilment only; undefined when it is in another state. */
export async function setOrderContents(db: Transaction, id: string, contents: OrderContents): Promise<SandboxOrderRow | undefined> {
  const [row] = await db
    .update(creditSandboxOrders)
    .set({ ...contents, lines: sql`${JSON.stringify(contents.lines)}::jsonb` })
    .where(and(eq(creditSandboxOrders.id, id), inArray(creditSandboxOrders.state, ['CREATED', 'VERIFIED'])))
    .returning();
  return row;
}

/**
 * Credits `amountPence` back once per key against a fulfilled order's invoice (Two refunds only after fulfilment; before it the
 * order is edited or cancelled): the refunded total grows, and an order refunded in full is REFUNDED. Undefined when the order
 * is not one to refund, the key was used already, or it would give back more than the order.
 */
export async function refundOrder(db: Database | Transaction, id: string, amountPence: number, key: string): Promise<SandboxOrderRow | undefined> {
  const refunded = sql`${creditSandboxOrders.refundedPence} + ${amountPence}`;
  const [row] = await db
    .update(creditSandboxOrders)
    .set({
      refundedPence: sql`${refunded}`,
      refundKeys: sql`${creditSandboxOrders.refundKeys} || ${JSON.stringify([key])}::jsonb`,
      state: sql`case when ${refunded} < ${creditSandboxOrders.amountPence} then ${creditSandboxOrders.state} else 'REFUNDED' end`,
    })
    .where(
      and(
        eq(creditSandboxOrders.id, id),
        eq(creditSandboxOrders.state, 'FULFILLED'),
        sql`not ${creditSandboxOrders.refundKeys} ? ${key}`,
        sql`${refunded} <= ${creditSandboxOrders.amountPence}`,
      ),
    )
    .returning();
  return row;
}

/** The order as the business pays the provider's invoice: once, and only a fulfilled one. */
export async function markOrderPaid(db: Database | Transaction, id: string, now: Date): Promise<SandboxOrderRow | undefined> {
  const [row] = await db
    .update(creditSandboxOrders)
    .set({ paidAt: now })
    .where(and(eq(creditSandboxOrders.id, id), eq(creditSandboxOrders.state, 'FULFILLED'), isNull(creditSandboxOrders.paidAt)))
    .returning();
  return row;
}

/** The time of an order's next event: now, or just after its last one, so an order's events are strictly ordered in time. */
export async function nextEventAt(db: Database | Transaction, id: string, now: Date): Promise<Date> {
  const [row] = await db
    .update(creditSandboxOrders)
    .set({ lastEventAt: sql`greatest(${now}::timestamptz, ${creditSandboxOrders.lastEventAt} + interval '1 millisecond')` })
    .where(eq(creditSandboxOrders.id, id))
    .returning({ at: creditSandboxOrders.lastEventAt });
  return row?.at ?? now;
}

// ── settings and webhook deliveries ────────────────────────────────────────────

export async function ensureSetting(db: Database, name: string, generate: () => string): Promise<string> {
  await db.insert(creditSandboxSettings).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db.select().from(creditSandboxSettings).where(eq(creditSandboxSettings.name, name));
  return row!.value;
}

export type SandboxDeliveryRow = typeof creditSandboxDeliveries.$inferSelect;

export async function insertDeliveries(db: Database | Transaction, rows: (typeof creditSandboxDeliveries.$inferInsert)[]): Promise<void> {
  await db.insert(creditSandboxDeliveries).values(rows);
}

/** Due deliveries, claimed for `leaseMs` (another worker skips them), in the order they are due. */
export async function claimDeliveries(db: Database, now: Date, leaseMs: number, limit: number, maxAttempts: number): Promise<SandboxDeliveryRow[]> {
  const due = db
    .select({ id: creditSandboxDeliveries.id })
    .from(creditSandboxDeliveries)
    .where(and(isNull(creditSandboxDeliveries.sentAt), lte(creditSandboxDeliveries.sendAfter, now), lt(creditSandboxDeliveries.attempts, maxAttempts)))
    .orderBy(asc(creditSandboxDeliveries.sendAfter), asc(creditSandboxDeliveries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(creditSandboxDeliveries)
    .set({ sendAfter: new Date(now.getTime() + leaseMs), attempts: sql`${creditSandboxDeliveries.attempts} + 1` })
    .where(inArray(creditSandboxDeliveries.id, due))
    .returning();
  return rows.toSorted((a, b) => a.id - b.id);
}

/** Sent (the receiver answered 2xx), or failed with the next try at `retryAt`. */
export async function settleDelivery(db: Database, id: number, outcome: { sentAt: Date } | { error: string; retryAt: Date }): Promise<void> {
  await db
    .update(creditSandboxDeliveries)
    .set('sentAt' in outcome ? { sentAt: outcome.sentAt, lastError: null } : { lastError: outcome.error, sendAfter: outcome.retryAt })
    .where(eq(creditSandboxDeliveries.id, id));
}
