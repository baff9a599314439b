import { z } from 'zod';
import { AddressSchema, PaymentChoiceFields, PaymentMethodsSchema } from './checkout.ts';
import { defineEndpoint, publicAccess } from './endpoint.ts';
import { ORDER_LINK_HEADER } from './help-centre-orders-values.ts';
import { OrderNumberSchema } from './orders.ts';

const Pence = z.number().int().describe('Integer pence');
const Instant = z.iso.datetime({ offset: true });
const Sku = z.string().trim().min(1).max(60);
/** Checked by the service (ORDER_BASKET_QUANTITY_OUT_OF_RANGE), so the refusal names the item. */
const Quantity = z.number({ error: 'must be a whole number of packs, from 1 to 999' }).describe('Whole number of packs, 1 to 999');

/** The spec's order modification types: each change to an order basket is recorded as one of them. */
export const ORDER_MODIFICATION_TYPES = { AddOffering: 1, RemoveOffering: 2, EditDeliveryAddress: 3 } as const;
export type OrderModificationType = (typeof ORDER_MODIFICATION_TYPES)[keyof typeof ORDER_MODIFICATION_TYPES];

const FiguresSchema = z.object({
  goodsIncVat: Pence,
  discountIncVat: Pence,
  deliveryIncVat: Pence,
  vatIncluded: Pence,
  totalIncVat: Pence,
  goodsExVat: Pence.describe('The lines’ totals ex VAT (`lineTotalExVat`), added up, before any discount'),
  deliveryExVat: Pence.describe('The delivery charge less the VAT it includes (standard rate), before any discount'),
});

export const OrderBasketLineSchema = z
  .object({
    sku: z.string(),
    productName: z.string(),
    label: z.string(),
    quantityBefore: z.number().int().describe('On the order now (ordered less cancelled)'),
    quantity: z.number().int().describe('After this change'),
    unitPriceIncVat: Pence.describe('What the order paid for units already on it; today’s price for units added'),
    lineTotalIncVat: Pence,
    unitPriceExVat: Pence.describe('`unitPriceIncVat` less the VAT it includes at the item’s rate, as an order line works it out'),
    lineTotalExVat: Pence.describe('`unitPriceExVat` × quantity, as the order’s own lines: for an order at trade prices read ex VAT first'),
    change: z.enum(['added', 'more', 'fewer', 'removed']).nullable(),
  })
  .meta({ id: 'OrderBasketLine' });

export const OrderBasketSchema = z
  .object({
    orderNumber: z.string().describe('Stays the same when the change is completed'),
    orderVersion: z.number().int().describe('The order’s version this basket was opened on: completing against an older one is 409'),
    tradePriced: z.boolean().describe('Placed at trade prices: its prices and totals read ex VAT first, as its order page does'),
    expiresAt: Instant.describe('Left until then, the basket is closed and its stock given back'),
    changeableUntil: z.string().describe('Until when the order can be changed, in words'),
    lines: z.array(OrderBasketLineSchema),
    deliveryAddress: AddressSchema.nullable(),
    deliveryAddressChanged: z.boolean(),
    delivery: z.object({ code: z.string(), name: z.string(), priceIncVat: Pence }),
    discount: z.object({ code: z.string(), applies: z.boolean(), explanation: z.string().nullable() }).nullable(),
    changes: z.array(
      z.object({
        modificationType: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe('AddOffering = 1, RemoveOffering = 2, EditDeliveryAddress = 3'),
        sku: z.string().nullable(),
        quantity: z.number().int().nullable(),
        at: Instant,
      }),
    ),
    before: FiguresSchema,
    after: FiguresSchema,
    difference: FiguresSchema.describe('after less before, per figure'),
    paidPence: Pence.describe('Paid for the order so far, less refunds'),
    paidOnAccount: z
      .boolean()
      .describe('Paid on account with the credit provider: the difference is agreed by the provider and invoiced, or credited to the account; never a card'),
    toPayPence: Pence.describe('Charged by card on completion; for an order paid on account, added to its invoice once the provider agrees'),
    toRefundPence: Pence.describe('Refunded to the card on completion; for an order paid on account, credited to the account'),
    notices: z.array(z.object({ code: z.string(), message: z.string() })),
  })
  .meta({ id: 'OrderBasket' });
export type OrderBasket = z.infer<typeof OrderBasketSchema>;

export const OrderBasketCompletionSchema = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('payment_required'),
      payment: z.object({
        intentId: z.string(),
        clientSecret: z.string(),
        amountPence: Pence,
        status: z.string().describe('The payment’s state: `requires_payment_method` for the card field, `requires_action` for the bank’s check'),
        nextActionUrl: z.string().nullable().describe('A saved card whose bank asks for its check (3-D Secure): where the customer answers it'),
      }),
      options: PaymentMethodsSchema.describe('How the difference can be paid: the card field, the customer’s own saved cards, wallets'),
    }),
    z.object({
      status: z.literal('sent_to_customer'),
      sentTo: z.string().describe('The order’s e-mail address, partly hidden: j***@example.com'),
      amountPence: Pence.describe('The difference the customer is asked to pay'),
      keptUntil: Instant.describe('The changes, their stock and the e-mailed link are kept until then'),
    }),
    z.object({
      status: z.literal('completed'),
      orderNumber: z.string(),
      orderVersion: z.number().int(),
      chargedPence: Pence,
      refundedPence: Pence,
    }),
  ])
  .meta({ id: 'OrderBasketCompletion' });
export type OrderBasketCompletion = z.infer<typeof OrderBasketCompletionSchema>;

const Params = z.object({ id: OrderNumberSchema.describe('The order number') });
/** Public: a guest proves the order with the e-mailed link's header; the service checks who may change it. */
const access = publicAccess;
const who =
  'The signed-in customer who placed the order, staff (`order-admin`), or a guest holding the link we e-mailed to the order’s address, its token ' +
  `in the \`${ORDER_LINK_HEADER}\` header (decision 0049). Signed in, anyone else’s order is 404 like an unknown one; a link opens its own order ` +
  'only (403 ORDER_LINK_INVALID for another’s or an altered one, 403 ORDER_LINK_EXPIRED for an old one); with neither, 403 ORDER_LINK_REQUIRED.';

export const orderBasketEndpoints = {
  openOrderBasket: defineEndpoint({
    service: 'order-baskets',
    access,
    method: 'PUT',
    path: '/OrderBasket/{id}',
    summary: 'Opens the order’s basket of changes (or answers the open one) until the order is picked',
    description: `${who} One open basket per order; it expires, and its stock is given back, if left.`,
    params: Params,
    bodyType: 'none',
    responses: { 200: OrderBasketSchema },
  }),
  addOrderBasketItem: defineEndpoint({
    service: 'order-baskets',
    access,
    method: 'PUT',
    path: '/OrderBasket/{id}/AddItem',
    summary: 'Adds an item to the order (AddOffering), its stock held',
    description: `${who} Prices come from the shop, never the request.`,
    params: Params,
    body: z.object({ sku: Sku, quantity: Quantity.default(1) }),
    responses: { 200: OrderBasketSchema },
  }),
  setOrderBasketItem: defineEndpoint({
    service: 'order-baskets',
    access,
    method: 'PUT',
    path: '/OrderBasket/{id}/SetItem',
    summary: 'Sets how many of an item on the order are wanted (recorded as AddOffering or RemoveOffering)',
    description: who,
    params: Params,
    body: z.object({ sku: Sku, quantity: Quantity }),
    responses: { 200: OrderBasketSchema },
  }),
  removeOrderBasketItem: defineEndpoint({
    service: 'order-baskets',
    access,
    method: 'PUT',
    path: '/OrderBasket/{id}/RemoveItem',
    summary: 'Removes an item from the order (RemoveOffering)',
    description: who,
    params: Params,
    body: z.object({ sku: Sku }),
    responses: { 200: OrderBasketSchema },
  }),
  setOrderBasketDeliveryDetails: defineEndpoint({
    service: 'order-baskets',
    access,
    method: 'PUT',
    path: '/OrderBasket/{id}/SetDeliveryDetails',
    summary: 'Changes the delivery address (EditDeliveryAddress); delivery is quoted again for it',
    description: `${who} An address outside the delivery zones is 422.`,
    params: Params,
    body: z.object({ address: AddressSchema }),
    responses: { 200: OrderBasketSchema },
  }),
  completeOrderBasket: defineEndpoint({
    service: 'order-baskets',
    access,
    method: 'PUT',
    path: '/OrderBasket/{id}/CompleteOrderBasket',
    summary: 'Applies the changes to the order (same order number): pays a higher total’s difference by card, refunds a lower one',
    description:
      `${who} Send the order version the basket showed. A higher total first answers \`payment_required\` with a payment ` +
      'intent for the difference and the ways to pay it; confirm it with the card field, then call again with its `paymentIntentId`. ' +
      'The signed-in customer may instead send `method: saved_card` with one of their saved cards: it is charged at once and the change made ' +
      'in the same call, unless the bank asks for its check (`payment_required` with `nextActionUrl`: call again with the `paymentIntentId` ' +
      'once it is passed). Another customer’s card is 404 SAVED_CARD_NOT_FOUND, a declined one 402 SAVED_CARD_DECLINED. ' +
      'One payment per change (decision 0103): a payment started another way is cancelled at the gateway first (or, already paid, used), ' +
      'a second way started at the same moment is 409 ORDER_BASKET_PAYMENT_UNDER_WAY with nothing taken, and a payment for the change that ' +
      'got through nevertheless is refunded at once: 409 ORDER_BASKET_ALREADY_PAID. ' +
      'An order changed since (another tab, staff, picking started) is 409 ORDER_BASKET_STALE saying what changed, and nothing is charged. ' +
      'Staff, who take no card, completing changes that cost more get `sent_to_customer`: the customer is e-mailed what changed and a link to ' +
      'review and pay the difference themselves, and the changes are kept as long as the link works (decision 0092).',
    params: Params,
    body: z.object({ orderVersion: z.number().int().min(1), paymentIntentId: z.string().trim().min(1).max(200).optional(), ...PaymentChoiceFields }),
    responses: { 200: OrderBasketCompletionSchema },
  }),
} as const;
