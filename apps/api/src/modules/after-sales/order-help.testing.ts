/**
 * What the order self-service API tests share: the real API with a movable clock, orders placed
 * through checkout with a sandbox payment, and staff moving them on. Imported by tests only.
 */
import { sql } from 'drizzle-orm';
import { createBasketClient, createCheckoutClient, createClientFromEndpoints, createOrdersClient } from '@shop/api-client';
import { helpCentreOrderEndpoints, ORDER_LINK_HEADER } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';

const actors: Record<string, Actor> = {
  staff: { userId: 'user-staff', roles: ['shopper', 'order-admin'] },
  alice: { userId: 'user-alice', roles: ['shopper'] },
  bob: { userId: 'user-bob', roles: ['shopper'] },
  moderator: { userId: 'user-moderator', roles: ['shopper', 'review-moderator'] },
};

export interface OrderHelpHarness {
  api: TestApi;
  sku: SeededSku;
  /** Moves the API's clock this far ahead of the real one (days after delivery, without waiting). */
  setAhead(ms: number): void;
  /**
   * The help centre's order calls as `as` (a token of `actors`), or a guest, with an e-mailed link's
   * token when given (`linkFor`); each client from an address of its own.
   */
  help(as?: string, link?: string): ReturnType<typeof createClientFromEndpoints<typeof helpCentreOrderEndpoints>>;
  /** A guest asks for the link to the order with its number and e-mail address: the token in the e-mail we sent. */
  linkFor(order: { orderNumber: string; email: string }): Promise<string>;
  staff: ReturnType<typeof createOrdersClient>;
  /** A header set for a raw `fetch`: a fresh client address, the caller's token and a link's. */
  headers(as?: string, link?: string): Record<string, string>;
  /** An order of `quantity` of `sku` (the harness's own by default), and of each of `more` on lines after it. */
  placeOrder(options?: {
    quantity?: number;
    as?: string;
    sku?: string;
    more?: readonly { sku: string; quantity: number }[];
  }): Promise<{ orderNumber: string; totalIncVat: number; email: string }>;
  advance(orderNumber: string, to: 'picking' | 'dispatched' | 'delivered'): Promise<unknown>;
  /** What orders have committed of the sku, counted exactly (`stock_counts`: an order placed lately included, decision 0161). */
  committedOf(sku: string): Promise<number>;
}

/** Pays a sandbox intent as the card frame does (payments' test helper, which only tests may import). */
export type PayLikeTheFrame = (origin: string, intent: { id: string; clientSecret: string }) => Promise<unknown>;

export async function startOrderHelpApi(name: string, pay: PayLikeTheFrame): Promise<OrderHelpHarness> {
  let ahead = 0;
  let address = 0;
  let count = 0;
  const api = await startTestApi({
    // Each client comes from an address of its own (TRUST_PROXY), so the per-client limits do not add up across tests.
    env: { SANDBOX_WEBHOOK_CHAOS: 'off', TRUST_PROXY: 'true' },
    clock: { now: () => new Date(Date.now() + ahead) },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  const sku = await findSeededSku(
    api.database.db,
    sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 40`,
  );
  const nextAddress = () => `198.51.100.${(address = (address % 250) + 1)}`;
  const linkHeader = (link?: string): Record<string, string> => (link ? { [ORDER_LINK_HEADER]: link } : {});
  const headers = (as?: string, link?: string) => ({ 'x-forwarded-for': nextAddress(), ...(as ? { authorization: `Bearer ${as}` } : {}), ...linkHeader(link) });
  const help = (as?: string, link?: string) =>
    createClientFromEndpoints(helpCentreOrderEndpoints, {
      baseUrl: api.serviceUrl('help-centre'),
      getAccessToken: () => as,
      headers: { 'x-forwarded-for': nextAddress(), ...linkHeader(link) },
    });
  const staff = createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'staff' });
  return {
    api,
    sku,
    setAhead: (ms) => {
      ahead = ms;
    },
    help,
    async linkFor(order) {
      await help().requestOrderLink({ params: { id: order.orderNumber }, body: { emailAddress: order.email } });
      // The outbox as stored (the notifications module's test helper is for tests only): the newest link e-mail.
      const sent = (await api.database.db.execute(
        sql`select text from email_outbox where lower("to") = lower(${order.email}) and template = 'orders.manage-link' order by created_at desc limit 1`,
      )) as unknown as { rows: { text: string }[] };
      return /\/order-help\/link\/([A-Za-z0-9_-]+)/.exec(sent.rows[0]!.text)![1]!;
    },
    staff,
    headers,
    async placeOrder(options = {}) {
      count += 1;
      const email = `${name}-${count}@example.com`;
      const getAccessToken = () => options.as;
      const basket = createBasketClient({ baseUrl: api.serviceUrl('basket'), getAccessToken });
      const checkout = createCheckoutClient({ baseUrl: api.serviceUrl('checkout'), getAccessToken });
      const items = [{ sku: options.sku ?? sku.sku, quantity: options.quantity ?? 2 }, ...(options.more ?? [])];
      const { basketId } = await basket.createBasketWithItems({ body: { items } });
      const params = { basketId };
      await checkout.setContactDetails({ params, body: { emailAddress: email, firstName: 'Sam', lastName: 'Shopper', phone: '07700 900123' } });
      await checkout.setDeliveryDetails({ params, body: { address: { name: 'Sam Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' } } });
      await checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
      await checkout.setDeliveryOption({ params, body: { code: 'standard' } });
      const intent = await checkout.createPaymentIntent({ params, body: {} });
      await pay(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret });
      const placed = await checkout.completePayment({ params });
      return { orderNumber: placed.orderNumber, totalIncVat: placed.totalIncVat, email };
    },
    async advance(orderNumber, to) {
      if (to === 'picking') return staff.advanceOrder({ params: { orderNumber }, body: { status: 'picking' } });
      await staff.advanceOrder({ params: { orderNumber }, body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' } });
      if (to === 'delivered') await staff.advanceOrder({ params: { orderNumber }, body: { status: 'delivered' } });
    },
    async committedOf(code) {
      const result = (await api.database.db.execute(sql`select committed from stock_counts where sku = ${code}`)) as unknown as {
        rows: { committed: number }[];
      };
      return Number(result.rows[0]!.committed);
    },
  };
}
