import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORDER_HISTORY_KINDS, ORDER_REFUND_KINDS, ORDER_REFUND_STATES, ORDER_STATUSES, RETURNABILITIES, type Address, type Collection } from '@shop/contracts';

/** VAT invoice numbers: INV- and seven digits, one per order, never reused (HMRC asks for a unique sequence). */
export const vatInvoiceNumbers = pgSequence('vat_invoice_number_seq', { startWith: 1_000_001, minValue: 1_000_001, maxValue: 9_999_999 });
/** Credit notes that cancel an invoice replaced after an order change: CN- and seven digits, a sequence of their own. */
export const vatCreditNoteNumbers = pgSequence('vat_credit_note_number_seq', { startWith: 1_000_001, minValue: 1_000_001, maxValue: 9_999_999 });

export interface OrderDelivery {
  code: string;
  name: string;
  date: string | null;
  earliestDate: string | null;
  latestDate: string | null;
  /** Click & collect: the branch as it was when the order was placed. Absent on older orders. */
  collection?: Collection | null;
}

/**
 * A placed order. At most one per basket and one per payment (unique), so a double click, two
 * tabs or a retried request can never make two orders from one basket or one charge.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    /** BP- and nine readable symbols drawn at random (decision 0049); orders placed before keep BP and eight digits from a sequence. */
    orderNumber: text('order_number').notNull(),
    basketId: text('basket_id').notNull(),
    customerId: text('customer_id'),
    emailAddress: text('email_address').notNull(),
    customerName: text('customer_name').notNull(),
    /** A trade customer's purchase-order or job reference (checkout's order_reference), searchable by staff. */
    orderReference: text('order_reference'),
    phone: text('phone').notNull(),
    deliveryAddress: jsonb('delivery_address').$type<Address>(),
    deliveryInstructions: text('delivery_instructions'),
    billingAddress: jsonb('billing_address').$type<Address>().notNull(),
    delivery: jsonb('delivery').$type<OrderDelivery>().notNull(),
    channel: integer('channel').notNull(),
    discountCode: text('discount_code'),
    goodsPence: integer('goods_pence').notNull(),
    discountPence: integer('discount_pence').notNull(),
    deliveryPence: integer('delivery_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    paymentIntentRef: text('payment_intent_ref').notNull(),
    paymentMethod: text('payment_method').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    capturedPence: integer('captured_pence').notNull(),
    /** The sum of the order's succeeded refunds (order_refunds), kept with them under the order's row lock. */
    refundedPence: integer('refunded_pence').notNull().default(0),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('placed'),
    /** Moves on with every change to the order (status, refund, an order basket completed): a change made against an older one is refused. */
    version: integer('version').notNull().default(1),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('orders_number_idx').on(table.orderNumber),
    uniqueIndex('orders_basket_idx').on(table.basketId),
    uniqueIndex('orders_payment_idx').on(table.paymentIntentRef),
    index('orders_customer_idx').on(table.customerId, table.placedAt),
    index('orders_placed_idx').on(table.placedAt),
    index('orders_email_idx').on(sql`lower(${table.emailAddress})`),
    check('orders_amounts_check', sql`${table.totalPence} >= 0 and ${table.capturedPence} >= 0`),
    // Never more back than was taken, whatever the application does.
    check('orders_refunded_check', sql`${table.refundedPence} >= 0 and ${table.refundedPence} <= ${table.capturedPence}`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    productSlug: text('product_slug').notNull(),
    label: text('label').notNull(),
    imageUrl: text('image_url'),
    quantity: integer('quantity').notNull(),
    /** How many of `quantity` the customer cancelled before dispatch (help centre): refunded, and not sent. */
    cancelledQuantity: integer('cancelled_quantity').notNull().default(0),
    unitPriceIncVat: integer('unit_price_inc_vat').notNull(),
    lineTotalIncVat: integer('line_total_inc_vat').notNull(),
    /**
     * Whether the line can come back as unwanted, as its product was when sold (docs/domain.md §8.1): the customer's rights are
     * the ones they bought with, so a later change to the product's returnability changes no order already placed.
     */
    returnability: text('returnability', { enum: RETURNABILITIES }).notNull(),
  },
  (table) => [
    uniqueIndex('order_lines_position_idx').on(table.orderId, table.position),
    check('order_lines_returnability_check', sql`${table.returnability} in ('standard', 'sealed-hygiene', 'made-to-measure')`),
    check('order_lines_quantity_check', sql`${table.quantity} > 0`),
    check('order_lines_cancelled_check', sql`${table.cancelledQuantity} >= 0 and ${table.cancelledQuantity} <= ${table.quantity}`),
  ],
);

export const orderHistory = pgTable(
  'order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    kind: text('kind', { enum: ORDER_HISTORY_KINDS }).notNull().default('status'),
    note: text('note'),
    actor: text('actor'),
    /** A change made by staff for the customer (on the phone): the staff member's name, shown to staff. Null for the customer's own. */
    actorName: text('actor_name'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('order_history_order_idx').on(table.orderId, table.at),
    // Reviews' "review your purchase" job reads deliveries in a window of time.
    index('order_history_delivered_idx')
      .on(table.at)
      .where(sql`${table.kind} = 'status' and ${table.status} = 'delivered'`),
  ],
);

/**
 * Money given back on an order, recorded *before* the payment provider is asked (state `pending`),
 * then settled: `succeeded` by the answer or by the provider's refund webhooks, whichever comes
 * first, or `failed` when the provider refused, or failed it later (a `succeeded` one too, when the
 * card issuer sends it back). `gatewayRefundRef` links it to the provider's refund, once each, so a
 * provider refund is never booked twice. The idempotency key is derived from the order,
 * the action and its number, so a retry of the same refund can never refund twice. At most one
 * refund per order is pending at a time (a unique index), which serialises double clicks.
 */
/** One payment's share of an order refund at the provider. */
export interface ProviderRefundPart {
  intentRef: string;
  refundRef: string;
  amountPence: number;
  status: 'succeeded' | 'pending' | 'failed';
}

export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per order. */
    sequence: integer('sequence').notNull(),
    kind: text('kind', { enum: ORDER_REFUND_KINDS }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: ORDER_REFUND_STATES }).notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    gatewayRefundRef: text('gateway_refund_ref'),
    /**
     * The provider's refund of each payment the refund was taken from (the checkout payment, and the
     * charges taken after placing: order changes, delivery upgrades), each with its status as last
     * heard, so each one's webhook is followed; the refund has succeeded when all of them have.
     */
    providerParts: jsonb('provider_parts').$type<ProviderRefundPart[]>().notNull().default([]),
    failure: text('failure'),
    actor: text('actor'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * A pending credit on account claimed by the job that finishes lost credits (decision 0115): no instance asks the provider
     * about it again before this (a lease, and the pause before the next try when the provider is still unreachable).
     */
    recheckAt: timestamp('recheck_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('order_refunds_sequence_idx').on(table.orderId, table.sequence),
    uniqueIndex('order_refunds_key_idx').on(table.idempotencyKey),
    uniqueIndex('order_refunds_gateway_ref_idx')
      .on(table.gatewayRefundRef)
      .where(sql`${table.gatewayRefundRef} is not null`),
    uniqueIndex('order_refunds_one_pending_idx')
      .on(table.orderId)
      .where(sql`${table.state} = 'pending'`),
    check('order_refunds_amount_check', sql`${table.amountPence} > 0`),
    check('order_refunds_state_check', sql`${table.state} in ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * An order's full VAT invoices (docs/domain.md §4.3): numbered the first time one is asked for, and
 * the same number every time after, until the order is changed (an order basket or a paid delivery
 * upgrade, decision 0095): then, in the change's transaction, the invoice is cancelled by a credit
 * note of its own number, its figures kept as they were (`figures`), and a new invoice numbered for
 * the order as it now stands. One current invoice per order. A current invoice's PDF is drawn from
 * the order, its refunds since (as credit notes) and the details kept here.
 */
export const vatInvoices = pgTable(
  'vat_invoices',
  {
    invoiceNumber: text('invoice_number').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The time of supply: when the order (or the change this invoice follows) was paid for. */
    suppliedAt: timestamp('supplied_at', { withTimezone: true }).notNull(),
    /** Set when an order change replaced it: the credit note cancelling it, when, and the invoice after it. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    creditNoteNumber: text('credit_note_number'),
    replacedBy: text('replaced_by'),
    /** The invoice as it read when replaced (the order has moved on since), drawn the same every time after. */
    figures: jsonb('figures'),
  },
  (table) => [
    uniqueIndex('vat_invoices_current_idx')
      .on(table.orderId)
      .where(sql`${table.replacedAt} is null`),
    uniqueIndex('vat_invoices_credit_note_idx').on(table.creditNoteNumber),
    index('vat_invoices_order_idx').on(table.orderId),
  ],
);

/**
 * Links we e-mailed to an order's address to manage it (decision 0049): the token's SHA-256 only,
 * the one order it opens and when it stops working. A link opens its own order and nothing else.
 */
export const orderLinks = pgTable(
  'order_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('order_links_order_idx').on(table.orderId, table.createdAt)],
);

export const ORDER_CHARGE_KINDS = ['delivery_upgrade', 'order_change'] as const;

/**
 * Money taken on an order after it was placed, kept as a charge of its own with its own payment
 * (decision 0087): a paid delivery upgrade. It is counted in the order's `captured_pence` and
 * `total_pence`; cancelling the order refunds it from its own payment (refunds.ts), so premium
 * delivery can be told apart from basic delivery (Consumer Contracts Regulations reg. 34,
 * docs/domain.md §2.3). One row per payment, so a payment confirmed twice is booked once.
 */
export const orderCharges = pgTable(
  'order_charges',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_CHARGE_KINDS }).notNull(),
    paymentIntentRef: text('payment_intent_ref').notNull(),
    amountPence: integer('amount_pence').notNull(),
    description: text('description').notNull(),
    actor: text('actor'),
    chargedAt: timestamp('charged_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('order_charges_payment_idx').on(table.paymentIntentRef),
    index('order_charges_order_idx').on(table.orderId),
    check('order_charges_amount_check', sql`${table.amountPence} > 0`),
  ],
);
