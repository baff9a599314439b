/**
 * What the order change API tests share (order baskets and paid delivery upgrades): the real API
 * with signed-in customers and order staff, each one's clients, orders placed through checkout with a
 * sandbox payment, and the check after every test that no order, payment or stock breaks the money
 * and stock rules. Imported by tests only.
 */
import { sql } from 'drizzle-orm';
import {
  createAccountsClient,
  createBasketClient,
  createCheckoutClient,
  createDeliveryUpgradeClient,
  createOrderBasketsClient,
  createOrdersClient,
} from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { invariantViolations } from '../../testing/order-invariants.ts';
import type { SeededSku } from '../../testing/seeded-skus.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createInventoryService } from '../inventory/index.ts';

export const ORDER_CHANGE_ACTORS: Readonly<Record<string, Actor>> = {
  alice: { userId: 'user-alice', roles: ['shopper'] },
  bob: { userId: 'user-bob', roles: ['shopper'] },
  carol: { userId: 'user-carol', roles: ['shopper'] },
  staff: { userId: 'user-staff', name: 'Sam Staff', roles: ['shopper', 'order-admin'] },
};

/** Pays a sandbox intent as the card frame does (payments' test helper, which only tests may import). */
export type PayLikeTheFrame = (origin: string, intent: { id: string; clientSecret: string }, card?: string) => Promise<unknown>;

export type ChangeClients = ReturnType<typeof clientsFor>;

function clientsFor(api: TestApi, token: string) {
  const options = (service: string) => ({ baseUrl: api.serviceUrl(service), getAccessToken: () => token });
  return {
    basket: createBasketClient(options('basket')),
    checkout: createCheckoutClient(options('checkout')),
    orders: createOrdersClient(options('orders')),
    mine: createAccountsClient(options('accounts')),
    changes: createOrderBasketsClient(options('order-baskets')),
    upgrade: createDeliveryUpgradeClient(options('delivery-upgrade')),
  };
}

export interface OrderChangeHarness {
  api: TestApi;
  alice: ChangeClients;
  bob: ChangeClients;
  carol: ChangeClients;
  staff: ChangeClients;
  /**
   * A signed-in customer's order through checkout: `quantity` of `sku`, standard delivery to Leeds
   * (or collected from a branch), paid with the card that succeeds.
   */
  placeOrder(options: {
    sku: SeededSku;
    who?: ChangeClients;
    quantity?: number;
    collect?: boolean;
    /** Keeps the card for next time (signed in, with consent), paid with `card` (by default the one given to `startOrderChangeApi`). */
    saveCard?: { card: string };
  }): Promise<{ orderNumber: string; basketId: string }>;
  /**
   * A customer's order (through `placeOrder`) with a delivery upgrade started on it, its first open
   * specific day chosen and the order's billing address agreed: ready to pay the difference.
   */
  chosenUpgrade(options: { sku: SeededSku; who?: ChangeClients; quantity?: number }): Promise<{
    orderNumber: string;
    params: { orderId: string };
    difference: number;
  }>;
  /** The amounts of the order's own charges after placing (paid upgrades and changes), oldest first. */
  chargesOf(orderNumber: string): Promise<number[]>;
  /** Throws when an order, payment, discount code or stock record breaks the money and stock rules (run after every test). */
  checkInvariants(): Promise<void>;
}

/** `env`: further settings (the Stripe stand-in's, to run against the Stripe adapter). */
export async function startOrderChangeApi(pay: PayLikeTheFrame, env: Record<string, string> = {}): Promise<OrderChangeHarness> {
  const api = await startTestApi({
    env: { SANDBOX_WEBHOOK_CHAOS: 'off', ...env },
    authenticate: async (authorization) => ORDER_CHANGE_ACTORS[authorization.replace(/^Bearer /, '')] ?? null,
  });
  const [alice, bob, carol, staff] = ['alice', 'bob', 'carol', 'staff'].map((token) => clientsFor(api, token)) as [
    ChangeClients,
    ChangeClients,
    ChangeClients,
    ChangeClients,
  ];
  const harness: OrderChangeHarness = {
    api,
    alice,
    bob,
    carol,
    staff,
    async placeOrder({ sku, who = alice, quantity = 2, collect = false, saveCard }) {
      const { basketId } = await who.basket.createBasketWithItems({ body: { items: [{ sku: sku.sku, quantity }] } });
      const params = { basketId };
      const address = { name: 'Alice Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' };
      await who.checkout.setContactDetails({
        params,
        body: { emailAddress: 'alice@example.com', firstName: 'Alice', lastName: 'Shopper', phone: '07700 900123' },
      });
      if (collect) {
        await who.checkout.setDeliveryOption({ params, body: { code: 'click_collect' } });
        await who.checkout.setBillingDetails({ params, body: { address } });
      } else {
        await who.checkout.setDeliveryDetails({ params, body: { address } });
        await who.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
        await who.checkout.setDeliveryOption({ params, body: { code: 'standard' } });
      }
      const intent = await who.checkout.createPaymentIntent({ params, body: saveCard ? { saveCard: true } : {} });
      await pay(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, saveCard?.card);
      const placed = await who.checkout.completePayment({ params });
      return { orderNumber: placed.orderNumber, basketId };
    },
    async chosenUpgrade({ sku, who = alice, quantity }) {
      const { orderNumber } = await harness.placeOrder({ sku, who, quantity });
      const params = { orderId: orderNumber };
      await who.upgrade.startDeliveryUpgrade({ params });
      const calendar = await who.upgrade.getUpgradeSpecificDayOptions({ params, body: {} });
      const day = calendar.days.find((entry) => entry.available)!.date;
      await who.upgrade.setUpgradeDeliveryOption({ params, body: { code: 'specific_day', date: day } });
      const upgrade = await who.upgrade.setUpgradeBillingAddress({ params, body: { sameAsOrder: true } });
      return { orderNumber, params, difference: upgrade.selected!.differencePence };
    },
    async chargesOf(orderNumber) {
      const result = (await api.database.db.execute(sql`select amount_pence from order_charges
        where order_id = (select id from orders where order_number = ${orderNumber}) order by charged_at`)) as unknown as { rows: { amount_pence: number }[] };
      return result.rows.map((row) => row.amount_pence);
    },
    async checkInvariants() {
      const broken = { ...(await invariantViolations(api.database.db)), stock: await createInventoryService().stockInvariantViolations(api.database) };
      if (Object.keys(broken).length > 1 || broken.stock.length > 0) throw new Error(`Invariants broken: ${JSON.stringify(broken)}`);
    },
  };
  return harness;
}
