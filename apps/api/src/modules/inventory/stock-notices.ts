import { randomUUID } from 'node:crypto';
import { HELP_REQUEST_REFERENCE_PREFIX, REFERENCE_SYMBOLS, STOCK_NOTICE_CHANNELS, formatPenceShort, offeringNamed, type StockNotice } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { CallerContext, Clock, ServiceContext } from '../../platform/context.ts';
import { digestOfToken, newOpaqueId, readableCode } from '../../platform/readable-codes.ts';
import type { RestockDeps } from './inventory.deps.ts';
import { InventoryErrors } from './inventory.errors.ts';
import * as repository from './inventory.repository.ts';

/**
 * "Notify me when back in stock" (§8.5 BACK_IN_STOCK, automated): one live request per product and
 * address, an acknowledgement with an unsubscribe link, and a polling job that sends the e-mail
 * once when the product can be sold again. Not an inbox request.
 */

type Db = Pick<ServiceContext, 'db'>['db'];
type Row = repository.StockNoticeRow;

/** What the e-mails say about a product: its name, price and page. */
export interface ProductFacts {
  sku: string;
  productName: string;
  pricePence: number;
  url: string;
}

/** A product code the catalogue sells (an option's code names the option), with what e-mails say about it; anything else is 422. */
export async function productFacts(deps: Pick<RestockDeps, 'products' | 'publicUrl'>, db: Db, sku: string): Promise<ProductFacts> {
  try {
    const product = await deps.products.getProductSummaryBySku({ db }, sku);
    return { ...offeringNamed(product, sku), url: `${deps.publicUrl}/p/${encodeURIComponent(product.slug)}` };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw InventoryErrors.productUnknown();
    throw error;
  }
}

const unsubscribeUrlFor = (publicUrl: string, token: string): string => `${publicUrl}/back-in-stock/unsubscribe/${token}`;

const statusOf = (row: Row): StockNotice['status'] => (row.unsubscribedAt ? 'unsubscribed' : row.notifiedAt ? 'sent' : 'waiting');
const toNotice = (row: Row, productName: string, alreadyWaiting = false): StockNotice => ({
  reference: row.reference,
  sku: row.sku,
  productName,
  status: statusOf(row),
  alreadyWaiting,
});

/**
 * Stores the request for a product that cannot be bought now, or answers the one already waiting for
 * this product and address (asking twice is not an error). The acknowledgement is queued in the same
 * transaction as the row it is about.
 */
export async function requestNotice(deps: RestockDeps, ctx: CallerContext, body: { sku: string; emailAddress?: string }): Promise<StockNotice> {
  const typed = ctx.actor?.email || body.emailAddress;
  if (!typed) throw InventoryErrors.addressMissing();
  if (!deps.notifications.isSendableAddress(typed)) throw InventoryErrors.addressNotSendable();
  const emailAddress = typed.trim();
  const product = await productFacts(deps, ctx.db, body.sku);
  const available = (await deps.inventory.availabilityOf(ctx, [product.sku])).get(product.sku);
  if (available && available.sellable > 0) throw InventoryErrors.productInStock();
  const existing = await repository.findWaitingNotice(ctx.db, product.sku, emailAddress);
  if (existing) return toNotice(existing, product.productName, true);
  const token = newOpaqueId();
  return ctx.db.transaction(async (db) => {
    const row = await repository.insertNotice(db, {
      id: randomUUID(),
      reference: `${HELP_REQUEST_REFERENCE_PREFIX}${readableCode(REFERENCE_SYMBOLS)}`,
      sku: product.sku,
      emailAddress,
      customerId: ctx.actor?.userId ?? null,
      channel: STOCK_NOTICE_CHANNELS.email,
      unsubscribeTokenHash: digestOfToken(token),
      createdAt: ctx.clock.now(),
    });
    if (!row) {
      // Two requests raced for one product and address: the other one is kept.
      const raced = await repository.findWaitingNotice(db, product.sku, emailAddress);
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
          action: { label: 'Stop these e-mails', url: unsubscribeUrlFor(deps.publicUrl, token) },
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
  const row = await repository.findNoticeByTokenHash(db, digestOfToken(token));
  if (!row) throw InventoryErrors.stockNoticeLinkInvalid();
  return row;
}

export async function noticeByToken(deps: RestockDeps, ctx: Pick<ServiceContext, 'db'>, token: string): Promise<StockNotice> {
  const row = await byToken(ctx.db, token);
  return toNotice(row, (await productFacts(deps, ctx.db, row.sku)).productName);
}

/** Stops the notice; a second time changes nothing (the first time is kept). */
export async function unsubscribe(deps: RestockDeps, ctx: Pick<ServiceContext, 'db' | 'clock'>, token: string): Promise<StockNotice> {
  const row = await byToken(ctx.db, token);
  const updated = await repository.markNoticeUnsubscribed(ctx.db, row.id, ctx.clock.now());
  return toNotice(updated ?? row, (await productFacts(deps, ctx.db, row.sku)).productName);
}

/** Notices one run of the job sends at most. */
export const BACK_IN_STOCK_BATCH = 100;

/**
 * Sends waiting notices whose product can be sold again. Each batch claims its rows in the
 * transaction that queues their e-mails (`claimWaitingNotices`), so a run at the same moment on
 * another instance finds them claimed and each e-mail goes once; a failure rolls both back.
 */
export async function sendDueNotices(deps: RestockDeps, ctx: { db: Database; clock: Clock }): Promise<{ claimed: number }> {
  const waiting = await repository.skusWithWaitingNotices(ctx.db, 1000);
  if (waiting.length === 0) return { claimed: 0 };
  const stock = await deps.inventory.availabilityOf({ db: ctx.db }, waiting);
  const back = [...stock.values()].filter((availability) => availability.sellable > 0).map((availability) => availability.sku);
  if (back.length === 0) return { claimed: 0 };
  return ctx.db.transaction(async (db) => {
    const claimed = await repository.claimWaitingNotices(db, back, BACK_IN_STOCK_BATCH, ctx.clock.now());
    const facts = new Map<string, ProductFacts>();
    for (const row of claimed) {
      const product = facts.get(row.sku) ?? (await productFacts(deps, db, row.sku));
      facts.set(row.sku, product);
      // The old token is only a hash: a fresh one makes the link in this e-mail.
      const token = newOpaqueId();
      await repository.setNoticeTokenHash(db, row.id, digestOfToken(token));
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
              `Your reference was ${row.reference}. To stop e-mails like this, open ${unsubscribeUrlFor(deps.publicUrl, token)}`,
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
