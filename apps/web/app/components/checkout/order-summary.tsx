import type { BasketDeliveryOptions, Checkout } from '@shop/contracts';
import { useId, type ReactNode } from 'react';
import { itemCountText } from '../../lib/basket/basket-logic.ts';
import { deliveryPlace } from '../../lib/checkout/checkout-logic.ts';
import { cn } from '../../lib/cn.ts';
import { formatPence } from '@shop/contracts';
import { LineImage } from '../basket/line-image.tsx';
import { ChevronDownIcon } from '../ui/icons.tsx';
import { usePriceDisplay, type VatDisplay } from '../../lib/price-display.ts';
import { vatOrder } from '../product/trade-price.tsx';

export interface SummaryLine {
  sku: string;
  productName: string;
  label: string;
  quantity: number;
  lineTotalIncVat: number;
  /** Given for a trade customer's checkout, which shows ex VAT first (or as they chose). */
  lineTotalExVat?: number;
  imageUrl: string | null;
}

export interface SummaryTotals {
  subtotalIncVat: number;
  discountIncVat: number;
  /** null: no delivery option yet (`deliveryPending` says why). */
  deliveryIncVat: number | null;
  deliveryName?: string;
  deliveryPending?: string;
  vatIncluded: number;
  totalIncVat: number;
  /** Given for a trade customer's checkout and orders: the total less the VAT in it. */
  totalExVat?: number;
  /** Given for a trade customer's checkout and orders: the lines' own totals ex VAT, added up. */
  subtotalExVat?: number;
}

function Row({ term, children, className }: { term: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4', className)}>
      <dt>{term}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

/** What is being bought and what it costs: the checkout's sticky summary, and the confirmation's. */
export function OrderLines({ lines }: { lines: readonly SummaryLine[] }) {
  const { display } = usePriceDisplay();
  return (
    <ul className="divide-y divide-navy-100">
      {lines.map((line) => (
        <li key={line.sku} className="flex gap-3 py-3">
          <LineImage line={line} className="size-14" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold text-navy-950">{line.productName}</p>
            <p className="text-navy-700">
              {line.label} · Qty {line.quantity}
            </p>
          </div>
          <LineTotal line={line} display={display} className="text-sm" />
        </li>
      ))}
    </ul>
  );
}

/** A line's total: inc VAT; for a trade customer ex VAT too, the one they read first on top. */
export function LineTotal({
  line,
  display,
  className,
}: {
  line: Pick<SummaryLine, 'lineTotalIncVat' | 'lineTotalExVat'>;
  display: VatDisplay;
  className?: string;
}) {
  if (line.lineTotalExVat === undefined)
    return <p className={cn('font-semibold whitespace-nowrap tabular-nums text-navy-950', className)}>{formatPence(line.lineTotalIncVat)}</p>;
  return (
    <p className={cn('text-right whitespace-nowrap tabular-nums', className)}>
      {vatOrder(line.lineTotalExVat, line.lineTotalIncVat, display).map((amount, index) => (
        <span key={amount.label} className={index === 0 ? 'block font-semibold text-navy-950' : 'block text-xs text-navy-700'}>
          {formatPence(amount.pence)} {amount.label}
        </span>
      ))}
    </p>
  );
}

export function SummaryTotalsList({ totals }: { totals: SummaryTotals }) {
  const { display } = usePriceDisplay();
  if (totals.totalExVat !== undefined) return <TradeTotalsList totals={{ ...totals, totalExVat: totals.totalExVat }} display={display} />;
  return (
    <dl className="space-y-2 text-sm text-navy-800">
      <Row term="Subtotal">{formatPence(totals.subtotalIncVat)}</Row>
      {totals.discountIncVat > 0 && (
        <Row term="Discount" className="font-semibold text-green-800">
          −{formatPence(totals.discountIncVat)}
        </Row>
      )}
      <Row term={totals.deliveryName ? `Delivery: ${totals.deliveryName}` : 'Delivery'}>{deliveryText(totals)}</Row>
      <Row term="Total" className="border-t border-navy-200 pt-3 text-lg font-extrabold text-navy-950">
        {formatPence(totals.totalIncVat)}
      </Row>
      <Row term="VAT included" className="text-navy-600">
        {formatPence(totals.vatIncluded)}
      </Row>
    </dl>
  );
}

/** The delivery's price (or why there is none yet), as every summary says it. */
const deliveryText = (totals: SummaryTotals) =>
  totals.deliveryIncVat === null ? (totals.deliveryPending ?? 'Choose an option') : totals.deliveryIncVat === 0 ? 'Free' : formatPence(totals.deliveryIncVat);

/**
 * A trade customer's totals, as an invoice reads (docs/domain.md §5): goods ex VAT, then the total ex
 * VAT, the VAT and the total inc VAT, the one they read first (ex VAT unless they chose inc) larger.
 * The discount and delivery are kept inc VAT, and say so.
 */
function TradeTotalsList({ totals, display }: { totals: SummaryTotals & { totalExVat: number }; display: VatDisplay }) {
  const first = (shown: VatDisplay) => (shown === display ? 'text-lg font-extrabold text-navy-950' : 'font-semibold text-navy-950');
  return (
    <dl className="space-y-2 text-sm text-navy-800">
      {totals.subtotalExVat === undefined ? (
        <Row term="Subtotal inc VAT">{formatPence(totals.subtotalIncVat)}</Row>
      ) : (
        <Row term="Subtotal ex VAT">{formatPence(totals.subtotalExVat)}</Row>
      )}
      {totals.discountIncVat > 0 && (
        <Row term="Discount, inc VAT" className="font-semibold text-green-800">
          −{formatPence(totals.discountIncVat)}
        </Row>
      )}
      <Row term={totals.deliveryName ? `Delivery: ${totals.deliveryName}, inc VAT` : 'Delivery, inc VAT'}>{deliveryText(totals)}</Row>
      <Row term="Total ex VAT" className={cn('border-t border-navy-200 pt-3', first('ex'))}>
        {formatPence(totals.totalExVat)}
      </Row>
      <Row term="VAT">{formatPence(totals.vatIncluded)}</Row>
      <Row term="Total inc VAT" className={first('inc')}>
        {formatPence(totals.totalIncVat)}
      </Row>
    </dl>
  );
}

/** A delivery option picked on the page but not yet sent: its name and the totals the API priced the order at with it. */
export interface DeliveryPreview {
  name: string;
  totals: BasketDeliveryOptions['orderTotals'][number];
}

export function checkoutTotals(checkout: Checkout, preview: DeliveryPreview | null = null): SummaryTotals {
  if (preview) {
    const { totals } = preview;
    const trade = checkout.basket.pricing.tradePriced;
    return {
      subtotalIncVat: checkout.basket.totals.subtotalIncVat,
      discountIncVat: totals.discountIncVat,
      deliveryIncVat: totals.deliveryIncVat,
      deliveryName: preview.name,
      vatIncluded: totals.vatIncluded,
      totalIncVat: totals.totalIncVat,
      totalExVat: trade ? totals.totalIncVat - totals.vatIncluded : undefined,
      subtotalExVat: trade ? checkout.basket.totals.subtotalExVat : undefined,
    };
  }
  return {
    subtotalIncVat: checkout.basket.totals.subtotalIncVat,
    discountIncVat: checkout.basket.totals.discountIncVat,
    deliveryIncVat: checkout.deliveryOption ? checkout.totals.deliveryIncVat : null,
    deliveryName: checkout.deliveryOption?.name,
    // The options and their prices depend on the address (or collecting): until then there is nothing to choose.
    deliveryPending: checkout.delivery ? 'Choose an option' : 'Not chosen yet',
    vatIncluded: checkout.totals.vatIncluded,
    totalIncVat: checkout.totals.totalIncVat,
    // A trade customer's total ex VAT: the total less the VAT it includes, as the API worked them out.
    totalExVat: checkout.basket.pricing.tradePriced ? checkout.totals.totalIncVat - checkout.totals.vatIncluded : undefined,
    subtotalExVat: checkout.basket.pricing.tradePriced ? checkout.basket.totals.subtotalExVat : undefined,
  };
}

/**
 * The checkout's order summary: sticky beside the steps on wide screens; on a phone, a closed
 * panel above the steps showing the total, opened to see the lines.
 */
export function OrderSummary({ checkout, preview = null }: { checkout: Checkout; preview?: DeliveryPreview | null }) {
  const headingId = useId();
  const content = <SummaryContent checkout={checkout} preview={preview} />;
  return (
    <>
      <aside aria-label="Order summary" className="lg:hidden">
        <details className="group rounded-2xl border border-navy-100 bg-sand-50">
          <summary
            className={
              'flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 ' +
              'px-5 py-3 font-semibold text-navy-950 [&::-webkit-details-marker]:hidden'
            }
          >
            <span className="flex items-center gap-2">
              <ChevronDownIcon className="size-5 text-teal-700 transition-transform group-open:rotate-180" />
              <span className="group-open:hidden">Show order summary</span>
              <span className="hidden group-open:inline">Hide order summary</span>
            </span>
            <span className="text-lg font-extrabold tabular-nums">{formatPence(preview?.totals.totalIncVat ?? checkout.totals.totalIncVat)}</span>
          </summary>
          <div className="px-5 pb-5">{content}</div>
        </details>
      </aside>
      <aside aria-labelledby={headingId} className="hidden rounded-2xl border border-navy-100 bg-sand-50 p-6 lg:sticky lg:top-6 lg:block">
        <h2 id={headingId} className="section-heading">
          Order summary
        </h2>
        {content}
      </aside>
    </>
  );
}

function SummaryContent({ checkout, preview }: { checkout: Checkout; preview: DeliveryPreview | null }) {
  const trade = checkout.basket.pricing.tradePriced;
  const lines = checkout.basket.lines.filter((line) => line.available).map((line) => (trade ? line : { ...line, lineTotalExVat: undefined }));
  const place = deliveryPlace(checkout);
  return (
    <>
      <p className="mt-1 text-sm text-navy-700">
        {itemCountText(checkout.basket.totals.itemCount)}
        {trade && `, at your trade prices${checkout.basket.pricing.tradeBandName ? ` (${checkout.basket.pricing.tradeBandName})` : ''}`}
      </p>
      <div className="mt-3 border-y border-navy-200">
        <OrderLines lines={lines} />
      </div>
      {checkout.basket.discount?.applies && (
        <p className="mt-3 text-sm text-green-800">
          Code {checkout.basket.discount.code}: {checkout.basket.discount.description}
        </p>
      )}
      <div className="mt-4">
        <SummaryTotalsList totals={checkoutTotals(checkout, preview)} />
      </div>
      {place && <p className="mt-3 text-sm text-navy-700">{place}</p>}
    </>
  );
}
