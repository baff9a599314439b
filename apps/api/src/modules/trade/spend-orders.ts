/** A business's trade orders as they stand now (refunds and cancellations asked of orders), for its spend and its pages. */
import type { OrderStatus } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import { orderSummary } from './trade-present.ts';
import { spendTotals, spendWindows, type SpendOrder } from './trade-spend.ts';
import type { TradeDeps } from './trade.deps.ts';
import * as repository from './repository/index.ts';
import type { TradeOrderRow } from './repository/index.ts';

type OrdersDeps = Pick<TradeDeps, 'orders'>;
export type StandingOrder = SpendOrder & { row: TradeOrderRow; status: OrderStatus };

const orderStates = ({ orders }: OrdersDeps, db: Database, rows: readonly TradeOrderRow[]) =>
  orders.orderStates(
    { db },
    rows.map((row) => row.orderId),
  );

/** The business's trade orders of the last year, with where each stands now. */
export async function spendOrders(deps: OrdersDeps, db: Database, businessId: number, now: Date): Promise<{ rows: TradeOrderRow[]; orders: StandingOrder[] }> {
  const rows = await repository.tradeOrdersSince(db, businessId, spendWindows(now).yearAgo);
  const states = await orderStates(deps, db, rows);
  return {
    rows,
    orders: rows.map((row) => {
      const state = states.get(row.orderId);
      return {
        row,
        status: state?.status ?? 'placed',
        placedAt: row.placedAt,
        totalExVat: row.totalExVat,
        totalIncVat: row.totalIncVat,
        refundedIncVat: state?.refundedPence ?? 0,
        savingsExVat: row.savingsExVat,
      };
    }),
  };
}

export async function spendLast12Months(deps: OrdersDeps, db: Database, businessId: number, now: Date): Promise<number> {
  return spendTotals((await spendOrders(deps, db, businessId, now)).orders, now).last12MonthsExVat;
}

/** Orders older than `before` (or the latest), newest first, as summaries with where each stands now. */
export async function olderOrderSummaries(deps: OrdersDeps, db: Database, businessId: number, limit: number, before?: Date) {
  const older = await repository.latestTradeOrders(db, businessId, limit, before);
  const states = await orderStates(deps, db, older);
  return older.map((row) =>
    orderSummary({ row, status: states.get(row.orderId)?.status ?? 'placed', refundedIncVat: states.get(row.orderId)?.refundedPence ?? 0 }),
  );
}
