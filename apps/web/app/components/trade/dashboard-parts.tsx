import type { BuyAgainProduct, OrderSummary, TradeOrderSummary, TradeSummary } from '@shop/contracts';
import { formatPence } from '@shop/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { accountOrderPath } from '../../lib/account/orders.ts';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { useBasket } from '../../lib/basket/basket-context.tsx';
import { linePath } from '../../lib/basket/basket-logic.ts';
import { formatInstant } from '../../lib/checkout/order-tracking.ts';
import { cn } from '../../lib/cn.ts';
import { usePriceDisplay } from '../../lib/price-display.ts';
import { bandLabel, discountText } from '../../lib/trade/bands.ts';
import { LineImage } from '../basket/line-image.tsx';
import { vatOrder } from '../product/trade-price.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';

const STOCK_TEXT: Record<BuyAgainProduct['stockStatus'], string> = {
  in_stock: 'In stock',
  low_stock: 'Low stock',
  made_to_order: 'Made to order',
  out_of_stock: 'Out of stock',
};

/** One figure of the dashboard: what it is, the amount, and a line about it. */
export function Figure({ term, pence, note }: { term: string; pence: number; note: string }) {
  return (
    <div className="rounded-2xl border border-navy-100 bg-white p-4 sm:p-5">
      <dt className="text-sm font-semibold text-navy-700">{term}</dt>
      <dd className="mt-1">
        <span className="block text-2xl font-extrabold tracking-tight text-navy-950 tabular-nums">{formatPence(pence)}</span>
        <span className="block text-xs text-navy-600">{note}</span>
      </dd>
    </div>
  );
}

/** Spend this month, quarter and 12 months, and what trade prices saved: ex VAT, net of refunds. */
export function SpendFigures({ summary }: { summary: TradeSummary }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure term="Spend this month" pence={summary.spend.thisMonthExVat} note="ex VAT, less refunds" />
      <Figure term="Spend this quarter" pence={summary.spend.thisQuarterExVat} note="ex VAT, less refunds" />
      <Figure term="Spend, last 12 months" pence={summary.spend.last12MonthsExVat} note="ex VAT: this sets your band" />
      <Figure term="Saved with trade prices" pence={summary.savingsLast12MonthsExVat} note="last 12 months, ex VAT" />
    </dl>
  );
}

/** The band and the way to the next: a progress bar with the same in words. */
export function BandProgress({ summary }: { summary: TradeSummary }) {
  const { band, nextBand, spendToNextBandExVat } = summary;
  const percent = Math.floor(summary.progressToNextBandBasisPoints / 100);
  return (
    <section aria-labelledby="your-band" className="rounded-2xl border border-navy-100 bg-sand-50 p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id="your-band" className="text-lg font-bold tracking-tight text-navy-950">
          Your band: {band.name}
        </h2>
        <Badge tone="accent">{discountText(band.discountBasisPoints)} off ex-VAT prices</Badge>
      </div>
      {nextBand ? (
        <>
          <label htmlFor="band-progress" className="mt-4 block text-sm font-semibold text-navy-900">
            Progress to {bandLabel(nextBand)}: {percent}%
          </label>
          <progress
            id="band-progress"
            max={10_000}
            value={summary.progressToNextBandBasisPoints}
            className={
              'mt-2 block h-3 w-full appearance-none overflow-hidden rounded-full bg-navy-100 ' +
              '[&::-moz-progress-bar]:bg-teal-600 [&::-webkit-progress-bar]:bg-navy-100 [&::-webkit-progress-value]:bg-teal-600'
            }
          >
            {percent}%
          </progress>
          <p className="mt-2 text-sm text-navy-800">
            {spendToNextBandExVat === 0
              ? `Your spend has reached ${nextBand.name}: your band moves up shortly.`
              : `Spend ${formatPence(spendToNextBandExVat ?? 0)} more (ex VAT) over 12 ` +
                `months to reach ${nextBand.name}. Your band moves up by itself when it does.`}
          </p>
        </>
      ) : (
        <p className="mt-3 text-sm text-navy-800">You are on our top band: the best trade prices we offer.</p>
      )}
    </section>
  );
}

/** An order number linking to its page, with when, how many items and its total ex VAT (inc VAT beside). */
function OrderRow({ order }: { order: TradeOrderSummary }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
      <span>
        <Link to={accountOrderPath(order.orderNumber)} className="font-mono font-semibold text-teal-700 underline underline-offset-3">
          {order.orderNumber}
        </Link>
        <span className="block text-sm text-navy-700">
          <time dateTime={order.placedAt}>{formatInstant(order.placedAt)}</time> · {order.itemCount === 1 ? '1 item' : `${order.itemCount} items`}
        </span>
      </span>
      <span className="text-right tabular-nums">
        <span className="block font-semibold text-navy-950">{formatPence(order.totalExVat)} ex VAT</span>
        <span className="block text-xs text-navy-700">{formatPence(order.totalIncVat)} inc VAT</span>
      </span>
    </li>
  );
}

/** Orders on their way, and the latest order. */
export function OpenOrders({ summary }: { summary: TradeSummary }) {
  const { openOrders, latestOrder } = summary;
  return (
    <section aria-labelledby="open-orders" className="rounded-2xl border border-navy-100 bg-white p-5 sm:p-6">
      <h2 id="open-orders" className="text-lg font-bold tracking-tight text-navy-950">
        Open orders{openOrders.count > 0 && ` (${openOrders.count})`}
      </h2>
      {openOrders.count === 0 ? (
        <p className="mt-2 text-navy-700">Nothing on its way just now.</p>
      ) : (
        <ul className="mt-1 divide-y divide-navy-100">
          {openOrders.items.map((order) => (
            <OrderRow key={order.orderNumber} order={order} />
          ))}
        </ul>
      )}
      <h3 className="mt-5 font-bold text-navy-950">Latest order</h3>
      {latestOrder ? (
        <ul>
          <OrderRow order={latestOrder} />
        </ul>
      ) : (
        <p className="mt-1 text-navy-700">Your trade orders will show here after the first.</p>
      )}
    </section>
  );
}

/**
 * What the business orders most, with today's price (the customer's own), stock, and an "Add to
 * basket" per line and for all of them.
 */
export function BuyAgain({ items }: { items: readonly BuyAgainProduct[] }) {
  const { add, openPanel } = useBasket();
  const { display } = usePriceDisplay();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const available = items.filter((item) => item.available);

  const addLines = async (lines: readonly BuyAgainProduct[], key: string) => {
    setBusy(key);
    setProblem(null);
    const added = [];
    for (const line of lines) {
      const result = await add(line.sku, 1);
      if (!result.ok) {
        setProblem(`${line.productName}: ${apiProblemMessage(result.error)}`);
        break;
      }
      added.push({ sku: line.sku, quantity: 1 });
    }
    setBusy(null);
    if (added.length > 0) openPanel(added);
  };

  return (
    <section aria-labelledby="buy-again" className="rounded-2xl border border-navy-100 bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="buy-again" className="text-lg font-bold tracking-tight text-navy-950">
          Buy again
        </h2>
        {available.length > 1 && (
          <Button variant="secondary" size="sm" loading={busy === 'all'} disabled={busy !== null} onClick={() => void addLines(available, 'all')}>
            Add all to basket
          </Button>
        )}
      </div>
      {problem && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      {items.length === 0 ? (
        <p className="mt-2 text-navy-700">What your business orders most will show here, with today’s price, so you can order it again in a click.</p>
      ) : (
        <ul className="mt-2 divide-y divide-navy-100">
          {items.map((item) => {
            const [first, second] = vatOrder(item.unitPriceExVat, item.unitPriceIncVat, display);
            return (
              <li key={item.sku} className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-2 py-4 sm:grid-cols-[4rem_1fr_auto] sm:items-center">
                <LineImage line={item} className="size-16" />
                <div className="min-w-0">
                  <h3 className="font-semibold text-navy-950">
                    <Link to={linePath(item)} className="hover:underline">
                      {item.productName}
                    </Link>
                  </h3>
                  {item.label && <p className="text-sm text-navy-700">{item.label}</p>}
                  <p className="text-xs text-navy-600">
                    Ordered {item.timesOrdered === 1 ? 'once' : `${item.timesOrdered} times`}, last on{' '}
                    <time dateTime={item.lastOrderedAt}>{formatInstant(item.lastOrderedAt)}</time>
                  </p>
                  <p className="mt-1 text-sm tabular-nums">
                    <span className="font-bold text-navy-950">
                      {formatPence(first!.pence)} {first!.label}
                    </span>
                    <span className="text-navy-700">
                      {' '}
                      · {formatPence(second!.pence)} {second!.label}
                    </span>
                  </p>
                  <p className={cn('text-sm font-medium', item.available ? 'text-green-800' : 'text-red-800')}>
                    {item.available ? STOCK_TEXT[item.stockStatus] : 'Not available now'}
                  </p>
                </div>
                <div className="col-span-2 sm:col-span-1">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={!item.available || busy !== null}
                    loading={busy === item.sku}
                    onClick={() => void addLines([item], item.sku)}
                  >
                    Add to basket
                    <span className="sr-only">
                      : {item.productName}
                      {item.label ? `, ${item.label}` : ''}
                    </span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A customer's order in the paged list: its total ex VAT (the total less the VAT in it), inc VAT beside. */
export function OrderListRow({ order }: { order: OrderSummary }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
      <span className="min-w-0">
        <Link to={accountOrderPath(order.orderNumber)} className="font-mono font-semibold text-teal-700 underline underline-offset-3">
          {order.orderNumber}
        </Link>
        <span className="block text-sm text-navy-700">
          <time dateTime={order.placedAt}>{formatInstant(order.placedAt)}</time> · {order.itemCount === 1 ? '1 item' : `${order.itemCount} items`}
          {order.firstLine && <> · {order.firstLine}</>}
        </span>
      </span>
      <span className="text-right tabular-nums">
        <span className="block font-semibold text-navy-950">{formatPence(order.totals.totalIncVat - order.totals.vatIncVat)} ex VAT</span>
        <span className="block text-xs text-navy-700">{formatPence(order.totals.totalIncVat)} inc VAT</span>
      </span>
    </li>
  );
}
