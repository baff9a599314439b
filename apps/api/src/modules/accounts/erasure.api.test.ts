import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccountsClient,
  createBasketClient,
  createHelpCentreEnquiriesClient,
  createReviewWritingClient,
  createTradeClient,
  createWishlistClient,
} from '@shop/api-client';
import { productImageIdOf, type PersonalDataStoreView, type TradeApplicationData } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku, setStock } from '../../testing/seeded-skus.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { samplePdf, samplePng } from '../files/testing.ts';
import { placedOrderInput, recordPlacedOrder } from '../orders/testing.ts';
import { sandboxGateway } from '../payments/testing.ts';

/**
 * Erasure over a customer who did everything the shop lets a customer do: every store a module
 * declares is shown, before, with what it holds about her, and after, as erased or kept with its
 * reason; nothing of her name or address is left in a store that says it erases.
 */
let api: TestApi;
let filesDir = '';
const EMAIL = 'ella.everything@shopper.example';
const NAME = 'Ella Everything';
const actors: Record<string, Actor> = {
  olive: { userId: 'user-olive', email: 'olive@staff.example', name: 'Olive Orders', roles: ['shopper', 'order-admin'] },
};
const client = <T>(make: (options: { baseUrl: string; getAccessToken: () => string | undefined }) => T, service: string, token?: string) =>
  make({ baseUrl: api.serviceUrl(service), getAccessToken: () => token });

let userId = '';
let providerCustomer = '';

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Files still in the local store: every upload is a file under FILES_DIR. */
const storedFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? storedFiles(path.join(dir, entry.name)) : [entry.name]));

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-erasure-'));
  api = await startTestApi({ env: { FILES_DIR: filesDir }, authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const [created] = await rows<{ id: string }>(
    sql`insert into identity_users (email, name, password_hash, roles) values (${EMAIL}, ${NAME}, 'x', '{shopper}') returning id`,
  );
  userId = created!.id;
  actors.ella = { userId, email: EMAIL, name: NAME, roles: ['shopper'] };
}, 120_000);
afterAll(async () => {
  await api?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/**
 * Ella orders, reviews with a photo, asks a question, applies for trade with a document, subscribes,
 * saves a basket and a wishlist, waits for stock and saves a card.
 */
async function ellaDoesEverything(): Promise<void> {
  const db = api.database.db;
  const { sku } = await findSeededSku(db, sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 20`);
  const awaited = await findSeededSku(db, sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle`, 7);
  await setStock(db, awaited.sku, 'out_of_stock', 0);
  const [product] = await rows<{ slug: string }>(sql`select p.slug from products p join offerings o on o.product_id = p.id where o.sku = ${sku}`);

  await recordPlacedOrder(api.app, placedOrderInput('ella', { customerId: userId, email: EMAIL }), new Date());

  const review = await client(createReviewWritingClient, 'reviews', 'ella').writeWebsiteReview({
    body: { slug: product!.slug, rating: 5, title: 'Lovely tap', text: 'Easy to fit and looks smart in our small bathroom.', displayName: 'Ella E' },
  });
  const photo = new FormData();
  photo.append('photos', new Blob([Uint8Array.from(samplePng())], { type: 'image/png' }), 'fitted.png');
  const photoAnswer = await fetch(`${api.serviceUrl('reviews')}/Reviews/${review.reviewId}/Photos`, {
    method: 'POST',
    body: photo,
    headers: { authorization: 'Bearer ella' },
  });
  expect(photoAnswer.status).toBe(201);

  const help = client(createHelpCentreEnquiriesClient, 'help-centre', 'ella');
  await help.askProductQuestion({ body: { sku, question: 'Does it suit low water pressure?', mayPublish: true } });
  await help.requestBackInStockNotice({ body: { sku: awaited.sku, emailAddress: EMAIL } });

  const application: TradeApplicationData = {
    legalName: 'Everything Plumbing Ltd',
    businessType: 'limited_company',
    companyNumber: '07654321',
    trade: 'plumber',
    yearsTrading: 4,
    employees: 1,
    expectedMonthlySpendPence: 50_000,
    address: { line1: '9 Every Street', town: 'Leeds', postcode: 'LS2 7EE' },
    contactName: NAME,
    contactPhone: '07700 900777',
  };
  await client(createTradeClient, 'accounts', 'ella').submitTradeApplication({ body: application });
  const document = new FormData();
  document.append('file', new Blob([Uint8Array.from(samplePdf())], { type: 'application/pdf' }), 'ella-vat-certificate.pdf');
  const documentAnswer = await fetch(`${api.serviceUrl('accounts')}/api/TradeAccountApplications/mine/documents`, {
    method: 'POST',
    body: document,
    headers: { authorization: 'Bearer ella' },
  });
  expect([documentAnswer.status, documentAnswer.status === 201 ? '' : await documentAnswer.text()]).toEqual([201, '']);

  await client(createAccountsClient, 'accounts').signUpForNewsletter({ body: { email: EMAIL, source: 'footer' } });

  const basket = client(createBasketClient, 'basket', 'ella');
  await basket.setItem({ params: { basketId: 'mine' }, body: { sku, quantity: 1 } });
  await basket.saveBasket({ params: { basketId: 'mine' } });

  const wishlists = client(createWishlistClient, 'wishlist', 'ella');
  const wishlist = await wishlists.createWishlist({ body: { sku } });
  await wishlists.saveWishlist({ params: { id: wishlist.wishlistId }, body: { name: 'Ella’s bathroom' } });

  // A card saved at checkout: the provider's customer, linked to her account.
  providerCustomer = (await sandboxGateway(api.app).createCustomer({ email: EMAIL, name: NAME }, `erasure-${userId}`)).id;
  await db.execute(sql`insert into payment_customers (user_id, gateway, customer_ref) values (${userId}, 'sandbox', ${providerCustomer})`);
}

/** A customer with a trade application's document and a saved card's provider customer: what erasure owes outside the database. */
async function customerWithFileAndCard(email: string, name: string): Promise<{ token: string; customerRef: string }> {
  const [created] = await rows<{ id: string }>(
    sql`insert into identity_users (email, name, password_hash, roles) values (${email}, ${name}, 'x', '{shopper}') returning id`,
  );
  const token = name.toLowerCase().replace(/\W/g, '-');
  actors[token] = { userId: created!.id, email, name, roles: ['shopper'] };
  await client(createTradeClient, 'accounts', token).submitTradeApplication({
    body: {
      legalName: `${name} Plumbing Ltd`,
      businessType: 'sole_trader',
      trade: 'plumber',
      yearsTrading: 2,
      employees: 1,
      expectedMonthlySpendPence: 20_000,
      address: { line1: '3 Retry Road', town: 'York', postcode: 'YO1 7HH' },
      contactName: name,
      contactPhone: '07700 900123',
    },
  });
  const document = new FormData();
  document.append('file', new Blob([Uint8Array.from(samplePdf())], { type: 'application/pdf' }), 'vat-certificate.pdf');
  const uploaded = await fetch(`${api.serviceUrl('accounts')}/api/TradeAccountApplications/mine/documents`, {
    method: 'POST',
    body: document,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(uploaded.status).toBe(201);
  const customerRef = (await sandboxGateway(api.app).createCustomer({ email, name }, `erasure-${created!.id}`)).id;
  await api.database.db.execute(sql`insert into payment_customers (user_id, gateway, customer_ref) values (${created!.id}, 'sandbox', ${customerRef})`);
  return { token, customerRef };
}

/** One batch of the erasure follow-ups job at `at`, as the runner runs it. */
async function runFollowupsJob(at: Date) {
  const [job] = api.app.composed.modules.find((module) => module.name === 'accounts-erasure')!.jobs!(api.app);
  expect(job!.name).toBe('erasure-followups');
  return job!.runOnce({ db: api.database.db, clock: { now: () => at }, log: api.app.log });
}

const byLabel = (stores: PersonalDataStoreView[]) => Object.fromEntries(stores.map((store) => [store.label.split(' (')[0]!, store]));

describe('erasing a customer who did everything', () => {
  it('shows every declared store before, erases or keeps each with its reason, and forgets her files and payment customer', async () => {
    await ellaDoesEverything();
    // Each upload is its bytes and a note of its type.
    expect(storedFiles(filesDir)).toHaveLength(4);
    const request = await client(createHelpCentreEnquiriesClient, 'help-centre', 'ella').requestAccountDeletion({ body: { reason: 'Please forget me' } });
    const staff = client(createHelpCentreEnquiriesClient, 'help-centre', 'olive');

    const plan = await staff.getErasurePlan({ params: { reference: request.reference } });
    const before = byLabel(plan.stores);
    // Every store she touched holds her, and says what erasure does to it.
    expect(
      Object.fromEntries(
        Object.entries(before)
          .filter(([, store]) => store.records > 0)
          .map(([label, store]) => [label, store.effect]),
      ),
    ).toEqual({
      'Newsletter sign-ups': 'deleted',
      'Baskets and saved baskets': 'anonymised',
      Wishlists: 'deleted',
      'The account: name, e-mail address and password, its sessions and one-time links': 'anonymised',
      'E-mails sent to the person': 'anonymised',
      'Orders and their VAT invoices, payments and refunds': 'kept',
      'The payment provider’s customer and saved cards': 'deleted',
      'Trade applications and their documents': 'anonymised',
      'Help requests, their messages and the files sent with them': 'anonymised',
      'Account deletion requests, with their messages': 'kept',
      'Back-in-stock requests': 'deleted',
      'Reviews written, and their photos': 'anonymised',
      'Product questions asked and answered': 'anonymised',
    });
    expect(before['Orders and their VAT invoices, payments and refunds']).toMatchObject({
      records: 1,
      period: '6 years after each order',
      reason: expect.stringContaining('HMRC'),
    });
    expect(plan.orders).toHaveLength(1);
    for (const store of plan.stores.filter((candidate) => candidate.effect === 'kept')) expect([store.label, store.reason, store.period]).not.toContain(null);

    const done = await staff.carryOutErasure({ params: { reference: request.reference } });
    expect(done.erasedAt).not.toBeNull();
    expect(done.afterwards).toEqual({ filesRemoved: 2, paymentCustomersDeleted: 1, pending: [] });
    const after = byLabel(done.stores);
    for (const [label, store] of Object.entries(before)) {
      // What was found is what was erased, or kept with its reason.
      expect([label, after[label]!.effect, after[label]!.records]).toEqual([label, store.effect, store.records]);
    }

    // Nothing of her name or address is left where a store says it erases (her deletion request is a kept
    // store in the same table as her other requests); the kept stores still hold her.
    const erasing = new Set(done.stores.filter((store) => store.effect !== 'kept').map((store) => store.label));
    const declared = api.app.composed.modules.flatMap((module) => module.personalData ?? []);
    for (const store of declared.filter((candidate) => erasing.has(candidate.label))) {
      for (const [table, columns] of Object.entries(store.columns)) {
        for (const column of columns) {
          const [left] = await rows<{ n: number }>(
            sql`select count(*)::int as n from ${sql.identifier(table)}
                where (${sql.identifier(column)}::text ilike ${'%ella%everything%'} or ${sql.identifier(column)}::text ilike ${`%${NAME}%`})
                ${table === 'help_requests' ? sql`and type <> 'ACCOUNT_DELETION'` : sql``}
                ${table === 'help_request_messages' ? sql`and request_id not in (select id from help_requests where type = 'ACCOUNT_DELETION')` : sql``}`,
          );
          expect([table, column, left!.n]).toEqual([table, column, 0]);
        }
      }
    }
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from orders where email_address = ${EMAIL}`))[0]!.n).toBe(1);
    expect(storedFiles(filesDir)).toEqual([]);
    expect(await rows(sql`select id from sandbox_customers where id = ${providerCustomer}`)).toEqual([]);

    // Done twice is the same answer.
    expect((await staff.carryOutErasure({ params: { reference: request.reference } })).erasedAt).toBe(done.erasedAt);
  });
});

describe('deleting outside the database', () => {
  it('records a file the file store could not remove, shows it as pending, and the job removes it once the store is back', async () => {
    const { token, customerRef } = await customerWithFileAndCard('rita.retry@shopper.example', 'Rita Retry');
    const request = await client(createHelpCentreEnquiriesClient, 'help-centre', token).requestAccountDeletion({ body: { reason: 'Close my account' } });
    const staff = client(createHelpCentreEnquiriesClient, 'help-centre', 'olive');
    expect(storedFiles(filesDir)).toHaveLength(2);

    // The file store's folder is gone (an unmounted disk): a plain file stands where it was, so even root cannot remove what was under it.
    const away = `${filesDir}-unmounted`;
    fs.renameSync(filesDir, away);
    fs.writeFileSync(filesDir, '');
    const erasedAt = Date.now();
    let done;
    try {
      done = await staff.carryOutErasure({ params: { reference: request.reference } });
    } finally {
      fs.rmSync(filesDir);
      fs.renameSync(away, filesDir);
    }
    // The database is erased and the provider's customer deleted; the file is owed, with when it is tried next.
    expect(done.erasedAt).not.toBeNull();
    expect(await rows(sql`select id from sandbox_customers where id = ${customerRef}`)).toEqual([]);
    expect(done.afterwards).toMatchObject({
      filesRemoved: 0,
      paymentCustomersDeleted: 1,
      pending: [{ kind: 'file', attempts: 1, lastError: expect.any(String) }],
    });
    const [pending] = done.afterwards!.pending;
    const nextTry = new Date(pending!.nextAttemptAt);
    expect(nextTry.getTime()).toBeGreaterThanOrEqual(erasedAt + 60_000);
    expect(storedFiles(filesDir)).toHaveLength(2);
    // The staff page reads the same: the plan shows what is still owed.
    expect((await staff.getErasurePlan({ params: { reference: request.reference } })).afterwards).toEqual(done.afterwards);

    // Not due before its backoff has passed; then removed, and the plan says so.
    expect(await runFollowupsJob(new Date(nextTry.getTime() - 1_000))).toEqual({ claimed: 0 });
    expect(await runFollowupsJob(nextTry)).toEqual({ claimed: 1 });
    expect(storedFiles(filesDir)).toEqual([]);
    expect((await staff.getErasurePlan({ params: { reference: request.reference } })).afterwards).toEqual({
      filesRemoved: 1,
      paymentCustomersDeleted: 1,
      pending: [],
    });
    expect(await runFollowupsJob(new Date(nextTry.getTime() + 24 * 60 * 60_000))).toEqual({ claimed: 0 });
  });
});

describe('erasing a staff member who added a product picture', () => {
  it('keeps the picture as the shop’s, with nothing beside it or in the product’s change list naming who added it', async () => {
    const email = 'pia.pictures@staff.example';
    const [created] = await rows<{ id: string }>(
      sql`insert into identity_users (email, name, password_hash, roles) values (${email}, 'Pia Pictures', 'x', '{shopper,catalogue-manager}') returning id`,
    );
    const piaId = created!.id;
    actors.pia = { userId: piaId, email, name: 'Pia Pictures', roles: ['shopper', 'catalogue-manager'] };
    const [variant] = await rows<{ productId: number; sku: string }>(
      sql`select o.product_id as "productId", o.sku from offerings o join prices pr on pr.offering_id = o.id order by o.sku limit 1`,
    );
    const form = new FormData();
    form.append('image', new Blob([Uint8Array.from(samplePng())], { type: 'image/png' }), 'pia-basin.png');
    const answer = await fetch(`${api.serviceUrl('catalogue')}/Staff/Products/${variant!.productId}/Variants/${encodeURIComponent(variant!.sku)}/Images`, {
      method: 'POST',
      headers: { authorization: 'Bearer pia' },
      body: form,
    });
    expect([answer.status, await answer.text()]).toEqual([201, expect.any(String)]);
    const [picture] = await rows<{ url: string }>(sql`select url from product_images where product_id = ${variant!.productId} order by id desc limit 1`);
    const pictureId = productImageIdOf(picture!.url)!;
    expect(storedFiles(filesDir)).toEqual([pictureId, `${pictureId}.json`]);

    const request = await client(createHelpCentreEnquiriesClient, 'help-centre', 'pia').requestAccountDeletion({ body: { reason: 'Leaving the shop' } });
    const done = await client(createHelpCentreEnquiriesClient, 'help-centre', 'olive').carryOutErasure({ params: { reference: request.reference } });
    expect(byLabel(done.stores)['Who changed a product or its prices']).toMatchObject({ effect: 'anonymised', records: 1 });
    expect(byLabel(done.stores)['Who sent each uploaded file']).toMatchObject({ effect: 'anonymised', records: 0 });
    expect(done.afterwards).toEqual({ filesRemoved: 0, paymentCustomersDeleted: 0, pending: [] });

    // The picture is still the product's, and nothing stored beside it links it to her account.
    expect(await rows(sql`select url from product_images where url = ${picture!.url}`)).toHaveLength(1);
    expect(storedFiles(filesDir)).toEqual([pictureId, `${pictureId}.json`]);
    const sidecar = fs.readFileSync(path.join(filesDir, pictureId.slice(0, 2), `${pictureId}.json`), 'utf8');
    expect(sidecar).not.toContain(piaId);
    expect(await rows(sql`select 1 from product_audit where actor_user_id = ${piaId}`)).toEqual([]);
  });
});
