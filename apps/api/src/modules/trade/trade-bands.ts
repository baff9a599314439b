/**
 * Bands of businesses (docs/domain.md §3): set on approval, by staff, or by spend, which moves a
 * business up (never down) when its 12-month spend reaches a higher band; every change recorded
 * with the spend it was made at, and the band lookup told.
 */
import type { Business, TradeBandAccount } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import type { Job, JobContext } from '../../platform/jobs.ts';
import type { TradeBand } from '../pricing/index.ts';
import { spendLast12Months } from './spend-orders.ts';
import type { TradeBuyer } from './trade-credit-holder.ts';
import { bandChangeEmail } from './trade-emails.ts';
import { bandByCode, bandsOf, iso, presentBusiness } from './trade-present.ts';
import { bandProgress, bandToMoveUpTo, mayMoveUp, nextBandAfter, savingsAtBand, spendBandChange, spendWindows } from './trade-spend.ts';
import type { TradeContext, TradeDeps } from './trade.deps.ts';
import { TradeErrors } from './trade.errors.ts';
import * as repository from './repository/index.ts';
import type { AccountWithBusiness, BusinessRow } from './repository/index.ts';

const DAY_MS = 86_400_000;

/** One order placed at trade prices, as checkout hands it over in the transaction that places it. */
export interface PlacedTradeOrder {
  orderId: string;
  orderNumber: string;
  customerUserId: string;
  placedAt: Date;
  lines: readonly { sku: string; quantity: number }[];
  totalIncVat: number;
  vatIncVat: number;
  /** The goods at trade prices, ex VAT, before any discount code. */
  goodsExVat: number;
  /** The band discount the basket was priced with. */
  tradeDiscountBasisPoints: number;
}

export async function requireBand(deps: TradeDeps, ctx: TradeContext, code: string): Promise<TradeBand> {
  const band = await bandByCode(deps, ctx, code);
  if (!band) throw TradeErrors.bandUnknown(code);
  return band;
}

export async function tradeBands(deps: TradeDeps, ctx: TradeContext): Promise<TradeBand[]> {
  return [...(await bandsOf(deps, ctx))];
}

/** A business's band, where its spend has it, and how it got there. */
export async function bandAccount(deps: TradeDeps, ctx: TradeContext, found: AccountWithBusiness): Promise<TradeBandAccount> {
  const db = ctx.db;
  const now = ctx.clock.now();
  const allBands = await bandsOf(deps, ctx);
  const band = allBands.find((entry) => entry.code === found.business.bandCode)!;
  const spend = await spendLast12Months(deps, db, found.business.id, now);
  const progress = bandProgress(allBands, band, spend);
  const history = await repository.bandChangesOf(db, found.business.id);
  return {
    tradeAccountId: found.account.id,
    tradeExternalId: found.account.tradeExternalId,
    email: found.account.userEmail,
    businessId: found.business.id,
    businessName: found.business.tradingName ?? found.business.legalName,
    band,
    nextBand: progress.nextBand,
    spendLast12MonthsExVat: spend,
    spendToNextBandExVat: progress.spendToNextBandExVat,
    bandSetBy: found.business.bandSetBy,
    bandChangedAt: iso(found.business.bandChangedAt),
    history: history.map((change) => ({
      from: change.fromBand,
      to: change.toBand,
      reason: change.reason,
      note: change.note,
      by: change.actorName,
      spendLast12MonthsExVat: change.spendExVat,
      at: iso(change.at),
    })),
  };
}

export async function setBusinessBand(deps: TradeDeps, ctx: TradeContext, businessId: number, input: { bandCode: string; reason: string }): Promise<Business> {
  const band = await requireBand(deps, ctx, input.bandCode);
  const actor = ctx.actor!;
  const updated = await ctx.db.transaction(async (db) => {
    const business = await repository.findBusiness(db, businessId);
    if (!business) throw TradeErrors.businessNotFound();
    // Timed once the band is read: a move made after another one (which it read) is dated after it,
    // so the history lists them in the order they were made.
    const now = ctx.clock.now();
    if (business.bandCode === band.code) return business;
    const moved = await repository.moveBusinessBand(db, businessId, business.bandCode, {
      bandCode: band.code,
      bandSetBy: 'staff',
      bandChangedAt: now,
      updatedAt: now,
    });
    if (!moved) {
      // Another change to the band committed between our read and our update (two reviewers at once):
      // the person is told what it is now rather than having their change silently replace it.
      const current = await repository.findBusiness(db, businessId);
      if (!current) throw TradeErrors.businessNotFound();
      if (current.bandCode === band.code) return current;
      throw TradeErrors.bandChanged(current.bandCode);
    }
    await repository.insertBandChange(db, {
      businessId,
      fromBand: business.bandCode,
      toBand: band.code,
      reason: 'staff',
      note: input.reason,
      actorUserId: actor.userId,
      actorName: actor.name ?? actor.email ?? null,
      spendExVat: await spendLast12Months(deps, db, businessId, now),
      at: now,
    });
    return moved;
  });
  deps.bandLookup.forget();
  return presentBusiness(deps, ctx, updated);
}

/**
 * Moves the business up if its spend reaches a higher band: recorded, e-mailed, and priced from the next call.
 * `placedExVat` is what its orders of the last 12 months came to as placed, when the caller has it.
 */
async function moveUpIfDue(deps: TradeDeps, db: Database, business: BusinessRow, now: Date, keptFor?: Database, placedExVat?: number): Promise<void> {
  const { notifications } = deps;
  // The bands as pricing keeps them for the handle this transaction runs on (not read again per order).
  const allBands = await bandsOf(deps, { db, keptFor, clock: { now: () => now } });
  const current = allBands.find((band) => band.code === business.bandCode);
  // No band above: nothing to read.
  if (!current || !nextBandAfter(allBands, current)) return;
  // Spend is net of refunds, so never more than the year's orders came to as placed: while that sum is short of the next
  // band, no move, without reading each order and where it stands (decision 0114, `mayMoveUp`).
  const placed = placedExVat ?? (await repository.placedExVatBetween(db, business.id, spendWindows(now).yearAgo, now));
  if (!mayMoveUp(allBands, current, placed)) return;
  const spend = await spendLast12Months(deps, db, business.id, now);
  const target = bandToMoveUpTo(allBands, current, spend);
  if (!target) return;
  const moved = await repository.moveBusinessBand(db, business.id, current.code, {
    bandCode: target.code,
    bandSetBy: 'spend',
    bandChangedAt: now,
    updatedAt: now,
  });
  if (!moved) return;
  await repository.insertBandChange(db, spendBandChange(business.id, current.code, target.code, spend, now));
  deps.bandLookup.forget();
  for (const account of await repository.accountsOfBusiness(db, business.id)) {
    const content = bandChangeEmail({
      contactName: account.contactName,
      businessName: business.tradingName ?? business.legalName,
      band: target,
      up: true,
      publicUrl: deps.publicUrl,
    });
    await notifications.enqueueEmail(
      { db },
      {
        to: account.contactEmail ?? account.userEmail,
        ...notifications.renderEmail(content),
        template: 'trade.band-moved-up',
        dedupeKey: `trade.band:${business.id}:${target.code}:${now.getTime()}`,
      },
    );
  }
}

/** What the caller already has: the buyer as read for this order (`tradeBuyerFor`), and the database handle the transaction runs on. */
export interface RecordingWith {
  buyer?: TradeBuyer | null;
  database?: Database;
}

/** An order counted for its business (`recordTradeOrder`): its lines are added to what the business has ordered last (`recordOrderedProducts`). */
export interface RecordedTradeOrder {
  businessId: number;
  lines: readonly { sku: string; quantity: number }[];
  placedAt: Date;
}

/**
 * In checkout's place-order transaction: counts the order for the business, and moves it up a band when its spend reaches one.
 * The buyer read earlier in the request is as good as a read here: a band move is conditional on the band it read. With a
 * band above, the order is written in the statement that sums the year's orders; with none, nothing is summed. Null when
 * the order was counted before (or the buyer has no trade account).
 */
export async function recordTradeOrder(
  deps: TradeDeps,
  db: Transaction,
  order: PlacedTradeOrder,
  known: RecordingWith = {},
): Promise<RecordedTradeOrder | null> {
  const found = known.buyer !== undefined ? known.buyer?.found : await repository.findAccount(db, repository.accountOfUser(order.customerUserId));
  if (!found) return null;
  const { business } = found;
  const row = {
    orderId: order.orderId,
    businessId: business.id,
    tradeAccountId: found.account.id,
    orderNumber: order.orderNumber,
    bandCode: business.bandCode,
    itemCount: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    totalIncVat: order.totalIncVat,
    totalExVat: order.totalIncVat - order.vatIncVat,
    savingsExVat: savingsAtBand(order.goodsExVat, order.tradeDiscountBasisPoints),
    placedAt: order.placedAt,
  };
  const recorded = { businessId: business.id, lines: order.lines, placedAt: order.placedAt };
  const allBands = await bandsOf(deps, { db, keptFor: known.database, clock: { now: () => order.placedAt } });
  const current = allBands.find((band) => band.code === business.bandCode);
  if (!current || !nextBandAfter(allBands, current)) return (await repository.insertTradeOrder(db, row)) ? recorded : null;
  const placed = await repository.insertTradeOrderWithPlaced(db, row, spendWindows(order.placedAt).yearAgo);
  if (placed === null) return null;
  await moveUpIfDue(deps, db, business, order.placedAt, known.database, placed);
  return recorded;
}

/**
 * Adds a counted order's lines to what its business has ordered (buy-again). Its rows are the ones every order of the
 * business for those skus waits on, so the placing transaction writes them last, beside the stock.
 */
export async function recordOrderedProducts(db: Transaction, recorded: RecordedTradeOrder): Promise<void> {
  await repository.addOrderedProducts(db, recorded.businessId, recorded.lines, recorded.placedAt);
}

/** Moves businesses up whose 12-month spend has reached a higher band (a band's threshold changed, say): batches of businesses not reviewed for a day. */
export function bandReviewJob(deps: TradeDeps): Job {
  return {
    name: 'trade-band-review',
    everyMs: 60 * 60_000,
    batchSize: 50,
    async runOnce(ctx: JobContext) {
      const now = ctx.clock.now();
      const claimed = await ctx.db.transaction(async (db) => {
        const due = await repository.claimBusinessesForReview(db, new Date(now.getTime() - DAY_MS), now, 50);
        for (const business of due) await moveUpIfDue(deps, db, business, now, ctx.db);
        return due.length;
      });
      return { claimed };
    },
  };
}
