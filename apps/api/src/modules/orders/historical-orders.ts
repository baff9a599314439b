/**
 * Past orders for demo data (the trade module's businesses with two years of orders): written in
 * bulk, consistent with the money invariants (goods are the lines, captured is the total, refunds
 * add up), with their stock committed through inventory as a placed order's is (so cancelling one
 * gives back what it took), their card payments recorded by payments as captured (so refunding one
 * reaches a payment the gateway knows), and with no confirmation e-mail.
 */
import { FULFILMENT_STEPS, type Address, type OrderStatus } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import * as repository from './orders.repository.ts';

export interface HistoricalOrder {
  id: string;
  customerId: string;
  emailAddress: string;
  customerName: string;
  phone: string;
  address: Address;
  placedAt: Date;
  channel: number;
  lines: readonly repository.GivenOrderLine[];
  deliveryPence: number;
  vatPence: number;
  /** Where it got to; `refunded` means all of it went back. */
  status: OrderStatus;
  /** Part of it refunded (status unchanged), or all of it (status `refunded`). */
  refundedPence: number;
  updatedAt: Date;
}

const FLOW: readonly OrderStatus[] = FULFILMENT_STEPS;

export async function recordHistoricalOrders(
  { inventory, payments }: { inventory: Pick<InventoryService, 'commitPastOrders'>; payments: Pick<PaymentsService, 'recordPastPayments'> },
  db: Database,
  orders: readonly HistoricalOrder[],
): Promise<{ id: string; orderNumber: string }[]> {
  const unpaid = orders.map((order) => {
    const lines = order.lines.map((line) => ({ ...line, lineTotalIncVat: line.unitPriceIncVat * line.quantity }));
    const goodsPence = lines.reduce((sum, line) => sum + line.lineTotalIncVat, 0);
    const totalPence = goodsPence + order.deliveryPence;
    const reached = order.status === 'refunded' || order.status === 'cancelled' ? FLOW.indexOf('delivered') : FLOW.indexOf(order.status);
    const steps = FLOW.slice(0, reached + 1);
    const span = Math.max(1, order.updatedAt.getTime() - order.placedAt.getTime());
    const history = steps.map((status, index) => ({
      status,
      at: new Date(order.placedAt.getTime() + Math.round((span * index) / Math.max(1, steps.length))),
      note: null,
    }));
    if (order.status === 'refunded' || order.status === 'cancelled') history.push({ status: order.status, at: order.updatedAt, note: null });
    return {
      order: {
        id: order.id,
        basketId: `demo-${order.id}`,
        customerId: order.customerId,
        emailAddress: order.emailAddress,
        customerName: order.customerName,
        phone: order.phone,
        deliveryAddress: order.address,
        deliveryInstructions: null,
        billingAddress: order.address,
        delivery: { code: 'standard', name: 'Standard delivery', date: null, earliestDate: null, latestDate: null },
        channel: order.channel,
        discountCode: null,
        goodsPence,
        discountPence: 0,
        deliveryPence: order.deliveryPence,
        totalPence,
        vatPence: order.vatPence,
        paymentMethod: 'card',
        cardBrand: 'visa',
        cardLast4: '4242',
        capturedPence: totalPence,
        refundedPence: order.refundedPence,
        status: order.status,
        placedAt: order.placedAt,
        updatedAt: order.updatedAt,
      },
      lines,
      history,
      refund: order.refundedPence > 0 ? { amountPence: order.refundedPence, reason: 'Returned unused', at: order.updatedAt } : null,
    };
  });
  const paymentRefs = await payments.recordPastPayments(
    { db },
    unpaid.map(({ order }) => ({
      amountPence: order.capturedPence,
      capturedAt: order.placedAt,
      refundedPence: order.refundedPence,
      updatedAt: order.refundedPence > 0 ? order.updatedAt : order.placedAt,
      metadata: { basketId: order.basketId },
    })),
  );
  const batch = unpaid.map((entry, index) => ({ ...entry, order: { ...entry.order, paymentIntentRef: paymentRefs[index]! } }));
  const numbers = await repository.insertHistoricalOrders(db, batch);
  // A cancelled order gave its stock back; every other one still has it committed, as checkout left it.
  await inventory.commitPastOrders(
    { db },
    batch.filter(({ order }) => order.status !== 'cancelled').map(({ order, lines }) => ({ basketId: order.basketId, placedAt: order.placedAt, lines })),
  );
  return numbers;
}
