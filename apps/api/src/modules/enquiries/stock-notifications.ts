import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { HELP_REQUEST_REFERENCE_PREFIX, REFERENCE_SYMBOLS, STOCK_NOTICE_CHANNELS, formatPenceShort, type StockNotice } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { newOpaqueId, readableCode } from '../../platform/readable-codes.ts';
import { EnquiryErrors } from './enquiries.errors.ts';
import type { EnquiriesDeps } from './enquiries.deps.ts';
import { stockNotificationRequests } from './enquiries.tables.ts';
import { hashToken } from './help-requests.ts';

/**
 * "Notify me when back in stock" (§8.5 BACK_IN_STOCK, automated): one live request per product and
 * address, an acknowledgement with an unsubscribe link, and a polling job that sends the e-mail
 * once when the product can be sold again. Not an inbox request.
 */

type Row = typeof stockNotificationRequests.$inferSelect;
type Db = Pick<ServiceContext, 'db'>['db'];

/** What the e-mails say about a product: its name, price and page. */
export interface ProductFacts {
  sku: string;
  productName: string;
  pricePence: number;
  url: string;
}

export const unsubscribeUrlFor = (publicUrl: string, token: string): string => `${publicUrl}/back-in-stock/unsubscribe/${token}`;

const statusOf = (row: Row): StockNotice['status'] => (row.unsubscribedAt ? 'unsubscribed' : row.notifiedAt ? 'sent' : 'waiting');
const toNotice = (row: Row, productName: string, alreadyWaiting = false): StockNotice => ({
  reference: row.reference,
  sku: row.sku,
  productName,
  status: statusOf(row),
  alreadyWaiting,
});

const live = and(isNull(stockNotificationRequests.notifiedAt), isNull(stockNotificationRequests.unsubscribedAt));

async function waitingFor(db: Db, sku: string, emailAddress: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(stockNotificationRequests)
    .where(and(eq(stockNotificationRequests.sku, sku), sql`lower(${stockNotificationRequests.emailAddress}) = lower(${emailAddress})`, live))
    .limit(1);
  return row;
}

/**
 * Stores the request, or answers the one already waiting for this product and address (asking twice
 * is not an error). The acknowledgement is queued in the same transaction as the row it is about.
 */
export async function requestNotice(
  deps: Pick<EnquiriesDeps, 'notifications'>,
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  input: { product: ProductFacts; emailAddress: string; customerId: string | null },
  publicUrl: string,
): Promise<StockNotice> {
  const { product, emailAddress } = input;
  const existing = await waitingFor(ctx.db, product.sku, emailAddress);
  if (existing) return toNotice(existing, product.productName, true);
  const token = newOpaqueId();
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    const [row] = await db
      .insert(stockNotificationRequests)
      .values({
        id: randomUUID(),
        reference: `${HELP_REQUEST_REFERENCE_PREFIX}${readableCode(REFERENCE_SYMBOLS)}`,
        sku: product.sku,
        emailAddress,
        customerId: input.customerId,
        channel: STOCK_NOTICE_CHANNELS.email,
        unsubscribeTokenHash: hashToken(token),
        createdAt: now,
      })
      // Two requests racing for one product and address: the live-request index keeps one.
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const raced = await waitingFor(db, product.sku, emailAddress);
      if (raced) return toNotice(raced, product.productName, true);
      throw new Error('A back-in-stock request was neither stored nor found');
    }
    await deps.notifications.enqueueEmail(
      { db },
      {
        to: emailAddress,
        ...deps.notifications.renderEmail({
          subject: `We will tell you when ${product.productName} is back in stock`,
          heading: 'We will e-mail you when it is back',
          paragraphs: [
            `You asked us to tell you when ${product.productName} (product code ${product.sku}) is back in stock.`,
            'We will send you one e-mail as soon as it can be ordered again. Stock can sell quickly, so order soon after it arrives.',
            `Your reference is ${row.reference}.`,
          ],
          action: { label: 'Stop these e-mails', url: unsubscribeUrlFor(publicUrl, token) },
          footnote: 'You are receiving this because you asked to be told when a product is back in stock.',
        }),
        template: 'help-centre.back-in-stock-requested',
        dedupeKey: `stock-notice-ack:${row.id}`,
      },
    );
    return toNotice(row, product.productName);
  });
}

async function byToken(db: Db, token: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(stockNotificationRequests)
    .where(eq(stockNotificationRequests.unsubscribeTokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw EnquiryErrors.stockNoticeLinkInvalid();
  return row;
}

export async function noticeByToken(ctx: Pick<ServiceContext, 'db'>, token: string, nameOf: (sku: string) => Promise<string>): Promise<StockNotice> {
  const row = await byToken(ctx.db, token);
  return toNotice(row, await nameOf(row.sku));
}

/** Stops the notice; a second time changes nothing (the first time is kept). */
export async function unsubscribe(ctx: Pick<ServiceContext, 'db' | 'clock'>, token: string, nameOf: (sku: string) => Promise<string>): Promise<StockNotice> {
  const row = await byToken(ctx.db, token);
  const [updated] = await ctx.db
    .update(stockNotificationRequests)
    .set({ unsubscribedAt: ctx.clock.now() })
    .where(and(eq(stockNotificationRequests.id, row.id), isNull(stockNotificationRequests.unsubscribedAt)))
    .returning();
  return toNotice(updated ?? row, await nameOf(row.sku));
}

/** How many are waiting for a sku (the staff stock screen shows it). */
export async function waitingCount(db: Db, sku: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(stockNotificationRequests)
    .where(and(eq(stockNotificationRequests.sku, sku), live));
  return Number(row?.n ?? 0);
}

const BATCH = 100;

/**
 * Sends waiting notices whose product can be sold again. Each batch claims its rows with one
 * UPDATE … WHERE notified_at IS NULL … RETURNING in the transaction that queues their e-mails: a
 * second run at the same moment (another instance) finds them claimed, or waits for the first's
 * commit and then finds them claimed, so each e-mail goes once. A failure rolls both back.
 */
export function backInStockJob(
  deps: Pick<EnquiriesDeps, 'notifications' | 'inventory'>,
  productFacts: (db: Db, sku: string) => Promise<ProductFacts>,
  publicUrl: string,
): Job {
  return {
    name: 'back-in-stock-notices',
    // Soon after a restock, yet one cheap read (a partial index) when nothing waits.
    everyMs: 10_000,
    batchSize: BATCH,
    runOnce: ({ db, clock }) => sendDueNotices(deps, { db, clock }, productFacts, publicUrl),
  };
}

export async function sendDueNotices(
  deps: Pick<EnquiriesDeps, 'notifications' | 'inventory'>,
  ctx: { db: Database; clock: ServiceContext['clock'] },
  productFacts: (db: Db, sku: string) => Promise<ProductFacts>,
  publicUrl: string,
): Promise<{ claimed: number }> {
  const waiting = await ctx.db.selectDistinct({ sku: stockNotificationRequests.sku }).from(stockNotificationRequests).where(live).limit(1000);
  if (waiting.length === 0) return { claimed: 0 };
  const stock = await deps.inventory.availabilityOf(
    { db: ctx.db },
    waiting.map(({ sku }) => sku),
  );
  const back = [...stock.values()].filter((availability) => availability.sellable > 0).map((availability) => availability.sku);
  if (back.length === 0) return { claimed: 0 };
  return ctx.db.transaction(async (db) => {
    const picked = db
      .select({ id: stockNotificationRequests.id })
      .from(stockNotificationRequests)
      .where(and(inArray(stockNotificationRequests.sku, back), live))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(stockNotificationRequests)
      .set({ notifiedAt: ctx.clock.now() })
      .where(and(inArray(stockNotificationRequests.id, picked), isNull(stockNotificationRequests.notifiedAt)))
      .returning();
    const facts = new Map<string, ProductFacts>();
    for (const row of claimed) {
      const product = facts.get(row.sku) ?? (await productFacts(db, row.sku));
      facts.set(row.sku, product);
      // The old token is only a hash: a fresh one makes the link in this e-mail.
      const token = newOpaqueId();
      await db
        .update(stockNotificationRequests)
        .set({ unsubscribeTokenHash: hashToken(token) })
        .where(eq(stockNotificationRequests.id, row.id));
      await deps.notifications.enqueueEmail(
        { db },
        {
          to: row.emailAddress,
          ...deps.notifications.renderEmail({
            subject: `Back in stock: ${product.productName}`,
            preheader: `${product.productName} is ${formatPenceShort(product.pricePence)} and in stock now.`,
            heading: `${product.productName} is back in stock`,
            paragraphs: [
              `Good news: ${product.productName} (product code ${product.sku}) is back in stock at ${formatPenceShort(product.pricePence)}.`,
              'Stock can sell quickly, so order soon. This is the only e-mail we will send about it.',
              `Your reference was ${row.reference}. To stop e-mails like this, open ${unsubscribeUrlFor(publicUrl, token)}`,
            ],
            action: { label: 'See the product', url: product.url },
            footnote: 'You are receiving this because you asked to be told when this product is back in stock.',
          }),
          template: 'help-centre.back-in-stock',
          dedupeKey: `stock-notice:${row.id}`,
        },
      );
    }
    return { claimed: claimed.length };
  });
}
