import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DELIVERY_UPGRADE_STATES, type Address } from '@shop/contracts';
import { orders } from '../orders/orders.tables.ts';

/**
 * A customer upgrading a placed order's delivery (decision 0087): at most one open per order (a
 * partial unique index), the option and day chosen with the price and difference the server worked
 * out for the order's version `orderVersion`, the billing address for the card, and the one payment
 * for the difference (`paymentIntentRef`, unique), so paying twice charges once. `refunded`: paid,
 * but the order was dispatched or changed first, so the payment went back.
 */
export const deliveryUpgrades = pgTable(
  'delivery_upgrades',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state', { enum: DELIVERY_UPGRADE_STATES }).notNull().default('open'),
    orderVersion: integer('order_version').notNull(),
    optionCode: text('option_code'),
    optionName: text('option_name'),
    deliveryDate: text('delivery_date'),
    earliestDate: text('earliest_date'),
    latestDate: text('latest_date'),
    pricePence: integer('price_pence'),
    differencePence: integer('difference_pence'),
    billingAddress: jsonb('billing_address').$type<Address>(),
    paymentIntentRef: text('payment_intent_ref'),
    paymentPence: integer('payment_pence'),
    openedBy: text('opened_by'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('delivery_upgrades_one_open_idx')
      .on(table.orderId)
      .where(sql`${table.state} = 'open'`),
    uniqueIndex('delivery_upgrades_payment_idx')
      .on(table.paymentIntentRef)
      .where(sql`${table.paymentIntentRef} is not null`),
    check('delivery_upgrades_state_check', sql`${table.state} in ('open', 'completed', 'refunded')`),
    check('delivery_upgrades_money_check', sql`coalesce(${table.differencePence}, 0) >= 0 and coalesce(${table.paymentPence}, 0) >= 0`),
  ],
);
