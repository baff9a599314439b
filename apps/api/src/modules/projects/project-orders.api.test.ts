/**
 * The orders a project remembers: a basket filled with "add all to basket" and checked out is the
 * project's order, listed on the project and naming the project on the order, for whoever may see both.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, createCheckoutClient, createProjectsClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';

let api: TestApi;
let basin: SeededSku;
let tap: SeededSku;
const actors: Record<string, Actor> = {
  owner: { userId: 'user-po-owner', email: 'po-owner@example.com', name: 'Pat Owner', roles: ['shopper'] },
  viewer: { userId: 'user-po-viewer', email: 'po-viewer@example.com', name: 'Val Viewer', roles: ['shopper'] },
  stranger: { userId: 'user-po-stranger', email: 'po-stranger@example.com', name: 'Sid Stranger', roles: ['shopper'] },
};
const clientsOf = (token: string) => ({
  projects: createProjectsClient({ baseUrl: api.serviceUrl('projects'), getAccessToken: () => token }),
  basket: createBasketClient({ baseUrl: api.serviceUrl('basket'), getAccessToken: () => token }),
  checkout: createCheckoutClient({ baseUrl: api.serviceUrl('checkout'), getAccessToken: () => token }),
});
let owner: ReturnType<typeof clientsOf>;
let viewer: ReturnType<typeof clientsOf>;
let stranger: ReturnType<typeof clientsOf>;

beforeAll(async () => {
  api = await startTestApi({
    env: { SANDBOX_WEBHOOK_CHAOS: 'off' },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  [owner, viewer, stranger] = [clientsOf('owner'), clientsOf('viewer'), clientsOf('stranger')];
  const parcel = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 40`;
  basin = await findSeededSku(api.database.db, parcel, 2);
  tap = await findSeededSku(api.database.db, parcel, 4);
});
afterAll(() => api.close());

/** Checks a basket out: standard delivery to Leeds, paid with 4242. */
async function checkOut(who: ReturnType<typeof clientsOf>, basketId: string): Promise<string> {
  const params = { basketId };
  await who.checkout.setContactDetails({ params, body: { emailAddress: 'po@example.com', firstName: 'Pat', lastName: 'Owner', phone: '07700 900123' } });
  await who.checkout.setDeliveryDetails({ params, body: { address: { name: 'Pat Owner', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' } } });
  await who.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
  await who.checkout.setDeliveryOption({ params, body: { code: 'standard' } });
  const intent = await who.checkout.createPaymentIntent({ params, body: {} });
  await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
  return (await who.checkout.completePayment({ params })).orderNumber;
}

describe('orders placed from a project', () => {
  it('lists the order on the project and names the project on the order; an order not filled from it is neither', async () => {
    const project = await owner.projects.createProject({ body: { name: 'Flat 4 bathroom refit', items: [{ sku: basin.sku, quantity: 1 }] } });
    const params = { projectId: project.projectId };
    const added = await owner.projects.addAllToBasket({ params, body: {} });
    const orderNumber = await checkOut(owner, added.basketId);

    const after = await owner.projects.getProject({ params });
    expect(after.orders).toEqual([expect.objectContaining({ orderNumber })]);
    expect(await owner.projects.projectsOfOrder({ params: { orderNumber } })).toEqual({
      projects: [{ projectId: project.projectId, name: 'Flat 4 bathroom refit' }],
    });

    // A basket filled by hand is no project's.
    const byHand = await owner.basket.createBasketWithItems({ body: { items: [{ sku: tap.sku, quantity: 1 }] } });
    const other = await checkOut(owner, byHand.basketId);
    expect(await owner.projects.projectsOfOrder({ params: { orderNumber: other } })).toEqual({ projects: [] });
    expect((await owner.projects.getProject({ params })).orders.map((order) => order.orderNumber)).toEqual([orderNumber]);

    // Another customer cannot ask about the order at all.
    expect(await failure(stranger.projects.projectsOfOrder({ params: { orderNumber } }))).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
  });

  it('keeps listing the order however many baskets were filled from the project later and not checked out', async () => {
    const project = await owner.projects.createProject({ body: { name: 'Many baskets', items: [{ sku: tap.sku, quantity: 1 }] } });
    const params = { projectId: project.projectId };
    const orderNumber = await checkOut(owner, (await owner.projects.addAllToBasket({ params, body: {} })).basketId);
    for (let i = 0; i < 11; i++) {
      const { basketId } = await owner.basket.createBasketWithItems({ body: { items: [{ sku: basin.sku, quantity: 1 }] } });
      await owner.projects.addAllToBasket({ params, body: { basketId } });
    }
    expect((await owner.projects.getProject({ params })).orders.map((order) => order.orderNumber)).toEqual([orderNumber]);
  });

  it('a viewer’s order from a shared project is theirs: named on their order while they may see it, never listed to the owner', async () => {
    const project = await owner.projects.createProject({ body: { name: 'Shared refit', items: [{ sku: basin.sku, quantity: 1 }] } });
    const params = { projectId: project.projectId };
    await owner.projects.shareProject({ params, body: { emailAddress: 'po-viewer@example.com', role: 'view' } });
    // A basket id of someone else's is refused by the basket module: the viewer can only fill their own.
    const ownerBasket = await owner.basket.createBasketWithItems({ body: { items: [{ sku: basin.sku, quantity: 1 }] } });
    expect((await failure(viewer.projects.addAllToBasket({ params, body: { basketId: ownerBasket.basketId } }))).status).toBe(404);

    const orderNumber = await checkOut(viewer, (await viewer.projects.addAllToBasket({ params, body: {} })).basketId);
    expect(await viewer.projects.projectsOfOrder({ params: { orderNumber } })).toEqual({ projects: [{ projectId: project.projectId, name: 'Shared refit' }] });
    expect((await owner.projects.getProject({ params })).orders).toEqual([]);
    expect(await failure(owner.projects.projectsOfOrder({ params: { orderNumber } }))).toMatchObject({ status: 404 });

    await owner.projects.shareProject({ params, body: { emailAddress: 'po-viewer@example.com', role: 'none' } });
    expect(await viewer.projects.projectsOfOrder({ params: { orderNumber } })).toEqual({ projects: [] });
  });
});
