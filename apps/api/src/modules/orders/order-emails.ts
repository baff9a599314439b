/**
 * What we tell customers about their order, in the shop's e-mail layout (HTML and text): placed,
 * on its way, cancelled, refunded. Pure: the callers queue them in the transaction that makes the
 * change, each with a dedupe key, so a retried change cannot send one twice.
 */
import { DAMAGE_REPORT_HOURS, MISSING_REPORT_DAYS, formatPence, formatPenceShort, londonLongDate, londonWeekday, type Order } from '@shop/contracts';
import type { Returnability } from '../catalogue/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { cancellationRights } from './cancellation-rights.ts';

/** The shop's e-mail layout and contact details, and how a collection point is named. */
export interface EmailDeps {
  notifications: Pick<NotificationsService, 'renderEmail' | 'contactLine' | 'shopDetails'>;
  delivery: Pick<DeliveryService, 'collectionText'>;
}

const trackUrl = (order: Order, publicUrl: string) => `${publicUrl}/track-order?orderNumber=${encodeURIComponent(order.orderNumber)}`;
type Line = Order['lines'][number];
/** "• 1 × Hexham Basin Tap (Chrome)": `quantity` is what is sent, the part cancelled before dispatch left out. */
const lineText = (line: Line, quantity = line.quantity) => `• ${quantity} × ${line.productName}${line.label ? ` (${line.label})` : ''}`;
/** What the customer cancelled before dispatch, said beside what is sent, so nobody expects it or packs it. */
const cancelledText = (order: Order) =>
  order.lines.some((line) => line.cancelledQuantity > 0)
    ? [
        `Cancelled before dispatch and ${onAccount(order) ? 'not invoiced' : 'refunded'}, so not in the parcel:`,
        ...order.lines.filter((line) => line.cancelledQuantity > 0).map((line) => lineText(line, line.cancelledQuantity)),
      ]
    : [];
/** A trade customer's purchase-order or job reference, for their accounts team to match the order by. */
const referenceText = (order: Order) => (order.orderReference ? [`Your order reference: ${order.orderReference}`] : []);
const brand = (order: Order) => (order.payment.cardBrand ? order.payment.cardBrand[0]!.toUpperCase() + order.payment.cardBrand.slice(1) : 'card');
const cardText = (order: Order) => (order.payment.cardLast4 ? `your ${brand(order)} ending ${order.payment.cardLast4}` : 'the card you paid with');
/** Paid on account with Two (decision 0110): money given back is credited to the business's account there; no card is involved. */
const onAccount = (order: Order) => order.payment.method === 'on_account';
const ACCOUNT = 'your account with Two';
/**
 * Money given back, as it happened: "We have refunded £5 to your Visa ending 4242. Refunds usually show…", or on account
 * "We have credited £5 to your account with Two", before dispatch with the order's invoice simply smaller (nothing was
 * invoiced yet, decision 0153), after it taken off the invoice.
 */
const moneyBackText = (order: Order, pence: number, what: 'cancelled' | 'part') => {
  if (!onAccount(order)) return `We have refunded ${formatPenceShort(pence)} to ${cardText(order)}. ${REFUND_TIMING}`;
  const credited = `We have credited ${formatPenceShort(pence)} to ${ACCOUNT}`;
  if (what === 'cancelled') return `${credited}: nothing is owed for this order and your available credit is back.`;
  return dispatchedYet(order)
    ? `${credited}: it comes off the invoice for this order.`
    : `${credited}: the order was not invoiced yet, so its invoice will simply be smaller.`;
};
const dispatchedYet = (order: Order) => order.history.some((entry) => entry.status === 'dispatched' || entry.status === 'delivered');
const placedOn = (order: Order) => londonLongDate(order.placedAt);
const REFUND_TIMING = 'Refunds usually show on your statement within 3 to 5 working days.';
const footnote = 'You are receiving this because an order was placed on Plumbline with this e-mail address.';
/** Customer service, by name: "…, call us on 0113 496 0000 (…) or e-mail help@…, quoting BP…". */
const askUs = ({ notifications }: EmailDeps, order: Order) => `${notifications.contactLine(notifications.shopDetails())}, quoting ${order.orderNumber}`;
/** Where a click & collect order waits (orders placed before branches were recorded say the trade counter). */
const collectFrom = ({ delivery }: EmailDeps, order: Order, options = { when: true }) =>
  order.delivery.collection ? delivery.collectionText(order.delivery.collection, options) : 'the trade counter';

/**
 * What an order placed at trade prices adds to its confirmation: each line's total ex VAT, in the
 * order of its lines. The order itself keeps VAT-inclusive amounts; checkout has the ex-VAT ones.
 */
export interface TradeAmounts {
  lineTotalsExVat: readonly number[];
}

/** Trade customers read ex VAT first, with inc VAT beside (docs/domain.md §5): "£100.00 ex VAT (£120.00 inc VAT)". */
const exVatFirst = (exVat: number, incVat: number) => `${formatPence(exVat)} ex VAT (${formatPence(incVat)} inc VAT)`;

/** What the confirmation needs to say how to cancel: the order's own link (decision 0053) and each line's returnability. */
export interface ConfirmationCancelling {
  manageUrl: string;
  linkExpiresAt: Date;
  returnability: ReadonlyMap<string, Returnability>;
}

const MANAGE_BUTTON = 'Cancel or manage my order';

/** When Two invoices an order on account: once it leaves with a carrier, or is ready at its branch's counter. */
const invoicedWhen = (order: Order) => (order.deliveryAddress ? 'dispatched' : 'ready to collect');

/**
 * Placed: the lines and totals (ex VAT first for an order at trade prices, given `trade`), delivery,
 * how to track it, and the right to cancel with the model form and a link to cancel online (CCRs 2013).
 */
export function orderConfirmationEmail(
  deps: EmailDeps,
  order: Order,
  publicUrl: string,
  trade: TradeAmounts | null = null,
  cancelling: ConfirmationCancelling | null = null,
) {
  const when = order.delivery.date ?? order.delivery.earliestDate;
  const day = when ? londonWeekday(`${when}T12:00:00Z`) : null;
  const { totals } = order;
  const totalExVat = totals.totalIncVat - totals.vatIncVat;
  // Delivery and a discount code's amount are kept inc VAT only: a trade e-mail says so.
  const money = trade ? (pence: number) => `${formatPence(pence)} inc VAT` : formatPenceShort;
  const lineTotal = (line: Order['lines'][number], index: number) =>
    trade ? exVatFirst(trade.lineTotalsExVat[index]!, line.lineTotalIncVat) : formatPenceShort(line.lineTotalIncVat);
  const paid = trade
    ? `${exVatFirst(totalExVat, totals.totalIncVat)}, VAT ${formatPence(totals.vatIncVat)}`
    : `${formatPenceShort(totals.totalIncVat)}, including ${formatPenceShort(totals.vatIncVat)} VAT`;
  return deps.notifications.renderEmail({
    subject: `Order confirmed: ${order.orderNumber}`,
    preheader: `Thank you for your order. Total ${trade ? exVatFirst(totalExVat, totals.totalIncVat) : formatPenceShort(totals.totalIncVat)}.`,
    heading: `Thank you, your order ${order.orderNumber} is placed`,
    paragraphs: [
      ...referenceText(order),
      ...(trade ? ['At your trade prices:'] : []),
      ...order.lines.map((line, index) => `${lineText(line)}: ${lineTotal(line, index)}`),
      `Delivery: ${order.delivery.name}${day ? `, ${order.delivery.date ? 'on' : 'from'} ${day}` : ''}: ${money(totals.deliveryIncVat)}.`,
      ...(totals.discountIncVat > 0 ? [`Discount${order.discountCode ? ` (${order.discountCode})` : ''}: −${money(totals.discountIncVat)}.`] : []),
      // On account nothing is paid yet (decision 0110).
      onAccount(order)
        ? `Total on ${ACCOUNT}: ${paid}. Nothing is paid yet: Two invoices your business for it once it is ${invoicedWhen(order)}.`
        : `Total paid: ${paid}${order.payment.cardLast4 ? `, by ${brand(order)} ending ${order.payment.cardLast4}` : ''}.`,
      order.deliveryAddress
        ? `Delivering to ${order.deliveryAddress.name}, ${order.deliveryAddress.line1}, ${order.deliveryAddress.town} ${order.deliveryAddress.postcode}.`
        : `Collect from ${collectFrom(deps, order)}: we will e-mail you when it is ready. Bring your order number.`,
      'Track your order any time with your order number and this e-mail address.',
      ...(cancelling
        ? [
            ...cancellationRights({
              order,
              shop: deps.notifications.shopDetails(),
              returnability: cancelling.returnability,
              trade: trade !== null,
              button: MANAGE_BUTTON,
            }),
            `The “${MANAGE_BUTTON}” button works for this order only, until ${londonLongDate(cancelling.linkExpiresAt)}; ` +
              'after that, ask for a new link on the Track your order page. Please do not forward this e-mail.',
          ]
        : []),
      `With any question about your order, ${askUs(deps, order)}.`,
    ],
    actions: [{ label: 'Track my order', url: trackUrl(order, publicUrl) }, ...(cancelling ? [{ label: MANAGE_BUTTON, url: cancelling.manageUrl }] : [])],
    footnote,
  });
}

/**
 * Dispatched: the carrier, the tracking number (and the carrier's tracking page), and what is in the parcel. A click & collect
 * order is handed over at its branch instead: it is ready to collect, as its confirmation promised to say.
 */
export function orderDispatchedEmail(deps: EmailDeps, order: Order, publicUrl: string) {
  if (!order.deliveryAddress) return readyToCollectEmail(deps, order, publicUrl);
  const { carrier, trackingNumber, url } = order.tracking!;
  return deps.notifications.renderEmail({
    subject: `Your order ${order.orderNumber} is on its way`,
    preheader: `${carrier} has your order. Tracking number ${trackingNumber}.`,
    heading: 'Your order is on its way',
    paragraphs: [
      `Order ${order.orderNumber} has left our warehouse with ${carrier}.`,
      ...referenceText(order),
      `Tracking number: ${trackingNumber}`,
      'In the parcel:',
      ...order.lines.filter((line) => line.quantity > 0).map((line) => lineText(line)),
      ...cancelledText(order),
      `Delivering to ${order.deliveryAddress.name}, ${order.deliveryAddress.line1}, ${order.deliveryAddress.town} ${order.deliveryAddress.postcode}.`,
      `${carrier} will let you know the delivery day. Large items may need someone in to sign for them.`,
      `If anything arrives damaged or is missing, ${askUs(deps, order)}: ` +
        `damage within ${DAMAGE_REPORT_HOURS} hours, missing items within ${MISSING_REPORT_DAYS} days.`,
    ],
    action: url ? { label: `Track with ${carrier}`, url } : { label: 'Track my order', url: trackUrl(order, publicUrl) },
    footnote,
  });
}

/** A click & collect order ready at its branch: where, what to bring, and what is waiting. */
function readyToCollectEmail(deps: EmailDeps, order: Order, publicUrl: string) {
  const branch = collectFrom(deps, order, { when: false });
  return deps.notifications.renderEmail({
    subject: `Your order ${order.orderNumber} is ready to collect`,
    preheader: `Collect it from ${branch}. Bring your order number.`,
    heading: 'Your order is ready to collect',
    paragraphs: [
      `Order ${order.orderNumber} is ready to collect from ${branch}.`,
      ...referenceText(order),
      'Bring your order number (this e-mail on your phone will do). Someone collecting for you needs it too.',
      'Waiting for you:',
      ...order.lines.filter((line) => line.quantity > 0).map((line) => lineText(line)),
      ...cancelledText(order),
      `Please check the items at the counter. If anything is damaged or missing, ${askUs(deps, order)}: ` +
        `damage within ${DAMAGE_REPORT_HOURS} hours, missing items within ${MISSING_REPORT_DAYS} days.`,
    ],
    action: { label: 'Track my order', url: trackUrl(order, publicUrl) },
    footnote,
  });
}

/** Cancelled before dispatch: nothing will come, the whole payment is on its way back, and a discount code can be used again. */
export function orderCancelledEmail(deps: EmailDeps, order: Order, publicUrl: string, given: { refundedPence: number; discountCodeBack: boolean }) {
  return deps.notifications.renderEmail({
    subject: `Your order ${order.orderNumber} has been cancelled`,
    preheader:
      given.refundedPence > 0
        ? `We have ${onAccount(order) ? 'credited' : 'refunded'} ${formatPenceShort(given.refundedPence)} to ${onAccount(order) ? ACCOUNT : cardText(order)}.`
        : 'Nothing will be sent.',
    heading: `Your order ${order.orderNumber} has been cancelled`,
    paragraphs: [
      `We have cancelled the order you placed on ${placedOn(order)}. Nothing will be sent.`,
      // The whole order is cancelled: every line as ordered, including any part cancelled before.
      ...order.lines.map((line) => lineText(line, line.orderedQuantity)),
      ...(given.refundedPence > 0 ? [moneyBackText(order, given.refundedPence, 'cancelled')] : []),
      ...(given.discountCodeBack && order.discountCode ? [`Your discount code ${order.discountCode} can be used again while the offer runs.`] : []),
      `If you did not ask for this, or still want the items, ${askUs(deps, order)}, or place a new order.`,
    ],
    action: { label: 'See the order', url: trackUrl(order, publicUrl) },
    footnote,
  });
}

/**
 * Money back, in part or in full, with the running total when it is a part: to the card, or for an order paid on account
 * credited to the business's account with Two (before dispatch a part makes the order's invoice smaller).
 */
export function orderRefundedEmail(deps: EmailDeps, order: Order, publicUrl: string, amountPence: number) {
  const full = order.payment.refundedPence >= order.payment.capturedPence;
  const amount = formatPenceShort(amountPence);
  const account = onAccount(order);
  const given = account ? 'credited' : 'refunded';
  return deps.notifications.renderEmail({
    subject: `We have ${given} ${amount} for order ${order.orderNumber}`,
    preheader: account ? `${amount} credited to ${ACCOUNT}.` : `${amount} is on its way back to ${cardText(order)}.`,
    heading: `We have ${given} ${amount}`,
    paragraphs: [
      account ? moneyBackText(order, amountPence, 'part') : `We have refunded ${amount} for your order ${order.orderNumber} to ${cardText(order)}.`,
      full
        ? `That brings the total ${given} to ${formatPenceShort(order.payment.refundedPence)}: ${account ? 'the whole order' : 'everything you paid'}.`
        : `In all we have ${given} ${formatPenceShort(order.payment.refundedPence)} of the ${formatPenceShort(order.payment.capturedPence)} ` +
          `${account ? 'of this order' : 'you paid'}.`,
      ...(account ? [] : [REFUND_TIMING]),
      `With any question about this ${account ? 'credit' : 'refund'}, ${askUs(deps, order)}.`,
    ],
    action: { label: 'See the order', url: trackUrl(order, publicUrl) },
    footnote,
  });
}
