/**
 * What the order confirmation says about cancelling (docs/domain.md §8.1–8.2): the information the
 * Consumer Contracts Regulations 2013 (Schedule 2) ask a trader to confirm on a durable medium, the
 * right to cancel, how, the refund, who pays to send goods back and the exceptions, with the model
 * cancellation form filled in with what we know. The figures are the contracts' (the help pages
 * state the same ones); the exceptions are the catalogue's returnability of each line's product.
 * Pure: the confirmation e-mail lays the paragraphs out.
 */
import {
  CANCELLATION_PERIOD_DAYS,
  CHANGE_OF_MIND_RETURN_DAYS,
  REFUND_WITHIN_DAYS,
  SEND_BACK_WITHIN_DAYS,
  londonLongDate,
  type Order,
  type ShopDetails,
} from '@shop/contracts';
import type { Returnability } from '../catalogue/index.ts';

export interface CancellationRightsInput {
  order: Pick<Order, 'orderNumber' | 'placedAt' | 'customerName' | 'deliveryAddress' | 'lines'> & { delivery: { collection?: unknown } };
  shop: Pick<ShopDetails, 'legalName' | 'address' | 'email'>;
  /** Each line's returnability, as its product's was when sold (kept on the order line). */
  returnability: ReadonlyMap<string, Returnability>;
  /** Placed at trade prices, as a business: the consumer's right to cancel does not apply. */
  trade: boolean;
  /** The label of the e-mail's button that opens the order's pages to cancel online. */
  button: string;
}

const itemName = (line: Order['lines'][number]) => `${line.productName}${line.label ? ` (${line.label})` : ''}`;

/** "Plumbline Ltd, 1 Example Street, Leeds LS1 1AA, help@example.com": where a cancellation is sent. */
export const traderAddressed = ({ legalName, address, email }: CancellationRightsInput['shop']) =>
  `${legalName}, ${[...address.lines, address.postcode].join(', ')}, ${email}`;

/** The lines the right to cancel does not cover, or covers only while sealed, in words for the customer. */
function exceptionsIn({ order, returnability }: CancellationRightsInput): string[] {
  return order.lines.flatMap((line) => {
    const kind = returnability.get(line.sku) ?? 'standard';
    if (kind === 'made-to-measure') return [`• ${itemName(line)} is made to your measurements, so it cannot be cancelled once we have started making it.`];
    if (kind === 'sealed-hygiene') return [`• ${itemName(line)} is sealed for hygiene: you can cancel it only while the seal is unbroken.`];
    return [];
  });
}

/** The paragraphs of the order confirmation about cancelling and returning. */
export function cancellationRights(input: CancellationRightsInput): string[] {
  const { order, shop, trade, button } = input;
  const online = `use the “${button}” button below`;
  if (trade) {
    return [
      'Cancelling and returns: you bought at trade prices, as a business, so the consumer’s right to cancel does not apply. ' +
        `You can still cancel any item before it is dispatched (${online}), and return any unused item within ${CHANGE_OF_MIND_RETURN_DAYS} days of delivery.`,
    ];
  }
  const arrival = order.delivery.collection
    ? 'the day you collect the goods'
    : 'the day the goods are delivered (with several deliveries, the day the last arrives)';
  const exceptions = exceptionsIn(input);
  const address = order.deliveryAddress ? [order.deliveryAddress.line1, order.deliveryAddress.town, order.deliveryAddress.postcode].join(', ') : '';
  return [
    'Your right to cancel',
    `You can cancel this order, or any item in it, without giving a reason, from now until ${CANCELLATION_PERIOD_DAYS} days after ${arrival}. ` +
      `To cancel, ${online}, e-mail us at ${shop.email}, or write to us at the address in the form below. ` +
      'You can use the model cancellation form below, but you do not have to.',
    'If we have not dispatched the goods, we stop them and refund you at once. ' +
      `If they have been dispatched, send them back within ${SEND_BACK_WITHIN_DAYS} days of cancelling: ` +
      `we refund you within ${REFUND_WITHIN_DAYS} days of getting them back, or of proof that you have sent them, to the way you paid. ` +
      'Cancelling the whole order, you also get back the standard delivery charge (not the extra for a faster or timed delivery). ' +
      'Unless an item is faulty or not what you ordered, you pay the cost of sending it back.',
    'The right to cancel does not cover goods made to your measurements or personalised, or sealed hygiene goods once unsealed.' +
      (exceptions.length > 0 ? ' In this order:' : ''),
    ...exceptions,
    `As well as your right to cancel, you can return any unused item within ${CHANGE_OF_MIND_RETURN_DAYS} days of delivery.`,
    'Model cancellation form (complete and return it only if you wish to cancel by e-mail or post)',
    `To ${traderAddressed(shop)}:`,
    'I/We hereby give notice that I/We cancel my/our contract of sale of the following goods: ' +
      `${order.lines.map((line) => `${line.quantity} × ${itemName(line)}`).join(', ')} (order ${order.orderNumber}).`,
    `Ordered on ${londonLongDate(order.placedAt)} / received on [date].`,
    `Name of consumer(s): ${order.customerName}.`,
    `Address of consumer(s): ${address || '[your address]'}.`,
    'Signature of consumer(s) (only if this form is sent on paper).',
    'Date: [date].',
  ];
}
