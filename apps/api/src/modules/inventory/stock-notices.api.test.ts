import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHelpCentreEnquiriesClient, type HelpCentreEnquiriesClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku, setStock } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';

let api: TestApi;
let guest: HelpCentreEnquiriesClient;
let staff: HelpCentreEnquiriesClient;
let shopper: HelpCentreEnquiriesClient;
const actors: Record<string, Actor> = {
  olive: { userId: 'user-olive', email: 'olive@staff.example', name: 'Olive Orders', roles: ['shopper', 'order-admin'] },
  sam: { userId: 'user-sam', email: 'sam@shopper.example', name: 'Sam Shopper', roles: ['shopper'] },
};

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const baseUrl = api.serviceUrl('help-centre');
  guest = createHelpCentreEnquiriesClient({ baseUrl });
  staff = createHelpCentreEnquiriesClient({ baseUrl, getAccessToken: () => 'olive' });
  shopper = createHelpCentreEnquiriesClient({ baseUrl, getAccessToken: () => 'sam' });
});
afterAll(() => api.close());

/** One batch of the back-in-stock job, as the runner would run it. */
async function runJob() {
  const job = api.app.composed.modules.find((module) => module.name === 'inventory')!.jobs!(api.app).find(
    (candidate) => candidate.name === 'back-in-stock-notices',
  );
  return job!.runOnce({ db: api.database.db, clock: { now: () => new Date() }, log: api.app.log });
}

const outOfStock = async (offset: number) => {
  const { sku } = await findSeededSku(api.database.db, sql`s.status = 'in_stock' and not p.is_bundle and s.committed = 0 and s.reserved = 0`, offset);
  await setStock(api.database.db, sku, 'out_of_stock', 0);
  return sku;
};

describe('notify me when back in stock', () => {
  it('is stored once per product and address, acknowledged with an unsubscribe link, and sent once when staff restock', async () => {
    const sku = await outOfStock(20);
    const notice = await guest.requestBackInStockNotice({ body: { sku, emailAddress: 'wait@guest.example' } });
    expect(notice).toMatchObject({ sku, status: 'waiting', alreadyWaiting: false });
    expect(notice.reference).toMatch(/^HC-[2-9A-Z]{6}$/);
    // Asking again answers the same one.
    expect(await guest.requestBackInStockNotice({ body: { sku, emailAddress: 'WAIT@guest.example' } })).toEqual({ ...notice, alreadyWaiting: true });
    const [ack] = await readOutbox(api.database.db, { to: 'wait@guest.example', template: 'help-centre.back-in-stock-requested' });
    expect(ack?.text).toMatch(/\/back-in-stock\/unsubscribe\/[\w-]+/);

    expect(await runJob()).toEqual({ claimed: 0 });
    expect((await failure(shopper.addStock({ params: { sku }, body: { quantity: 5 } }))).status).toBe(403);
    expect(await staff.getStockLevel({ params: { sku } })).toMatchObject({ sku, onHand: 0, available: 0, waitingNotices: 1 });
    expect(await staff.addStock({ params: { sku }, body: { quantity: 8 } })).toMatchObject({ sku, onHand: 8, available: 8, status: 'in_stock' });

    expect(await runJob()).toEqual({ claimed: 1 });
    expect(await runJob()).toEqual({ claimed: 0 });
    const sent = await readOutbox(api.database.db, { to: 'wait@guest.example', template: 'help-centre.back-in-stock' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Back in stock: /);
    expect(sent[0]!.text).toMatch(/£[\d,.]+/);
    const token = /\/back-in-stock\/unsubscribe\/([\w-]+)/.exec(sent[0]!.text)![1]!;
    expect(await guest.getBackInStockNotice({ params: { token } })).toMatchObject({ reference: notice.reference, status: 'sent' });
    // Now in stock, a new request is refused: it can be bought.
    expect((await failure(guest.requestBackInStockNotice({ body: { sku, emailAddress: 'late@guest.example' } }))).code).toBe('PRODUCT_IN_STOCK');
  });

  it('stops when the person unsubscribes, and refuses unknown products, bad links and missing addresses', async () => {
    const sku = await outOfStock(21);
    await shopper.requestBackInStockNotice({ body: { sku } });
    const [ack] = await readOutbox(api.database.db, { to: 'sam@shopper.example', template: 'help-centre.back-in-stock-requested' });
    const token = /\/back-in-stock\/unsubscribe\/([\w-]+)/.exec(ack!.text)![1]!;
    expect(await guest.unsubscribeBackInStockNotice({ params: { token } })).toMatchObject({ status: 'unsubscribed' });
    expect(await guest.unsubscribeBackInStockNotice({ params: { token } })).toMatchObject({ status: 'unsubscribed' });
    await staff.addStock({ params: { sku }, body: { quantity: 3 } });
    expect(await runJob()).toEqual({ claimed: 0 });

    expect((await failure(guest.getBackInStockNotice({ params: { token: 'y'.repeat(24) } }))).code).toBe('STOCK_NOTICE_LINK_INVALID');
    expect((await failure(guest.requestBackInStockNotice({ body: { sku: 'NO-SUCH', emailAddress: 'a@b.example' } }))).code).toBe('ENQUIRY_PRODUCT_UNKNOWN');
    expect((await failure(guest.requestBackInStockNotice({ body: { sku } }))).code).toBe('ENQUIRY_CONTACT_MISSING');
    expect((await failure(staff.addStock({ params: { sku }, body: { quantity: 0 } }))).status).toBe(400);
  });

  it('sends one e-mail when two job runs race for the same notice', async () => {
    const sku = await outOfStock(22);
    for (const who of ['race1', 'race2', 'race3']) await guest.requestBackInStockNotice({ body: { sku, emailAddress: `${who}@guest.example` } });
    await staff.addStock({ params: { sku }, body: { quantity: 10 } });
    const runs = await Promise.all([runJob(), runJob(), runJob()]);
    expect(runs.reduce((sum, run) => sum + run.claimed, 0)).toBe(3);
    for (const who of ['race1', 'race2', 'race3']) {
      expect(await readOutbox(api.database.db, { to: `${who}@guest.example`, template: 'help-centre.back-in-stock' })).toHaveLength(1);
    }
    const outbox = (await api.database.db.execute(
      sql`select count(*)::int as n from email_outbox where template = 'help-centre.back-in-stock' and "to" like 'race%'`,
    )) as unknown as { rows: { n: number }[] };
    expect(outbox.rows[0]!.n).toBe(3);
  });
});
