import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { CreditProposalStatus, OnAccountChangeKind } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import { builtOnce } from '../../db/built-once.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import type { ProposalFields, ProviderOrder } from './credit-provider.ts';
import {
  tradeCreditCredits,
  tradeCreditLinks,
  tradeCreditOrderChanges,
  tradeCreditOrders,
  tradeCreditProposals,
  tradeCreditWebhooks,
} from './trade-credit.tables.ts';

export type LinkRow = typeof tradeCreditLinks.$inferSelect;
export type ProposalRow = typeof tradeCreditProposals.$inferSelect;
export type CreditOrderRow = typeof tradeCreditOrders.$inferSelect;

const p = sql.placeholder;
// Read with every order on account: built once (decision 0151).
const linkOf = builtOnce<{ tradeAccountId: number }, LinkRow[]>((db) =>
  db
    .select()
    .from(tradeCreditLinks)
    .where(eq(tradeCreditLinks.tradeAccountId, p('tradeAccountId')))
    .prepare('find_credit_link'),
);

export async function findLink(db: Database, tradeAccountId: number): Promise<LinkRow | undefined> {
  const [row] = await linkOf(db, { tradeAccountId });
  return row;
}

/** Creates the link, or sets what is given on the one there is. */
export async function saveLink(
  db: Database,
  link: Pick<LinkRow, 'tradeAccountId' | 'businessId' | 'userId'> & Partial<Pick<LinkRow, 'organisationNumber' | 'providerUserId'>>,
  now: Date,
): Promise<void> {
  const changes = {
    ...(link.organisationNumber ? { organisationNumber: link.organisationNumber } : {}),
    ...(link.providerUserId ? { providerUserId: link.providerUserId } : {}),
  };
  await db
    .insert(tradeCreditLinks)
    .values({ ...link, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: tradeCreditLinks.tradeAccountId, set: { ...changes, updatedAt: now } });
}

/** Takes the resend slot: sets the time when the last e-mail is older than `since` (or there was none); false when it is not. */
export async function claimNotification(db: Database, tradeAccountId: number, since: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(tradeCreditLinks)
    .set({ lastNotifiedAt: now, updatedAt: now })
    .where(and(eq(tradeCreditLinks.tradeAccountId, tradeAccountId), or(isNull(tradeCreditLinks.lastNotifiedAt), lte(tradeCreditLinks.lastNotifiedAt, since))))
    .returning({ id: tradeCreditLinks.tradeAccountId });
  return rows.length > 0;
}

export async function findProposalOf(db: Database, tradeAccountId: number): Promise<ProposalRow | undefined> {
  const [row] = await db.select().from(tradeCreditProposals).where(eq(tradeCreditProposals.tradeAccountId, tradeAccountId));
  return row;
}

export async function insertProposal(db: Database, row: Pick<ProposalRow, 'id' | 'tradeAccountId' | 'status'>, now: Date): Promise<void> {
  await db
    .insert(tradeCreditProposals)
    .values({ ...row, updatedAt: now })
    .onConflictDoNothing();
}

/** DRAFT → SUBMITTED with the fields, only from DRAFT: of two submits at once, one moves it. */
export async function claimSubmission(db: Database, id: string, fields: ProposalFields, now: Date): Promise<boolean> {
  const rows = await db
    .update(tradeCreditProposals)
    .set({
      status: 'SUBMITTED',
      tradingName: fields.tradingName,
      proprietorName: fields.proprietorName,
      dateOfBirth: fields.dateOfBirth,
      homeAddress: fields.homeAddress,
      submittedAt: now,
      updatedAt: now,
    })
    .where(and(eq(tradeCreditProposals.id, id), eq(tradeCreditProposals.status, 'DRAFT')))
    .returning({ id: tradeCreditProposals.id });
  return rows.length > 0;
}

/** Back to DRAFT when the provider did not take the submission: nothing it was not told is kept. */
export async function releaseSubmission(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(tradeCreditProposals)
    .set({ status: 'DRAFT', tradingName: null, proprietorName: null, dateOfBirth: null, homeAddress: null, submittedAt: null, updatedAt: now })
    .where(eq(tradeCreditProposals.id, id));
}

export async function setProposalStatus(db: Database, id: string, status: CreditProposalStatus, now: Date): Promise<void> {
  await db.update(tradeCreditProposals).set({ status, updatedAt: now }).where(eq(tradeCreditProposals.id, id));
}

// ── orders on account ──────────────────────────────────────────────────────────

type NewCreditOrder = Pick<CreditOrderRow, 'providerOrderId' | 'orderId' | 'tradeAccountId' | 'amountPence' | 'placedAt' | 'payee'>;
// Written with every order on account: built once (decision 0151).
const creditOrderInsert = builtOnce<Omit<NewCreditOrder, 'payee'> & { payee: string | null }, unknown>((db) =>
  db
    .insert(tradeCreditOrders)
    .values({
      providerOrderId: p('providerOrderId'),
      orderId: p('orderId'),
      tradeAccountId: p('tradeAccountId'),
      amountPence: p('amountPence'),
      // Null as SQL's null (a column's encoder would write JSON's): the payee goes as JSON text.
      payee: sql`${p('payee')}::jsonb`,
      state: 'VERIFIED',
      placedAt: p('placedAt'),
      updatedAt: p('placedAt'),
    })
    .prepare('insert_credit_order'),
);

export async function insertCreditOrder(db: Transaction, row: NewCreditOrder): Promise<void> {
  await creditOrderInsert(db, { ...row, payee: row.payee ? JSON.stringify(row.payee) : null });
}

// Read with every webhook and credit about an order: built once (decision 0151).
const creditOrderById = builtOnce<{ providerOrderId: string }, CreditOrderRow[]>((db) =>
  db
    .select()
    .from(tradeCreditOrders)
    .where(eq(tradeCreditOrders.providerOrderId, p('providerOrderId')))
    .prepare('find_credit_order'),
);

export async function findCreditOrder(db: Database | Transaction, providerOrderId: string): Promise<CreditOrderRow | undefined> {
  const [row] = await creditOrderById(db, { providerOrderId });
  return row;
}

/** The provider's order's fields as placeholders (`providerValues` fills them): nulls as SQL's, a payee kept unless one is given. */
const providerSet = {
  state: sql`${p('state')}`,
  // Its gross amount: an order change agreed on account raises it (on-account-changes.ts).
  amountPence: sql`${p('amountPence')}::int`,
  refundedPence: sql`${p('refundedPence')}::int`,
  fulfilledAt: sql`${p('fulfilledAt')}::timestamptz`,
  dueDate: sql`${p('dueDate')}::date`,
  paidAt: sql`${p('paidAt')}::timestamptz`,
  payee: sql`coalesce(${p('payee')}::jsonb, ${tradeCreditOrders.payee})`,
};
const providerValues = (order: ProviderOrder) => ({
  id: order.id,
  state: order.state,
  amountPence: order.amountPence,
  refundedPence: order.refundedPence,
  fulfilledAt: order.fulfilledAt?.toISOString() ?? null,
  dueDate: order.dueDate,
  paidAt: order.paidAt?.toISOString() ?? null,
  payee: order.payee ? JSON.stringify(order.payee) : null,
});

// Run with every webhook about an order: built once (decision 0151).
const providerOrderApplied = builtOnce<ReturnType<typeof providerValues> & { occurredAt: string; now: string }, { tradeAccountId: number }[]>((db) =>
  db
    .update(tradeCreditOrders)
    .set({ ...providerSet, providerStateAt: sql`${p('occurredAt')}::timestamptz`, updatedAt: sql`${p('now')}::timestamptz` })
    .where(
      and(
        eq(tradeCreditOrders.providerOrderId, p('id')),
        or(isNull(tradeCreditOrders.providerStateAt), lt(tradeCreditOrders.providerStateAt, sql`${p('occurredAt')}::timestamptz`)),
      ),
    )
    .returning({ tradeAccountId: tradeCreditOrders.tradeAccountId })
    .prepare('apply_provider_order'),
);

// Run with every answer of the provider about an order: built once (decision 0151).
const providerOrderSaved = builtOnce<ReturnType<typeof providerValues> & { now: string }, unknown>((db) =>
  db
    .update(tradeCreditOrders)
    .set({
      ...providerSet,
      providerStateAt: sql`greatest(${tradeCreditOrders.providerStateAt}, ${p('now')}::timestamptz)`,
      updatedAt: sql`${p('now')}::timestamptz`,
    })
    .where(eq(tradeCreditOrders.providerOrderId, p('id')))
    .prepare('save_provider_order'),
);

/**
 * The order as the provider answered it (its state, what was credited back, once fulfilled its due
 * date, once paid when): the provider's state as of `now`, so an event from before it arriving late changes nothing.
 */
export async function saveProviderOrder(db: Database | Transaction, order: ProviderOrder, now: Date): Promise<void> {
  await providerOrderSaved(db, { ...providerValues(order), now: now.toISOString() });
}

/**
 * A webhook's order, applied only when it happened after the state written here (one statement, so
 * two deliveries at once apply it once, and a late one never writes an older state over a newer).
 * The trade account when applied; null when a later state is there or the order is not the shop's.
 */
export async function applyProviderOrder(db: Transaction, order: ProviderOrder, occurredAt: Date, now: Date): Promise<number | null> {
  const [row] = await providerOrderApplied(db, { ...providerValues(order), occurredAt: occurredAt.toISOString(), now: now.toISOString() });
  return row?.tradeAccountId ?? null;
}

// ── webhooks received ──────────────────────────────────────────────────────────

export type WebhookRow = typeof tradeCreditWebhooks.$inferSelect;

/**
 * Records an event the first time it arrives (true); a repeat only counts the delivery (false). Two
 * deliveries at once: the second waits on the first's row and counts.
 */
export async function recordWebhook(
  db: Transaction,
  row: Omit<WebhookRow, 'deliveries' | 'lastReceivedAt'>,
): Promise<{ first: boolean; effect: WebhookRow['effect'] }> {
  const [saved] = await webhookRecorded(db, row);
  return saved!;
}

// Run with every webhook: built once (decision 0151).
const webhookRecorded = builtOnce<Omit<WebhookRow, 'deliveries' | 'lastReceivedAt'>, { first: boolean; effect: WebhookRow['effect'] }[]>((db) =>
  db
    .insert(tradeCreditWebhooks)
    .values({
      eventId: p('eventId'),
      type: p('type'),
      occurredAt: p('occurredAt'),
      organisationNumber: p('organisationNumber'),
      providerOrderId: p('providerOrderId'),
      tradeAccountId: p('tradeAccountId'),
      effect: p('effect'),
      summary: p('summary'),
      receivedAt: p('receivedAt'),
      lastReceivedAt: p('receivedAt'),
    })
    .onConflictDoUpdate({
      target: tradeCreditWebhooks.eventId,
      set: { deliveries: sql`${tradeCreditWebhooks.deliveries} + 1`, lastReceivedAt: sql`excluded.last_received_at` },
    })
    .returning({ first: sql<boolean>`xmax = 0`, effect: tradeCreditWebhooks.effect })
    .prepare('record_credit_webhook'),
);
const webhookEffect = builtOnce<{ eventId: string; effect: WebhookRow['effect']; tradeAccountId: number | null }, unknown>((db) =>
  db
    .update(tradeCreditWebhooks)
    .set({ effect: sql`${p('effect')}`, tradeAccountId: sql`coalesce(${p('tradeAccountId')}::int, ${tradeCreditWebhooks.tradeAccountId})` })
    .where(eq(tradeCreditWebhooks.eventId, p('eventId')))
    .prepare('set_credit_webhook_effect'),
);

export async function setWebhookEffect(db: Transaction, eventId: string, effect: WebhookRow['effect'], tradeAccountId: number | null): Promise<void> {
  await webhookEffect(db, { eventId, effect, tradeAccountId: tradeAccountId || null });
}

/** The trade account linked with the provider under this number, if any. */
export async function accountOfOrganisation(db: Database | Transaction, organisationNumber: string): Promise<number | null> {
  const [row] = await db
    .select({ id: tradeCreditLinks.tradeAccountId })
    .from(tradeCreditLinks)
    .where(eq(tradeCreditLinks.organisationNumber, organisationNumber))
    .limit(1);
  return row?.id ?? null;
}

/** A page of the webhooks received, newest first, with the shop's order id of each order event. */
export async function webhooksPage(db: Database, pageNumber: number, pageSize: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ webhook: tradeCreditWebhooks, orderId: tradeCreditOrders.orderId })
      .from(tradeCreditWebhooks)
      .leftJoin(tradeCreditOrders, eq(tradeCreditOrders.providerOrderId, tradeCreditWebhooks.providerOrderId))
      .orderBy(desc(tradeCreditWebhooks.receivedAt), desc(tradeCreditWebhooks.eventId))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(tradeCreditWebhooks),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A trade account's provider events, oldest first (the staff timeline), with the shop's order id of each order event. */
export async function webhooksOf(db: Database, tradeAccountId: number, limit: number) {
  return db
    .select({ webhook: tradeCreditWebhooks, orderId: tradeCreditOrders.orderId })
    .from(tradeCreditWebhooks)
    .leftJoin(tradeCreditOrders, eq(tradeCreditOrders.providerOrderId, tradeCreditWebhooks.providerOrderId))
    .where(eq(tradeCreditWebhooks.tradeAccountId, tradeAccountId))
    .orderBy(desc(tradeCreditWebhooks.occurredAt))
    .limit(limit);
}

/**
 * In the transaction that makes a change of an order on account: the change kept with the amount on account after it,
 * read from the provider's order as its last answer left it (a higher total agreed already; a lower one credited after).
 */
export async function insertOrderChange(
  db: Transaction,
  change: { providerOrderId: string; kind: OnAccountChangeKind; differencePence: number },
  at: Date,
): Promise<void> {
  const onAccountNow = sql`${tradeCreditOrders.amountPence} - ${tradeCreditOrders.refundedPence}`;
  const [order] = await db
    .select({ onAccount: onAccountNow.mapWith(Number) })
    .from(tradeCreditOrders)
    .where(eq(tradeCreditOrders.providerOrderId, change.providerOrderId));
  if (!order) throw new Error(`provider order ${change.providerOrderId} is not an order on account`);
  // A lower total is credited at the provider after the change commits: the amount after it is less the credit to come.
  const totalAfterPence = order.onAccount + Math.min(change.differencePence, 0);
  await db.insert(tradeCreditOrderChanges).values({ ...change, totalAfterPence, at });
}

/** A trade account's changes of orders on account, the newest `limit`, with the shop's order id of each. */
export async function orderChangesOf(db: Database, tradeAccountId: number, limit: number) {
  return db
    .select({ change: tradeCreditOrderChanges, orderId: tradeCreditOrders.orderId })
    .from(tradeCreditOrderChanges)
    .innerJoin(tradeCreditOrders, eq(tradeCreditOrders.providerOrderId, tradeCreditOrderChanges.providerOrderId))
    .where(eq(tradeCreditOrders.tradeAccountId, tradeAccountId))
    .orderBy(desc(tradeCreditOrderChanges.at), desc(tradeCreditOrderChanges.id))
    .limit(limit);
}

export type CreditRow = typeof tradeCreditCredits.$inferSelect;

/** A credit the provider made at the shop's asking, kept once by its idempotency key (a retry or a second request at once adds nothing). */
export async function insertCredit(db: Database | Transaction, credit: CreditRow): Promise<void> {
  await db.insert(tradeCreditCredits).values(credit).onConflictDoNothing({ target: tradeCreditCredits.idempotencyKey });
}

/** A trade account's credits asked by the shop, the newest `limit`, with the shop's order id of each. */
export async function creditsOf(db: Database, tradeAccountId: number, limit: number) {
  return db
    .select({ credit: tradeCreditCredits, orderId: tradeCreditOrders.orderId })
    .from(tradeCreditCredits)
    .innerJoin(tradeCreditOrders, eq(tradeCreditOrders.providerOrderId, tradeCreditCredits.providerOrderId))
    .where(eq(tradeCreditOrders.tradeAccountId, tradeAccountId))
    .orderBy(desc(tradeCreditCredits.at))
    .limit(limit);
}

/** The provider order of the shop's order, when it was paid on account. */
export async function creditOrderOf(db: Database, orderId: string): Promise<CreditOrderRow | undefined> {
  const [row] = await db.select().from(tradeCreditOrders).where(eq(tradeCreditOrders.orderId, orderId));
  return row;
}

export async function markDispatched(db: Database | Transaction, providerOrderId: string, now: Date): Promise<void> {
  await db
    .update(tradeCreditOrders)
    .set({ dispatchedAt: sql`coalesce(${tradeCreditOrders.dispatchedAt}, ${now})`, updatedAt: now })
    .where(eq(tradeCreditOrders.providerOrderId, providerOrderId));
}

/** Orders dispatched whose provider has not yet been told (it was unreachable then), oldest first. */
export async function dispatchedUnfulfilled(db: Database, limit: number): Promise<CreditOrderRow[]> {
  return db
    .select()
    .from(tradeCreditOrders)
    .where(and(isNotNull(tradeCreditOrders.dispatchedAt), isNull(tradeCreditOrders.fulfilledAt), eq(tradeCreditOrders.state, 'VERIFIED')))
    .orderBy(tradeCreditOrders.dispatchedAt)
    .limit(limit);
}

/** A page of a trade account's orders on account, newest first, and how many it has. */
export async function creditOrdersPage(
  db: Database,
  tradeAccountId: number,
  pageNumber: number,
  pageSize: number,
): Promise<{ rows: CreditOrderRow[]; total: number }> {
  const own = eq(tradeCreditOrders.tradeAccountId, tradeAccountId);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(tradeCreditOrders)
      .where(own)
      .orderBy(desc(tradeCreditOrders.placedAt), desc(tradeCreditOrders.providerOrderId))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tradeCreditOrders)
      .where(own),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A trade account's orders on account that may still owe something (approved or fulfilled, not paid): the totals' rows. */
export async function openCreditOrdersOf(db: Database, tradeAccountId: number): Promise<CreditOrderRow[]> {
  return db
    .select()
    .from(tradeCreditOrders)
    .where(
      and(eq(tradeCreditOrders.tradeAccountId, tradeAccountId), inArray(tradeCreditOrders.state, ['VERIFIED', 'FULFILLED']), isNull(tradeCreditOrders.paidAt)),
    );
}

/** What a business owes on its orders on account (a paid invoice owes nothing), and of that what is past due on `today` (YYYY-MM-DD, UK). */
const owed = sql<number>`coalesce(sum(greatest(${tradeCreditOrders.amountPence} - ${tradeCreditOrders.refundedPence}, 0))
  filter (where ${tradeCreditOrders.state} in ('VERIFIED', 'FULFILLED') and ${tradeCreditOrders.paidAt} is null), 0)::int`;
const overdueOn = (today: string) => sql<number>`coalesce(sum(greatest(${tradeCreditOrders.amountPence} - ${tradeCreditOrders.refundedPence}, 0))
  filter (where ${tradeCreditOrders.state} = 'FULFILLED' and ${tradeCreditOrders.paidAt} is null and ${tradeCreditOrders.dueDate} < ${today}), 0)::int`;

/** Every business linked with the provider, most owed first (then most overdue), a page at a time, with the totals across all. */
export async function exposurePage(db: Database, today: string, pageNumber: number, pageSize: number) {
  const inUse = owed.as('in_use');
  const overdue = overdueOn(today).as('overdue');
  const perBusiness = db
    .select({
      tradeAccountId: tradeCreditLinks.tradeAccountId,
      organisationNumber: tradeCreditLinks.organisationNumber,
      inUse,
      overdue,
      orders: sql<number>`count(${tradeCreditOrders.providerOrderId})::int`.as('orders'),
    })
    .from(tradeCreditLinks)
    .leftJoin(tradeCreditOrders, eq(tradeCreditOrders.tradeAccountId, tradeCreditLinks.tradeAccountId))
    .groupBy(tradeCreditLinks.tradeAccountId, tradeCreditLinks.organisationNumber)
    .as('per_business');
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(perBusiness)
      .orderBy(desc(perBusiness.inUse), desc(perBusiness.overdue), perBusiness.tradeAccountId)
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db
      .select({
        businesses: sql<number>`count(*)::int`,
        inUse: sql<number>`coalesce(sum(${perBusiness.inUse}), 0)::int`,
        overdue: sql<number>`coalesce(sum(${perBusiness.overdue}), 0)::int`,
      })
      .from(perBusiness),
  ]);
  return { rows, totals: totals ?? { businesses: 0, inUse: 0, overdue: 0 } };
}

// ── personal data ──────────────────────────────────────────────────────────────

const proposalsOf = (subject: DataSubject) =>
  inArray(tradeCreditProposals.tradeAccountId, sql`(select trade_account_id from trade_credit_links where user_id = ${subject.userId ?? ''})`);

export async function countProposalsOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tradeCreditProposals)
    .where(proposalsOf(subject));
  return row?.n ?? 0;
}

/** The proprietor's name, date of birth and home address go; the proposal's status stays (the provider's decision). */
export async function anonymiseProposalsOf(db: Database, subject: DataSubject, now: Date): Promise<number> {
  if (!subject.userId) return 0;
  const rows = await db
    .update(tradeCreditProposals)
    .set({ proprietorName: null, dateOfBirth: null, homeAddress: null, updatedAt: now })
    .where(proposalsOf(subject))
    .returning({ id: tradeCreditProposals.id });
  return rows.length;
}

export async function countLinksOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tradeCreditLinks)
    .where(eq(tradeCreditLinks.userId, subject.userId));
  return row?.n ?? 0;
}
