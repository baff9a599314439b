import type { BasketLine } from '@shop/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { useBasket } from '../../lib/basket/basket-context.tsx';
import { LINE_QUANTITY_INTENT, LINE_REMOVE_INTENT, LINE_STEP_FIELD } from '../../lib/basket/basket-line-forms.ts';
import { lineQuantityProblem, linePath } from '../../lib/basket/basket-logic.ts';
import { cn } from '../../lib/cn.ts';
import { formatPence } from '@shop/contracts';
import { usePriceDisplay } from '../../lib/price-display.ts';
import { vatOrder } from '../product/trade-price.tsx';
import { Price } from '../ui/price.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { LineImage } from './line-image.tsx';

const UNAVAILABLE_TEXT: Record<string, string> = {
  sku_not_found: 'No longer available. Remove it to carry on.',
  out_of_stock: 'Out of stock at the moment. Remove it to carry on.',
};

/** What the shopper needs to know about a line's stock, in words (never colour alone). */
function stockMessage(line: BasketLine): { text: string; tone: 'ok' | 'warn' | 'bad' } {
  if (!line.available) {
    if (line.unavailableReason === 'insufficient_stock') {
      return { text: `Only ${line.maxQuantity} can be ordered at the moment: lower the quantity to ${line.maxQuantity} or fewer.`, tone: 'bad' };
    }
    return { text: UNAVAILABLE_TEXT[line.unavailableReason ?? ''] ?? 'Not available at the moment.', tone: 'bad' };
  }
  if (line.stockStatus === 'low_stock') return { text: `Low stock: only ${line.maxQuantity} left`, tone: 'warn' };
  if (line.stockStatus === 'made_to_order') return { text: 'Made to order: allow extra time for delivery', tone: 'ok' };
  return { text: 'In stock', tone: 'ok' };
}

/** A line the shop no longer sells (its product withdrawn, or its code no longer made): named, never priced, only removed. */
const noLongerSold = (line: Pick<BasketLine, 'unavailableReason'>) => line.unavailableReason === 'sku_not_found';

const tones = { ok: 'text-green-800', warn: 'text-brass-800', bad: 'text-red-800' } as const;

/** Where a line's plain forms go: the basket page's action. */
const BASKET_PATH = '/basket';

/**
 * One basket line: picture, name, label, unit price, quantity, line total and remove. `actions`
 * takes more buttons beside "Remove" (e.g. save for later). A line the shop no longer sells has its
 * name, label and code, "No longer available" and Remove only: no price, quantity or other action.
 */
export function BasketLineItem({
  line,
  actions,
  tradePriced = false,
  refused = null,
}: {
  line: BasketLine;
  actions?: ReactNode;
  tradePriced?: boolean;
  /** Why the basket page's action turned down this line's plain form (basket-line-forms.ts), if it did. */
  refused?: string | null;
}) {
  const { display } = usePriceDisplay();
  const { setQuantity, remove } = useBasket();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(refused);
  const [busy, setBusy] = useState<'quantity' | 'remove' | null>(null);
  const stock = stockMessage(line);
  const text = draft ?? String(line.quantity);
  const lineName = `${line.productName}${line.label ? `, ${line.label}` : ''}`;
  const quantityLabel = `Quantity of ${lineName}`;
  const gone = noLongerSold(line);

  const commit = async (quantity: number) => {
    if (quantity === line.quantity) {
      setDraft(null);
      return;
    }
    setBusy('quantity');
    setProblem(null);
    const result = await setQuantity(line.sku, quantity);
    setBusy(null);
    if (result.ok) setDraft(null);
    else setProblem(apiProblemMessage(result.error));
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (draft === null) return;
    const typed = lineQuantityProblem(draft, line.maxQuantity);
    if (typed) setProblem(typed);
    else void commit(Number(draft));
  };

  const step = (by: number) => {
    const next = line.quantity + by;
    setDraft(null);
    if (next < 1) return;
    if (line.maxQuantity > 0 && next > line.maxQuantity && by > 0) {
      setProblem(`Only ${line.maxQuantity} can be ordered at the moment.`);
      return;
    }
    void commit(next);
  };

  const removeLine = async () => {
    setBusy('remove');
    setProblem(null);
    const result = await remove(line.sku);
    if (!result.ok) {
      setBusy(null);
      setProblem(apiProblemMessage(result.error));
    }
  };

  const stepClasses =
    'inline-flex size-10 items-center justify-center text-lg font-semibold text-navy-900 hover:bg-navy-50 disabled:cursor-not-allowed disabled:text-navy-300';

  return (
    <li className={cn('grid grid-cols-[5rem_1fr] gap-x-4 gap-y-3 py-5 sm:grid-cols-[7rem_1fr_auto]', busy === 'remove' && 'opacity-60')}>
      <LineImage line={line} className="size-20 sm:row-span-2 sm:size-28" />
      <div className="min-w-0">
        <h3 className="font-semibold text-navy-950">
          {gone ? (
            line.productName
          ) : (
            <Link to={linePath(line)} className="hover:underline">
              {line.productName}
            </Link>
          )}
        </h3>
        {line.label && <p className="text-sm text-navy-700">{line.label}</p>}
        <p className="mt-1 text-xs text-navy-600">
          Code {line.sku}
          {line.packQty > 1 && ` · pack of ${line.packQty}`}
        </p>
        {gone ? (
          <p className="mt-2 text-sm text-navy-700">Quantity {line.quantity}</p>
        ) : tradePriced ? (
          // A trade customer's own price, in the order they chose: not a sale, so no "was" and no "Save".
          <p className="mt-2 text-sm text-navy-800 tabular-nums">
            <span className="block text-xs font-semibold text-brass-900">Your trade price</span>
            {vatOrder(line.unitPriceExVat, line.unitPriceIncVat, display).map((amount, index) => (
              <span key={amount.label} className={index === 0 ? 'font-bold text-navy-950' : 'text-navy-700'}>
                {index > 0 && ' · '}
                {formatPence(amount.pence)} {amount.label}
              </span>
            ))}
            <span className="text-navy-600"> each</span>
          </p>
        ) : (
          <div className="mt-2">
            <span className="sr-only">Price each: </span>
            <Price pence={line.unitPriceIncVat} wasPence={line.wasUnitPriceIncVat} size="sm" />
            <span className="text-sm text-navy-600"> each</span>
          </div>
        )}
        <p className={cn('mt-1 text-sm font-medium', tones[stock.tone])}>{stock.text}</p>
      </div>
      {!gone && (
        <div className="col-span-2 flex flex-wrap items-start justify-between gap-3 sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:flex-col sm:items-end">
          {/* A plain form to the basket page's action until the scripts run; then the handlers here make the change. */}
          <form method="post" action={BASKET_PATH} onSubmit={submit} noValidate className="relative flex flex-col gap-1 sm:items-end">
            <input type="hidden" name="intent" value={LINE_QUANTITY_INTENT} />
            <input type="hidden" name="sku" value={line.sku} />
            {/* First, so Enter in the box submits the quantity typed rather than pressing "−" (a form's default button is its first). */}
            <button
              type="submit"
              className={cn(
                'sr-only focus:not-sr-only focus:absolute focus:bottom-full focus:left-0 focus:mb-1 sm:focus:right-0 sm:focus:left-auto',
                'focus:rounded focus:bg-white focus:px-2 focus:py-1 focus:text-sm focus:font-semibold focus:whitespace-nowrap focus:underline',
              )}
            >
              Update quantity<span className="sr-only"> of {lineName}</span>
            </button>
            <label htmlFor={id} className="sr-only">
              {quantityLabel}
            </label>
            <div className={cn('inline-flex overflow-hidden rounded-lg border bg-white', problem ? 'border-red-700' : 'border-navy-300')}>
              <button
                type="submit"
                name={LINE_STEP_FIELD}
                value="-1"
                className={stepClasses}
                disabled={busy !== null || line.quantity <= 1}
                onClick={(event) => {
                  event.preventDefault();
                  step(-1);
                }}
                aria-controls={id}
              >
                <span aria-hidden="true">−</span>
                <span className="sr-only">Decrease {quantityLabel.toLowerCase()}</span>
              </button>
              <input
                id={id}
                name="quantity"
                inputMode="numeric"
                value={text}
                disabled={busy === 'remove'}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onChange={(event) => {
                  setDraft(event.target.value);
                  setProblem(null);
                }}
                onBlur={() => submit()}
                className="h-10 w-14 border-x border-navy-200 text-center text-base font-semibold text-navy-950 tabular-nums"
              />
              <button
                type="submit"
                name={LINE_STEP_FIELD}
                value="1"
                className={stepClasses}
                disabled={busy !== null}
                onClick={(event) => {
                  event.preventDefault();
                  step(1);
                }}
                aria-controls={id}
              >
                <span aria-hidden="true">+</span>
                <span className="sr-only">Increase {quantityLabel.toLowerCase()}</span>
              </button>
            </div>
            {busy === 'quantity' && (
              <span className="flex items-center gap-1.5 text-xs text-navy-600" role="status">
                <Spinner className="size-3" /> Updating…
              </span>
            )}
          </form>
          <p className="text-right">
            <span className="block text-xs text-navy-600">{tradePriced ? `Total ${display === 'ex' ? 'ex' : 'inc'} VAT` : 'Total'}</span>
            <span className="text-lg font-bold text-navy-950 tabular-nums">
              {line.available ? formatPence(tradePriced && display === 'ex' ? line.lineTotalExVat : line.lineTotalIncVat) : '—'}
            </span>
            {!tradePriced && line.lineSavingsIncVat > 0 && (
              <span className="block text-xs font-semibold text-red-800 tabular-nums">You save {formatPence(line.lineSavingsIncVat)}</span>
            )}
          </p>
        </div>
      )}
      <div className="col-span-2 flex flex-wrap items-center gap-x-4 gap-y-1 sm:col-span-2 sm:col-start-2">
        {problem && (
          <p id={`${id}-problem`} className="w-full text-sm font-medium text-red-700" role="alert">
            {problem}
          </p>
        )}
        <form method="post" action={BASKET_PATH} className="contents">
          <input type="hidden" name="intent" value={LINE_REMOVE_INTENT} />
          <input type="hidden" name="sku" value={line.sku} />
          <button
            type="submit"
            onClick={(event) => {
              event.preventDefault();
              void removeLine();
            }}
            disabled={busy !== null}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-navy-800 underline hover:no-underline disabled:cursor-not-allowed"
          >
            {busy === 'remove' && <Spinner className="size-3" />}
            Remove<span className="sr-only"> {line.productName}</span>
          </button>
        </form>
        {!gone && actions}
      </div>
    </li>
  );
}
