import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrdersClient } from '@shop/api-client';
import { REVIEW_INVITATION_DAYS_AFTER_DELIVERY } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { placedOrderInput, recordPlacedOrder } from '../orders/testing.ts';

/**
 * The "review your purchase" e-mail on the real API: orders placed and delivered (by staff, through
 * the API, at times the test's clock sets), then the job run as the runner runs it, at chosen
 * instants. Each test works in its own months of 2031, far from the other tests' deliveries and
 * from the demo data's, so the job's 30-day window sees only that test's orders. The race is
 * meaningful on PostgreSQL (TEST_DATABASE=postgres), where three runs use three connections.
 */
let api: TestApi;
let now = new Date('2031-01-01T09:00:00Z');
const actors: Record<string, Actor> = { olive: { userId: 'user-invite-olive', roles: ['order-admin'] } };
// The app's own identity service (decision 0057: tests reach work that has no call through the composition).
const identity = () => api.app.composed.services.identity;
const DAY = 86_400_000;
const WAIT = REVIEW_INVITATION_DAYS_AFTER_DELIVERY * DAY;

interface SeededProduct {
  slug: string;
  sku: string;
  name: string;
}
let products: SeededProduct[] = [];

beforeAll(async () => {
  api = await startTestApi({ clock: { now: () => now }, authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const result = (await api.database.db.execute(
    sql`select p.slug, p.name, (select o.sku from offerings o where o.product_id = p.id order by o.id limit 1) as sku
        from products p where not p.is_bundle order by p.id limit 4`,
  )) as unknown as { rows: SeededProduct[] };
  products = result.rows;
});
afterAll(() => api?.close());

const staff = () => createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'olive' });

/** A customer with an account (verified, as after signing up). */
async function customer(name: string) {
  const profile = await identity().createVerifiedUser(
    { db: api.database.db, clock: { now: () => now } },
    { email: `${name}@invite.example`, name, roles: ['shopper'] },
  );
  return { customerId: profile!.id, email: profile!.email };
}

let serial = 0;
/** An order for these products (one line each), placed and then delivered by staff at `deliveredAt`. */
async function deliveredOrder(buyer: { customerId: string | null; email: string }, lines: readonly SeededProduct[], deliveredAt: Date) {
  serial += 1;
  const base = placedOrderInput(`invite-${serial}`, buyer);
  const orderLines = lines.map((product) => ({ ...base.lines[0]!, sku: product.sku, productSlug: product.slug, productName: product.name }));
  now = new Date(deliveredAt.getTime() - 2 * DAY);
  const order = await recordPlacedOrder(api.app, { ...base, lines: orderLines }, now);
  now = deliveredAt;
  await staff().advanceOrder({ params: { orderNumber: order.orderNumber }, body: { status: 'delivered' } });
  return order;
}

/** One run of the job at `at`, as the runner runs it. */
async function runJob(at: Date) {
  const [job] = api.app.composed.modules.find((module) => module.name === 'reviews')!.jobs!(api.app);
  expect(job!.name).toBe('review-invitations');
  return job!.runOnce({ db: api.database.db, clock: { now: () => at }, log: api.app.log });
}

const invitationsTo = (to: string) => readOutbox(api.database.db, { to, template: 'reviews.invitation' });
const link = (product: SeededProduct, orderNumber: string) => `${api.config.publicUrl}/p/${product.slug}/review?order=${orderNumber}`;

async function invitationRows(orderId: string) {
  const result = (await api.database.db.execute(sql`select email_address from review_invitations where order_id = ${orderId}`)) as unknown as {
    rows: { email_address: string }[];
  };
  return result.rows;
}

describe('the “review your purchase” e-mail', () => {
  it('goes once, seven days after delivery, with a “Write a review” button for each product', async () => {
    const ann = await customer('ann');
    const deliveredAt = new Date('2031-01-10T10:00:00Z');
    const order = await deliveredOrder(ann, [products[0]!, products[1]!], deliveredAt);

    expect(await runJob(new Date(deliveredAt.getTime() + WAIT - 60_000))).toEqual({ claimed: 0 });
    expect(await invitationsTo(ann.email)).toHaveLength(0);

    expect(await runJob(new Date(deliveredAt.getTime() + WAIT))).toEqual({ claimed: 1 });
    const [email, ...more] = await invitationsTo(ann.email);
    expect(more).toHaveLength(0);
    for (const product of [products[0]!, products[1]!]) {
      expect(email!.text).toContain(`Write a review of ${product.name}:\n${link(product, order.orderNumber)}`);
      expect(email!.html).toContain(`href="${link(product, order.orderNumber)}" target="_blank"`);
    }
    expect(email!.text).toContain('about two minutes');
    expect(email!.text).toContain('We publish good and bad reviews alike');
    expect(email!.text).toContain(`${api.config.publicUrl}/reviews-policy`);
    expect(email!.text).toContain(`Your order ${order.orderNumber} was delivered on 10 January`);
    expect(email!.html).toContain(`href="${link(products[0]!, order.orderNumber)}"`);
    expect(await invitationRows(order.orderGuid)).toEqual([{ email_address: ann.email }]);

    // Asked once: later runs within the window find it claimed.
    expect(await runJob(new Date(deliveredAt.getTime() + WAIT + DAY))).toEqual({ claimed: 0 });
    expect(await runJob(new Date(deliveredAt.getTime() + 20 * DAY))).toEqual({ claimed: 0 });
    expect(await invitationsTo(ann.email)).toHaveLength(1);
  });

  it('is not sent for guests’ orders, cancelled orders or lines, or to accounts that are gone or erased', async () => {
    const deliveredAt = new Date('2031-04-01T10:00:00Z');
    const guest = await deliveredOrder({ customerId: null, email: 'guest@invite.example' }, [products[0]!], deliveredAt);

    const cat = await customer('cat');
    const cancelled = await deliveredOrder(cat, [products[0]!], deliveredAt);
    // As the demo's past orders have it: delivered, then cancelled.
    await api.database.db.execute(sql`update orders set status = 'cancelled' where id = ${cancelled.orderGuid}`);

    const dan = await customer('dan');
    const allCancelled = await deliveredOrder(dan, [products[0]!, products[1]!], deliveredAt);
    await api.database.db.execute(sql`update order_lines set cancelled_quantity = quantity where order_id = ${allCancelled.orderGuid}`);

    const eve = await customer('eve');
    const partly = await deliveredOrder(eve, [products[0]!, products[1]!, products[2]!], deliveredAt);
    await api.database.db.execute(sql`update order_lines set cancelled_quantity = quantity where order_id = ${partly.orderGuid} and position = 1`);
    await api.database.db.execute(sql`update order_lines set cancelled_quantity = 1 where order_id = ${partly.orderGuid} and position = 2`);

    const gone = await deliveredOrder({ customerId: '00000000-0000-4000-8000-00000000abcd', email: 'gone@invite.example' }, [products[0]!], deliveredAt);
    const fay = await customer('fay');
    const erased = await deliveredOrder(fay, [products[0]!], deliveredAt);
    expect(await identity().eraseUser({ db: api.database.db, clock: { now: () => now } }, fay.customerId)).toBe(true);

    expect(await runJob(new Date(deliveredAt.getTime() + WAIT))).toEqual({ claimed: 1 });
    const [email, ...more] = await invitationsTo(eve.email);
    expect(more).toHaveLength(0);
    // The line cancelled in full is not asked about; the one cancelled in part is.
    expect(email!.text).toContain(link(products[0]!, partly.orderNumber));
    expect(email!.text).not.toContain(link(products[1]!, partly.orderNumber));
    expect(email!.text).toContain(link(products[2]!, partly.orderNumber));

    for (const to of ['guest@invite.example', cat.email, dan.email, 'gone@invite.example', fay.email]) expect(await invitationsTo(to)).toHaveLength(0);
    for (const order of [guest, cancelled, allCancelled, gone, erased]) expect(await invitationRows(order.orderGuid)).toEqual([]);
  });

  it('does not ask about orders delivered more than 30 days before the job runs (a shop’s first run)', async () => {
    const gus = await customer('gus');
    const hal = await customer('hal');
    const longAgo = new Date('2031-06-01T10:00:00Z');
    const old = await deliveredOrder(gus, [products[3]!], longAgo);
    const recent = await deliveredOrder(hal, [products[3]!], new Date(longAgo.getTime() + 2 * DAY));

    expect(await runJob(new Date(longAgo.getTime() + 31 * DAY))).toEqual({ claimed: 1 });
    expect(await invitationsTo(gus.email)).toHaveLength(0);
    expect(await invitationRows(old.orderGuid)).toEqual([]);
    expect((await invitationsTo(hal.email))[0]!.text).toContain(link(products[3]!, recent.orderNumber));
  });

  it('sends one e-mail per order when three runs race (three connections on PostgreSQL)', async () => {
    const deliveredAt = new Date('2031-10-01T10:00:00Z');
    const buyers = await Promise.all(['ivy', 'jon', 'kim', 'lee', 'max', 'ned'].map((name) => customer(name)));
    const orders = [];
    for (const buyer of buyers) orders.push(await deliveredOrder(buyer, [products[0]!, products[2]!], deliveredAt));

    const at = new Date(deliveredAt.getTime() + WAIT + DAY);
    const runs = await Promise.all([runJob(at), runJob(at), runJob(at)]);
    expect(runs.reduce((sum, run) => sum + run.claimed, 0)).toBe(buyers.length);
    for (const buyer of buyers) expect(await invitationsTo(buyer.email)).toHaveLength(1);
    for (const order of orders) expect(await invitationRows(order.orderGuid)).toHaveLength(1);
    expect(await runJob(at)).toEqual({ claimed: 0 });
  });
});
