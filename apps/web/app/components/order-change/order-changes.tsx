import { formatPence, londonDue, type OrderBasket } from '@shop/contracts';
import { Form } from 'react-router';
import { differenceText, orderBasketTotals, unitPriceText } from '../../lib/order-change/order-basket-figures.ts';
import { usePriceDisplay } from '../../lib/price-display.ts';
import { LineTotal, SummaryTotalsList } from '../checkout/order-summary.tsx';
import { Card } from '../staff-orders/order-details.tsx';
import { Button } from '../ui/button.tsx';
import { OnAccountDifferenceNote, PayDifference, type DifferenceIntent } from './pay-difference.tsx';

const field = 'mt-1 block w-full rounded-lg border border-navy-300 px-3 py-2';

const WORDS = { staff: ['This order can be changed', 'These'], customer: ['You can change this order', 'Your'] } as const;

/** The difference being paid by card (the customer's page only): the intent, the gateway's card field and wallets, the customer's saved cards. */
export interface DifferencePayment extends DifferenceIntent {
  orderVersion: number;
}

/**
 * An order's open changes, as plain forms posted to the page: its items (set a quantity, remove, add by
 * product code), its delivery address, and the new totals with the difference and "Complete changes".
 * The customer's page pays a higher total by card; staff on the phone (`forStaff`) take no card (decision
 * 0089), so a higher total is said, with where the customer pays it, and not completed here. An order
 * paid on account never asks for a card: its higher total is agreed by the credit provider on completing,
 * by the customer or staff, and a lower one credited to the account (decision 0101). An order at trade
 * prices reads as its order page does: ex VAT first (or as the customer chose), the difference inc VAT, as it is charged.
 */
export function OrderChanges({
  basket,
  action,
  payment,
  forStaff = false,
}: {
  basket: OrderBasket;
  /** The page the forms post to (the customer's, a guest's or staff's). */
  action?: string;
  payment: DifferencePayment | null;
  forStaff?: boolean;
}) {
  const { orderNumber } = basket;
  const words = WORDS[forStaff ? 'staff' : 'customer'];
  const { display } = usePriceDisplay();
  const trade = basket.tradePriced;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <p className="text-navy-700">
          {words[0]} {basket.changeableUntil}. {words[1]} changes are kept until {londonDue(basket.expiresAt)}.
        </p>
        {basket.notices.map((notice) => (
          <p key={notice.code} role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-900">
            {notice.message}
          </p>
        ))}
        <Card id="change-items" title="Items">
          <ul className="divide-y divide-navy-100">
            {basket.lines.map((line) => (
              <li key={`${line.sku}-${line.change ?? ''}`} className="flex flex-wrap items-end justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold text-navy-950">
                    {line.productName}
                    {line.label ? ` (${line.label})` : ''}
                  </p>
                  <p className="text-sm text-navy-700">
                    {line.sku} · {unitPriceText(line, trade, display)}
                    {line.change === 'added' ? ' · added' : line.change === 'removed' ? ' · removed' : ''}
                  </p>
                </div>
                {line.quantity > 0 && (
                  <div className="flex items-end gap-2">
                    <Form method="post" className="flex items-end gap-2">
                      <input type="hidden" name="intent" value="set" />
                      <input type="hidden" name="sku" value={line.sku} />
                      <label className="text-sm">
                        Quantity of {line.productName}
                        <input name="quantity" type="number" min={1} max={999} defaultValue={line.quantity} className={`${field} w-24`} />
                      </label>
                      <Button type="submit" variant="secondary">
                        Update
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="sku" value={line.sku} />
                      <Button type="submit" variant="secondary" aria-label={`Remove ${line.productName}`}>
                        Remove
                      </Button>
                    </Form>
                  </div>
                )}
                {trade ? (
                  <LineTotal line={line} display={display} className="w-full sm:w-auto" />
                ) : (
                  <p className="w-full text-right font-semibold sm:w-auto">{formatPence(line.lineTotalIncVat)}</p>
                )}
              </li>
            ))}
          </ul>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3 border-t border-navy-100 pt-4">
            <input type="hidden" name="intent" value="add" />
            <label className="text-sm font-medium">
              Product code to add
              <input name="sku" required className={field} autoComplete="off" />
            </label>
            <label className="text-sm font-medium">
              Quantity to add
              <input name="quantity" type="number" min={1} max={999} defaultValue={1} className={`${field} w-24`} />
            </label>
            <Button type="submit">Add item</Button>
          </Form>
        </Card>
        <Card id="change-address" title="Delivery address">
          <Form method="post" className="grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="address" />
            {(
              [
                ['name', 'Full name', basket.deliveryAddress?.name],
                ['line1', 'Address line 1', basket.deliveryAddress?.line1],
                ['line2', 'Address line 2 (optional)', basket.deliveryAddress?.line2],
                ['town', 'Town or city', basket.deliveryAddress?.town],
                ['postcode', 'Postcode', basket.deliveryAddress?.postcode],
              ] as const
            ).map(([name, label, value]) => (
              <label key={name} className="text-sm font-medium">
                {label}
                <input name={name} defaultValue={value ?? ''} required={name !== 'line2'} className={field} />
              </label>
            ))}
            <div className="sm:col-span-2">
              <Button type="submit" variant="secondary">
                Use this address
              </Button>
            </div>
          </Form>
        </Card>
      </div>
      <Card id="change-totals" title="New totals">
        {trade ? (
          <>
            <SummaryTotalsList totals={orderBasketTotals(basket)} />
            <dl className="mt-2 space-y-2 border-t border-navy-200 pt-2 text-sm">
              <Row label="Paid so far, inc VAT" value={basket.paidPence} />
            </dl>
          </>
        ) : (
          <dl className="space-y-2 text-sm">
            <Row label="Items" value={basket.after.goodsIncVat} />
            {basket.after.discountIncVat > 0 && <Row label="Discount" value={-basket.after.discountIncVat} />}
            <Row label={`Delivery (${basket.delivery.name})`} value={basket.after.deliveryIncVat} />
            <Row label="New order total" value={basket.after.totalIncVat} strong />
            <Row label="VAT included" value={basket.after.vatIncluded} />
            <Row label="Paid so far" value={basket.paidPence} />
          </dl>
        )}
        <p className="mt-4 text-lg font-semibold text-navy-950">{differenceText(basket)}</p>
        {basket.paidOnAccount && basket.toPayPence > 0 ? (
          <Form method="post" className="mt-4 space-y-3">
            <OnAccountDifferenceNote asking="Completing" />
            <input type="hidden" name="intent" value="complete" />
            <input type="hidden" name="orderVersion" value={basket.orderVersion} />
            <Button type="submit">Complete changes on account</Button>
          </Form>
        ) : forStaff && basket.toPayPence > 0 ? (
          // Staff take no card (decision 0089): the customer is e-mailed what changed and a link to review and pay it (decision 0092).
          <Form method="post" className="mt-4 space-y-3">
            <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-900">
              We cannot take a card over the phone. Send these changes to the customer: we e-mail them what changed and a link to review them and pay the
              difference themselves. Or change the order so its total does not go up.
            </p>
            <input type="hidden" name="intent" value="complete" />
            <input type="hidden" name="orderVersion" value={basket.orderVersion} />
            <Button type="submit">E-mail the customer to pay</Button>
          </Form>
        ) : payment ? (
          <PayDifference
            action={action ?? `/account/orders/${orderNumber}/change`}
            fields={{ intent: 'complete', orderVersion: payment.orderVersion }}
            savedCardFields={{ intent: 'complete', orderVersion: payment.orderVersion, method: 'saved_card' }}
            payment={payment}
          />
        ) : (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="complete" />
            <input type="hidden" name="orderVersion" value={basket.orderVersion} />
            <Button type="submit" disabled={basket.changes.length === 0}>
              Complete changes
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}

function Row({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'font-semibold text-navy-950' : ''}`}>
      <dt>{label}</dt>
      <dd>{value < 0 ? `−${formatPence(-value)}` : formatPence(value)}</dd>
    </div>
  );
}
