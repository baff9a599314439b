import type { Basket } from '@shop/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useActionData } from 'react-router';
import { useBasket } from '../../lib/basket/basket-context.tsx';
import { discountProblemMessage, itemCountText, vatRateLabel } from '../../lib/basket/basket-logic.ts';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { formText } from '../../lib/form-text.ts';
import { cn } from '../../lib/cn.ts';
import { formatPence } from '@shop/contracts';
import { Badge } from '../ui/badge.tsx';
import { usePriceDisplay, type VatDisplay } from '../../lib/price-display.ts';
import { vatOrder } from '../product/trade-price.tsx';
import { FreeDeliveryNudge } from './free-delivery.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { TagIcon } from '../ui/icons.tsx';
import { Input } from '../ui/input.tsx';

/** Why a code kept on the basket takes nothing off now: free delivery already, or nothing it covers. */
function keptCodeReason(basket: Basket): string {
  const removed = basket.notices.find((notice) => notice.type === 'discount_removed' && notice.code === basket.discount?.code);
  return removed?.reason === 'DISCOUNT_DELIVERY_ALREADY_FREE' ? 'Delivery is already free on this basket.' : 'Nothing in your basket qualifies yet.';
}

function Row({ term, children, className }: { term: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4', className)}>
      <dt>{term}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The basket's totals as the API priced them: subtotal, savings, discount, delivery estimate, VAT
 * and the total. A trade-priced basket shows the customer's own prices instead (TradeBasketTotals).
 */
export function BasketTotals({ basket }: { basket: Basket }) {
  const { totals, pricing } = basket;
  const { display } = usePriceDisplay();
  if (pricing.tradePriced) return <TradeBasketTotals basket={basket} display={display} />;
  return (
    <div className="space-y-4">
      <dl className="space-y-2 text-sm text-navy-800">
        <Row term={`Subtotal (${itemCountText(totals.itemCount)})`}>{formatPence(totals.subtotalIncVat)}</Row>
        {basket.discount && totals.discountIncVat > 0 && (
          <Row term={`Discount (${basket.discount.code})`} className="font-semibold text-green-800">
            −{formatPence(totals.discountIncVat)}
          </Row>
        )}
        <Row term={totals.delivery ? `Delivery (estimate): ${totals.delivery.name}` : 'Delivery'}>
          {totals.delivery ? (totals.delivery.priceIncVat === 0 ? 'Free' : formatPence(totals.delivery.priceIncVat)) : 'Worked out at checkout'}
        </Row>
        {totals.savingsIncVat > 0 && (
          <Row term="Your savings" className="font-semibold text-red-800">
            {formatPence(totals.savingsIncVat)}
          </Row>
        )}
        <Row term="Total inc VAT" className="border-t border-navy-200 pt-3 text-lg font-extrabold text-navy-950">
          {formatPence(totals.totalIncVat)}
        </Row>
        {totals.vat.map((line) => (
          <Row key={line.rateCode} term={`${vatRateLabel(line.basisPoints)} included`} className="text-navy-600">
            {formatPence(line.vatPence)}
          </Row>
        ))}
      </dl>
      <FreeDeliveryNudge delivery={totals.delivery} />
    </div>
  );
}

/**
 * A trade-priced basket's totals: the customer's own prices, ex VAT first (or inc VAT, as they
 * chose), the band they come from, and no "savings" line: trade prices are theirs, not a sale.
 */
function TradeBasketTotals({ basket, display }: { basket: Basket; display: VatDisplay }) {
  const { totals, pricing } = basket;
  const subtotal = vatOrder(totals.subtotalExVat, totals.subtotalIncVat, display);
  const total = vatOrder(totals.totalExVat, totals.totalIncVat, display);
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-navy-800">
        <Badge tone="accent">Your trade prices</Badge>
        {pricing.tradeBandName ?? 'Trade account'}
        {pricing.tradeDiscountBasisPoints > 0 && `: ${pricing.tradeDiscountBasisPoints / 100}% off ex-VAT retail prices`}
      </p>
      <dl className="space-y-2 text-sm text-navy-800">
        {subtotal.map((amount, index) => (
          <Row
            key={amount.label}
            term={index === 0 ? `Subtotal ${amount.label} (${itemCountText(totals.itemCount)})` : `Subtotal ${amount.label}`}
            className={cn(index > 0 && 'text-navy-600')}
          >
            {formatPence(amount.pence)}
          </Row>
        ))}
        {basket.discount && totals.discountIncVat > 0 && (
          <Row term={`Discount (${basket.discount.code}), inc VAT`} className="font-semibold text-green-800">
            −{formatPence(totals.discountIncVat)}
          </Row>
        )}
        <Row term={totals.delivery ? `Delivery (estimate): ${totals.delivery.name}, inc VAT` : 'Delivery'}>
          {totals.delivery ? (totals.delivery.priceIncVat === 0 ? 'Free' : formatPence(totals.delivery.priceIncVat)) : 'Worked out at checkout'}
        </Row>
        {total.map((amount, index) => (
          <Row
            key={amount.label}
            term={`Total ${amount.label}`}
            className={index === 0 ? 'border-t border-navy-200 pt-3 text-lg font-extrabold text-navy-950' : 'font-semibold text-navy-950'}
          >
            {formatPence(amount.pence)}
          </Row>
        ))}
        {totals.vat.map((line) => (
          <Row key={line.rateCode} term={vatRateLabel(line.basisPoints)} className="text-navy-600">
            {formatPence(line.vatPence)}
          </Row>
        ))}
      </dl>
      <FreeDeliveryNudge delivery={totals.delivery} />
    </div>
  );
}

/** Where the discount forms post without scripts: the basket page's action (routes/basket.tsx). */
const BASKET_ACTION = '/basket';

/**
 * The discount code form, with the API's message for each refusal, or the applied code and its
 * remove action. Both are plain forms posted to the basket page before its scripts run (what was
 * typed is read from the form, so nothing typed early is lost); with scripts the basket changes here.
 */
export function DiscountCodeForm({ basket }: { basket: Basket }) {
  const { applyDiscount, removeDiscount } = useBasket();
  // The basket page's answer to a plain form's refusal, until the shopper tries again here.
  const posted = useActionData() as { discountProblem?: string; code?: string } | undefined;
  const [problem, setProblem] = useState<string | null>(posted?.discountProblem ?? null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const code = formText(new FormData(form), 'code').trim();
    if (code === '') {
      setProblem('Enter a discount code.');
      return;
    }
    setBusy(true);
    setProblem(null);
    const result = await applyDiscount(code);
    setBusy(false);
    if (result.ok) form.reset();
    else setProblem(discountProblemMessage(result.error));
  };

  const removeCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const result = await removeDiscount();
    setBusy(false);
    if (!result.ok) setProblem(apiProblemMessage(result.error));
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-bold text-navy-950">
        <TagIcon className="size-4 text-teal-700" />
        Discount code
      </h3>
      {basket.discount ? (
        <div className="flex items-start justify-between gap-3 rounded-xl bg-green-50 p-3 text-sm ring-1 ring-green-200 ring-inset">
          <p>
            <span className="font-mono font-bold text-green-900">{basket.discount.code}</span> applied
            <span className="block text-green-900">{basket.discount.description}</span>
            {!basket.discount.applies && <span className="block text-navy-700">{keptCodeReason(basket)}</span>}
          </p>
          <form method="post" action={BASKET_ACTION} onSubmit={removeCode}>
            <input type="hidden" name="intent" value="remove-discount" />
            <input type="hidden" name="code" value={basket.discount.code} />
            <Button type="submit" variant="ghost" size="sm" loading={busy}>
              Remove<span className="sr-only"> code {basket.discount.code}</span>
            </Button>
          </form>
        </div>
      ) : (
        <form method="post" action={BASKET_ACTION} onSubmit={apply} noValidate className="flex items-start gap-2">
          <FormField label="Discount code" hideLabel error={problem} className="flex-1">
            {(control) => (
              <Input
                {...control}
                name="code"
                defaultValue={posted?.code ?? ''}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="e.g. WELCOME10"
                className="uppercase placeholder:normal-case"
              />
            )}
          </FormField>
          <Button type="submit" variant="secondary" loading={busy}>
            Apply
          </Button>
        </form>
      )}
      {basket.discount && problem && (
        <p className="text-sm font-medium text-red-700" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
