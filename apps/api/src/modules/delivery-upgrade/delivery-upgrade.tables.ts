import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A payment the gateway says was taken for a delivery upgrade, noted by its webhook and due once the
 * customer's window has had its chance to complete it: the recovery job then makes the upgrade with it
 * (or refunds it when the upgrade can no longer apply), and refunds one that is not the upgrade's own
 * payment. A window closed after the bank said yes loses nothing and keeps nothing it did not get.
 */
export const deliveryUpgradePaymentNotes = pgTable(
  'delivery_upgrade_payment_notes',
  {
    intentRef: text('intent_ref').primaryKey(),
    upgradeId: uuid('upgrade_id')
      .notNull()
      .references(() => deliveryUpgrades.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    outcome: text('outcome'),
  },
  (table) => [
    index('delivery_upgrade_payment_notes_due_idx')
      .on(table.dueAt)
      .where(sql`${table.settledAt} is null`),
  ],
);
