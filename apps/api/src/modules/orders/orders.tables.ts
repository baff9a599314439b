import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, type Address } from '@shop/contracts';

/** Order numbers for people: BP and eight digits, from 10000001 up. */
export const orderNumbers = pgSequence('order_number_seq', { startWith: 10_000_001, minValue: 10_000_001, maxValue: 99_999_999 });

export interface OrderDelivery {
  code: string;
  name: string;
  date: string | null;
  earliestDate: string | null;
  latestDate: string | null;
}

/**
 * A placed order. At most one per basket and one per payment (unique), so a double click, two
 * tabs or a retried request can never make two orders from one basket or one charge.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    basketId: text('basket_id').notNull(),
    customerId: text('customer_id'),
    emailAddress: text('email_address').notNull(),
    customerName: text('customer_name').notNull(),
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
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('placed'),
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
    unitPriceIncVat: integer('unit_price_inc_vat').notNull(),
    lineTotalIncVat: integer('line_total_inc_vat').notNull(),
  },
  (table) => [uniqueIndex('order_lines_position_idx').on(table.orderId, table.position), check('order_lines_quantity_check', sql`${table.quantity} > 0`)],
);

export const orderHistory = pgTable(
  'order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note'),
    actor: text('actor'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('order_history_order_idx').on(table.orderId, table.at)],
);
