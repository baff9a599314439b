import { z } from 'zod';
import { AddressSchema } from './checkout.ts';
import { CollectionSchema } from './delivery.ts';
import { DELIVERY_OPTION_CODES, ORDER_STATUSES } from './enumerations.ts';
import { defineEndpoint, publicAccess, requireRole, signedIn } from './endpoint.ts';
import { normaliseOrderNumber, ORDER_NUMBER_EXAMPLE } from './order-numbers.ts';

const Pence = z.number().int().describe('Integer pence');
const Instant = z.iso.datetime({ offset: true });

/** A history entry is a change of status, a refund that left the status as it was (a partial one), or an order basket completed (what changed). */
export const ORDER_HISTORY_KINDS = ['status', 'refund', 'change'] as const;
/** cancellation: the whole payment, when staff cancel before dispatch; refund: staff, after dispatch; external: seen only at the payment provider. */
export const ORDER_REFUND_KINDS = ['cancellation', 'refund', 'external'] as const;
/** pending: recorded, not yet confirmed by the payment provider; failed: the provider refused it (nothing moved). */
export const ORDER_REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;

/**
 * An order number as typed (any case, spaces and hyphens anywhere) → as stored, checked by its check
 * symbol (decision 0049); orders placed before keep BP and eight digits. `message` says what is wrong.
 */
export const orderNumberInput = (message = `Enter the order number from your confirmation e-mail, like ${ORDER_NUMBER_EXAMPLE}`) =>
  z.string({ error: 'Enter the order number' }).transform((typed, ctx) => {
    const number = normaliseOrderNumber(typed);
    if (number) return number;
    ctx.issues.push({ code: 'custom', message, input: typed });
    return z.NEVER;
  });

export const OrderNumberSchema = orderNumberInput();

export const OrderLineSchema = z
  .object({
    sku: z.string(),
    productName: z.string(),
    productSlug: z.string(),
    label: z.string(),
    imageUrl: z.string().nullable(),
    orderedQuantity: z.number().int().describe('How many were ordered'),
    cancelledQuantity: z.number().int().describe('How many of those the customer cancelled before dispatch: refunded, and not sent'),
    quantity: z.number().int().describe('How many are to be sent (or were sent): ordered less cancelled'),
    unitPriceIncVat: Pence,
    lineTotalIncVat: Pence.describe('The price of `quantity`, what is sent, before any order discount'),
    lineTotalExVat: Pence.describe('`lineTotalIncVat` less the VAT it includes, for an order at trade prices read ex VAT first'),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderHistoryEntrySchema = z
  .object({
    status: z.enum(ORDER_STATUSES),
    kind: z
      .enum(ORDER_HISTORY_KINDS)
      .describe('status: the order moved to `status`; refund: money went back and the status stayed; change: items or the address were changed'),
    at: Instant,
    note: z.string().nullable().describe('Staff notes and reasons: null in what customers see, except what a change changed'),
    by: z.enum(['customer', 'staff']).nullable().describe('A change: made by the customer, or by staff for them; null for other entries'),
    byName: z.string().nullable().describe('A change made by staff: who, in what staff see (null in what customers see)'),
  })
  .meta({ id: 'OrderHistoryEntry' });

export const OrderRefundSchema = z
  .object({
    refundId: z.string(),
    kind: z.enum(ORDER_REFUND_KINDS),
    amountPence: Pence,
    state: z.enum(ORDER_REFUND_STATES),
    reason: z.string().nullable().describe('Why, as staff gave it: null in what customers see'),
    failure: z.string().nullable().describe('What the payment provider said when it refused (state failed)'),
    withProvider: z
      .boolean()
      .describe(
        'The payment provider has this refund: a pending one is on its way and settles ' +
          'by itself; a pending one without is unconfirmed, and retrying finishes it',
      ),
    requestedAt: Instant,
    settledAt: Instant.nullable(),
  })
  .meta({ id: 'OrderRefund' });
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

export const VatDocumentSchema = z
  .object({
    number: z.string().describe('INV- or CN- and seven digits'),
    kind: z.enum(['invoice', 'credit_note']),
    issuedAt: Instant,
    amountPence: z.number().int().describe('Its total including VAT: what an invoice invoiced, what a credit note credits'),
    replacedBy: z.string().nullable().describe('An invoice cancelled after the order changed: the invoice that replaced it'),
    cancels: z.string().optional().describe('A credit note: the invoice it cancels'),
  })
  .meta({ id: 'VatDocument' });
export type VatDocument = z.infer<typeof VatDocumentSchema>;

export const OrderSchema = z
  .object({
    orderGuid: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    placedAt: Instant,
    emailAddress: z.string(),
    customerName: z.string(),
    orderReference: z.string().nullable().describe('The trade customer’s purchase-order or job reference, when they gave one'),
    tradePriced: z.boolean().describe('Placed at trade prices: shown ex VAT first, inc VAT beside'),
    deliveryAddress: AddressSchema.nullable().describe('null for click & collect'),
    billingAddress: AddressSchema,
    delivery: z.object({
      code: z.enum(DELIVERY_OPTION_CODES),
      name: z.string(),
      date: z.string().nullable(),
      earliestDate: z.string().nullable(),
      latestDate: z.string().nullable(),
      collection: CollectionSchema.nullable().describe('click & collect: the branch and when the order is ready there'),
    }),
    lines: z.array(OrderLineSchema),
    totals: z.object({
      goodsIncVat: Pence,
      discountIncVat: Pence,
      deliveryIncVat: Pence,
      totalIncVat: Pence,
      vatIncVat: Pence.describe('The VAT included in the total'),
    }),
    totalsAfterCancellations: z
      .object({ goodsIncVat: Pence, discountIncVat: Pence, deliveryIncVat: Pence, totalIncVat: Pence, vatIncVat: Pence })
      .nullable()
      .describe(
        'The totals once the parts of lines the customer cancelled before dispatch are taken out: ' +
          'what is sent and what is now paid for it (as charged less their refund). Null when nothing was cancelled',
      ),
    discountCode: z.string().nullable(),
    payment: z.object({
      method: z.string(),
      cardBrand: z.string().nullable(),
      cardLast4: z.string().nullable(),
      status: z.string().describe('captured, partially_refunded or refunded'),
      capturedPence: Pence,
      refundedPence: Pence.describe('What has gone back to the customer so far'),
      refundablePence: Pence.describe('What can still be refunded: captured less refunded and any refund still pending'),
    }),
    tracking: z.object({ carrier: z.string(), trackingNumber: z.string(), url: z.string().nullable() }).nullable(),
    history: z.array(OrderHistoryEntrySchema),
    refunds: z.array(OrderRefundSchema).describe('Oldest first, including refused and pending ones'),
    vatDocuments: z
      .array(VatDocumentSchema)
      .describe('The VAT invoices issued (the first when asked for; a new one and a credit note for the old after each change), oldest first'),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

export const OrderSummarySchema = OrderSchema.pick({
  orderGuid: true,
  orderNumber: true,
  status: true,
  placedAt: true,
  totals: true,
  customerName: true,
  emailAddress: true,
  orderReference: true,
})
  .extend({
    itemCount: z.number().int(),
    firstLine: z.string().nullable(),
    refundedPence: Pence,
    paidOnAccount: z.boolean().describe('Paid on account with the trade credit provider: money back is credited to the business’s account, not a card'),
    totalExVat: Pence.describe('The total less the VAT in it: what a trade customer reads first'),
    tradePriced: z.boolean().describe('Placed at trade prices (the trade site or app)'),
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderPageSchema = z
  .object({
    items: z.array(OrderSummarySchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'OrderPage' });

/** What anyone with the order number and e-mail address may see: no addresses beyond the town and postcode district. */
export const OrderTrackingSchema = z
  .object({
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    placedAt: Instant,
    delivery: z.object({
      name: z.string(),
      date: z.string().nullable(),
      earliestDate: z.string().nullable(),
      latestDate: z.string().nullable(),
      town: z.string().nullable(),
      postcodeDistrict: z.string().nullable(),
    }),
    lines: z.array(OrderLineSchema.pick({ productName: true, label: true, quantity: true, cancelledQuantity: true, imageUrl: true })),
    tracking: z.object({ carrier: z.string(), trackingNumber: z.string(), url: z.string().nullable() }).nullable(),
    history: z.array(OrderHistoryEntrySchema),
    refundedPence: Pence.describe('What has been refunded to the customer'),
    paidOnAccount: z.boolean().describe('Paid on account with the trade credit provider: money back is credited to the business’s account, not a card'),
  })
  .meta({ id: 'OrderTracking' });

export type OrderTracking = z.infer<typeof OrderTrackingSchema>;

const PagingQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
const TrackParams = z.object({ orderNumber: OrderNumberSchema, emailAddress: z.string().trim().min(3).max(320) });
const trackingNote =
  'The order number and the e-mail address it was placed with must match; a wrong pair is the same 404 as an unknown order, and lookups are rate-limited.';

/** Customers' own orders: answered under the accounts service (`/api/accounts/api/Orders`). */
export const customerOrderEndpoints = {
  listMyOrders: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'GET',
    path: '/api/Orders',
    summary: 'The signed-in customer’s orders, newest first',
    query: PagingQuery,
    responses: { 200: OrderPageSchema },
  }),
  getMyLatestOrder: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'GET',
    path: '/api/Orders/latest',
    summary: 'The signed-in customer’s latest order (404 when they have none)',
    responses: { 200: OrderSchema },
  }),
  getMyOrder: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'GET',
    path: '/api/Orders/{orderNumber}',
    summary: 'One of the signed-in customer’s own orders, by number: lines, delivery, payment, refunds, history and tracking',
    description:
      'Not a call of the spec (decision 0019). Another customer’s order, or one placed as a guest, is the same 404 ORDER_NOT_FOUND as an unknown number.',
    params: z.object({ orderNumber: OrderNumberSchema }),
    responses: { 200: OrderSchema },
  }),
} as const;

export const orderTrackingEndpoints = {
  checkTrackingDetails: defineEndpoint({
    service: 'order-tracking',
    access: publicAccess,
    method: 'GET',
    path: '/TrackMyOrder/Test/{orderNumber}/{emailAddress}',
    summary: 'Whether an order number and e-mail address match an order, before showing it',
    description: trackingNote,
    params: TrackParams,
    responses: { 200: z.object({ found: z.literal(true), orderNumber: z.string() }) },
  }),
  trackOrder: defineEndpoint({
    service: 'order-tracking',
    access: publicAccess,
    method: 'GET',
    path: '/TrackMyOrder/{orderNumber}/{emailAddress}',
    summary: 'An order’s progress, for whoever has its number and e-mail address',
    description: trackingNote,
    params: TrackParams,
    responses: { 200: OrderTrackingSchema },
  }),
  trackOrderByPost: defineEndpoint({
    service: 'order-tracking',
    access: publicAccess,
    method: 'POST',
    path: '/TrackMyOrder/{orderNumber}',
    summary: 'As trackOrder, with the e-mail address in the body (kept out of addresses and logs)',
    description: trackingNote,
    params: z.object({ orderNumber: OrderNumberSchema }),
    body: z.object({ emailAddress: z.string().trim().min(3).max(320) }).meta({ id: 'EmailAddressData' }),
    responses: { 200: OrderTrackingSchema },
  }),
} as const;

const Reason = z.string().trim().min(3, 'Give the reason, in a few words').max(300).describe('Why: kept in the order’s history for staff');
const staffMoneyNote =
  'The refund is recorded before the payment provider is asked, with an idempotency key ' +
  'derived from the order and the action, and is never made inside a database transaction. ' +
  'The provider refusing is 502 ORDER_REFUND_REFUSED (nothing changed); ' +
  'no answer from it is 502 ORDER_REFUND_UNCONFIRMED (the refund stays pending: retry the same action, or the provider’s webhook settles it).';

/** Staff order handling (order-admin): not a service of the spec. */
export const orderEndpoints = {
  searchOrders: defineEndpoint({
    service: 'orders',
    access: requireRole('order-admin'),
    method: 'GET',
    path: '/Staff/Orders',
    summary: 'Orders for staff: search by number, e-mail, name or the customer’s order reference, filter by status, newest first',
    query: PagingQuery.extend({ search: z.string().trim().max(120).optional(), status: z.enum(ORDER_STATUSES).optional() }),
    responses: { 200: OrderPageSchema },
  }),
  getOrderForStaff: defineEndpoint({
    service: 'orders',
    access: requireRole('order-admin'),
    method: 'GET',
    path: '/Staff/Orders/{orderNumber}',
    summary: 'One order with its lines, payment and history',
    params: z.object({ orderNumber: OrderNumberSchema }),
    responses: { 200: OrderSchema },
  }),
  downloadVatDocumentForStaff: defineEndpoint({
    service: 'orders',
    access: requireRole('order-admin'),
    method: 'GET',
    path: '/Staff/Orders/{orderNumber}/VatDocuments/{number}',
    summary: 'One of the order’s VAT invoices or credit notes (its `vatDocuments`) as a PDF, as the customer downloads it',
    description: 'Answers application/pdf as an attachment. Only a document already issued: staff never number a new invoice by reading one.',
    params: z.object({
      orderNumber: OrderNumberSchema,
      number: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^(INV|CN)-\d{7}$/, 'Choose an invoice or credit note from the order'),
    }),
    responses: { 200: z.string().describe('The PDF’s bytes') },
  }),
  advanceOrder: defineEndpoint({
    service: 'orders',
    access: requireRole('order-admin'),
    method: 'POST',
    path: '/Staff/Orders/{orderNumber}/Status',
    summary: 'Moves an order on: processing, picking, dispatched (with carrier and tracking number), delivered',
    params: z.object({ orderNumber: OrderNumberSchema }),
    body: z
      .object({
        status: z.enum(['processing', 'picking', 'dispatched', 'delivered']),
        carrier: z.string().trim().min(1).max(60).optional(),
        trackingNumber: z.string().trim().min(3).max(60).optional(),
        note: z.string().trim().max(300).optional(),
      })
      .meta({ id: 'AdvanceOrderData' }),
    responses: { 200: OrderSchema },
  }),
  cancelOrder: defineEndpoint({
    service: 'orders',
    access: requireRole('order-admin'),
    method: 'POST',
    path: '/Staff/Orders/{orderNumber}/Cancel',
    summary: 'Cancels an order before dispatch: refunds the whole payment, returns the stock and any discount code, e-mails the customer',
    description:
      `${staffMoneyNote} A second cancellation of the same order is 409 ` +
      `(ORDER_ALREADY_CANCELLED, or ORDER_REFUND_IN_PROGRESS while the first is still running).`,
    params: z.object({ orderNumber: OrderNumberSchema }),
    body: z.object({ reason: Reason }).meta({ id: 'CancelOrderData' }),
    responses: { 200: OrderSchema },
    // Without a key, the pending refund and the provider's keys still keep it to one refund.
    idempotent: { scope: 'orders.cancel' },
  }),
  refundOrder: defineEndpoint({
    service: 'orders',
    access: requireRole('order-admin'),
    method: 'POST',
    path: '/Staff/Orders/{orderNumber}/Refunds',
    summary: 'Refunds a dispatched or delivered order, in part or in full (the order becomes refunded when all of the payment is back)',
    description:
      `${staffMoneyNote} Never more than what remains ` +
      `(422 ORDER_REFUND_TOO_LARGE); a repeat of a refund ` +
      `that went through is 409 ORDER_REFUNDS_CHANGED.`,
    params: z.object({ orderNumber: OrderNumberSchema }),
    body: z
      .object({
        amountPence: Pence.min(1, 'Enter an amount of at least 1p').max(99_999_999),
        reason: Reason,
        alreadyRefundedPence: Pence.min(0).describe(
          'What staff saw as refunded already (payment.refundedPence): when the refunds changed meanwhile ' +
            '(another refund, a double click), the request is refused with 409 ORDER_REFUNDS_CHANGED',
        ),
      })
      .meta({ id: 'RefundOrderData' }),
    responses: { 200: OrderSchema },
    idempotent: { scope: 'orders.refund' },
  }),
} as const;
