import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWishlistClient, type WishlistClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { READABLE_ALPHABET } from '../../platform/readable-codes.ts';
import { findSeededSku, setStock, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';

let api: TestApi;
const actors: Record<string, Actor> = {
  alice: { userId: 'user-alice', roles: ['shopper'] },
  bob: { userId: 'user-bob', roles: ['shopper'] },
  carol: { userId: 'user-carol', roles: ['shopper'] },
  dave: { userId: 'user-dave', roles: ['shopper'] },
  trader: { userId: 'user-trader', roles: ['shopper', 'trade'], tradeAccountId: 'TA-1' },
};
const clients: Record<string, WishlistClient> = {};
let guest: WishlistClient;
const skus: Record<string, SeededSku> = {};

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const baseUrl = api.serviceUrl('wishlist');
  guest = createWishlistClient({ baseUrl });
  for (const name of Object.keys(actors)) clients[name] = createWishlistClient({ baseUrl, getAccessToken: () => name });
  const db = api.database.db;
  skus.basin = await findSeededSku(
    db,
    sql`s.status = 'in_stock' and pr.was_price_inc_vat is null and not p.is_bundle and pr.price_inc_vat between 5000 and 40000 and s.on_hand >= 10`,
  );
  skus.tap = await findSeededSku(
    db,
    sql`s.status = 'in_stock' and pr.was_price_inc_vat is null and not p.is_bundle and pr.price_inc_vat between 1000 and 4000`,
    5,
  );
  skus.out = await findSeededSku(db, sql`s.status = 'out_of_stock'`);
  skus.made = await findSeededSku(db, sql`s.status = 'made_to_order'`);
});
afterAll(() => api.close());

const item = <I extends { sku: string }>(wishlist: { items: I[] }, sku: string) => wishlist.items.find((entry) => entry.sku === sku);
const setPrice = (sku: string, incVat: number) =>
  api.database.db.execute(
    sql`update prices set price_inc_vat = ${incVat}, price_ex_vat = ${Math.round(incVat / 1.2)}
      where offering_id = (select id from offerings where sku = ${sku})`,
  );

describe('guest wishlists', () => {
  it('create with a first product under an unguessable id, priced by the server', async () => {
    const { sku, price } = skus.basin!;
    const body = { sku, quantity: 2, priceIncVat: 1 } as unknown as { sku: string; quantity: number };
    const wishlist = await guest.createWishlist({ body });
    expect(wishlist.wishlistId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(wishlist).toMatchObject({ owner: 'guest', name: null, shareCode: null, version: 1, totals: { itemCount: 1, availableIncVat: 2 * price } });
    expect(item(wishlist, sku)).toMatchObject({ quantity: 2, priceIncVat: price, priceWhenAddedIncVat: price, available: true, note: null });
    expect(await guest.getWishlist({ params: { wishlistId: wishlist.wishlistId } })).toMatchObject({ wishlistId: wishlist.wishlistId, items: wishlist.items });
  });

  it('set items (add, change quantity and note), keep out-of-stock products, and remove', async () => {
    const { wishlistId } = await guest.createWishlist({ body: { sku: skus.basin!.sku } });
    const params = { id: wishlistId };
    await guest.setItem({ params, body: { sku: skus.out!.sku, note: 'for the en-suite' } });
    let wishlist = await guest.setItem({ params, body: { sku: skus.basin!.sku, quantity: 3 } });
    expect(wishlist.items.map((entry) => entry.sku)).toEqual([skus.out!.sku, skus.basin!.sku]);
    expect(item(wishlist, skus.out!.sku)).toMatchObject({ available: false, unavailableReason: 'out_of_stock', note: 'for the en-suite' });
    expect(wishlist.totals).toEqual({ itemCount: 2, availableIncVat: 3 * skus.basin!.price });
    wishlist = await guest.setItem({ params, body: { sku: skus.out!.sku, quantity: 1 } });
    expect(item(wishlist, skus.out!.sku)!.note).toBe('for the en-suite');
    wishlist = await guest.removeItem({ params, body: { sku: skus.out!.sku } });
    expect(wishlist.items.map((entry) => entry.sku)).toEqual([skus.basin!.sku]);
    expect(wishlist.version).toBe(5);
  });

  it('refuse bad quantities, unknown skus and missing items with their own codes, changing nothing', async () => {
    const { wishlistId, version } = await guest.createWishlist({ body: { sku: skus.basin!.sku } });
    const params = { id: wishlistId };
    // Thunks: each call starts only when awaited, so none is left unhandled.
    const cases: [() => Promise<unknown>, number, string][] = [
      [() => guest.setItem({ params, body: { sku: skus.tap!.sku, quantity: 1.5 } }), 400, 'WISHLIST_QUANTITY_NOT_WHOLE'],
      [() => guest.setItem({ params, body: { sku: skus.tap!.sku, quantity: 0 } }), 400, 'WISHLIST_QUANTITY_OUT_OF_RANGE'],
      [() => guest.setItem({ params, body: { sku: skus.tap!.sku, quantity: 1000 } }), 400, 'WISHLIST_QUANTITY_OUT_OF_RANGE'],
      [() => guest.setItem({ params, body: { sku: 'NO-SUCH-SKU' } }), 422, 'WISHLIST_SKU_UNKNOWN'],
      [() => guest.removeItem({ params, body: { sku: skus.tap!.sku } }), 404, 'WISHLIST_ITEM_NOT_FOUND'],
      [() => guest.getWishlist({ params: { wishlistId: 'AAAAAAAAAAAAAAAAAAAAAAAA' } }), 404, 'WISHLIST_NOT_FOUND'],
      [() => guest.getWishlist({ params: { wishlistId: 'mine' } }), 404, 'WISHLIST_NOT_FOUND'],
      [() => guest.createWishlist({ body: { sku: 'NO-SUCH-SKU' } }), 422, 'WISHLIST_SKU_UNKNOWN'],
    ];
    for (const [call, status, code] of cases) expect(await failure(call())).toMatchObject({ status, code });
    const after = await guest.getWishlist({ params: { wishlistId } });
    expect([after.version, after.items.length]).toEqual([version, 1]);
  });
});

describe('shoppers', () => {
  it("keeps a shopper's wishlist theirs alone: others get the same 404 as an unknown id", async () => {
    const mine = await clients.alice!.createWishlist({ body: { sku: skus.tap!.sku } });
    expect(mine.owner).toBe('shopper');
    for (const call of [
      () => guest.getWishlist({ params: { wishlistId: mine.wishlistId } }),
      () => clients.bob!.getWishlist({ params: { wishlistId: mine.wishlistId } }),
      () => clients.bob!.setItem({ params: { id: mine.wishlistId }, body: { sku: skus.basin!.sku } }),
      () => clients.bob!.emailWishlist({ params: { id: mine.wishlistId }, body: { emailAddress: 'x@example.com' } }),
    ]) {
      expect(await failure(call())).toMatchObject({ status: 404, code: 'WISHLIST_NOT_FOUND' });
    }
    expect((await clients.alice!.getWishlist({ params: { wishlistId: 'mine' } })).wishlistId).toBe(mine.wishlistId);
  });

  it('merge a guest wishlist into the shopper’s on their first call with a token; their own items win', async () => {
    await clients.bob!.createWishlist({ body: { sku: skus.basin!.sku, quantity: 4 } });
    const started = await guest.createWishlist({ body: { sku: skus.basin!.sku } });
    await guest.setItem({ params: { id: started.wishlistId }, body: { sku: skus.tap!.sku, note: 'kitchen' } });
    const merged = await clients.bob!.getWishlist({ params: { wishlistId: started.wishlistId } });
    expect(merged.wishlistId).not.toBe(started.wishlistId);
    expect(merged.notices).toEqual([expect.objectContaining({ type: 'merged', from: 2, to: 2 })]);
    expect(item(merged, skus.basin!.sku)!.quantity).toBe(4);
    expect(item(merged, skus.tap!.sku)!.note).toBe('kitchen');
    expect(await failure(guest.getWishlist({ params: { wishlistId: started.wishlistId } }))).toMatchObject({ status: 404 });
  });

  it('hand a guest wishlist to a shopper who has none', async () => {
    const started = await guest.createWishlist({ body: { sku: skus.tap!.sku } });
    const claimed = await clients.carol!.getWishlist({ params: { wishlistId: started.wishlistId } });
    expect(claimed).toMatchObject({ wishlistId: started.wishlistId, owner: 'shopper', notices: [expect.objectContaining({ type: 'merged' })] });
    expect(await failure(guest.getWishlist({ params: { wishlistId: started.wishlistId } }))).toMatchObject({ status: 404 });
  });

  it('price a trade customer’s wishlist at their trade price', async () => {
    const wishlist = await clients.trader!.createWishlist({ body: { sku: skus.basin!.sku } });
    const { priceIncVat, wasPriceIncVat } = item(wishlist, skus.basin!.sku)!;
    expect(priceIncVat).toBeLessThan(skus.basin!.price);
    expect(wasPriceIncVat).toBe(skus.basin!.price);
  });

  it('save under a name (signed in only) with a share code, keeping the name and code on a second save', async () => {
    const wishlist = await clients.dave!.createWishlist({ body: { sku: skus.tap!.sku } });
    const params = { id: wishlist.wishlistId };
    expect(await failure(guest.saveWishlist({ params, body: { name: 'Bathroom refit' } }))).toMatchObject({ status: 401 });
    const invalid = await failure(clients.dave!.saveWishlist({ params, body: { name: '  ' } }));
    expect(invalid).toMatchObject({ status: 400 });
    const saved = await clients.dave!.saveWishlist({ params, body: { name: ' Bathroom refit ' } });
    expect(saved).toMatchObject({ name: 'Bathroom refit', savedAt: expect.any(String) });
    expect(saved.shareCode).toMatch(new RegExp(`^[${READABLE_ALPHABET}]{4}-[${READABLE_ALPHABET}]{4}$`));
    expect(saved.shareUrl).toContain(`/wishlist/shared?code=${saved.shareCode}`);
    const renamed = await clients.dave!.saveWishlist({ params, body: { name: 'En-suite' } });
    expect([renamed.name, renamed.shareCode]).toEqual(['En-suite', saved.shareCode]);
  });
});

describe('refresh', () => {
  it('report price drops and rises, stock changes and products no longer sold, once each', async () => {
    const wishlist = await guest.createWishlist({ body: { sku: skus.basin!.sku } });
    const params = { id: wishlist.wishlistId };
    await guest.setItem({ params, body: { sku: skus.tap!.sku } });
    await guest.setItem({ params, body: { sku: skus.made!.sku } });
    await api.database.db.execute(
      sql`insert into wishlist_items (wishlist_id, sku, quantity, price_when_added_inc_vat, last_seen_inc_vat)
        values (${wishlist.wishlistId}, 'RETIRED-SKU', 1, 999, 999)`,
    );
    await setPrice(skus.basin!.sku, skus.basin!.price - 500);
    await setPrice(skus.tap!.sku, skus.tap!.price + 100);
    await setStock(api.database.db, skus.made!.sku, 'out_of_stock', 0);
    try {
      const seen = await guest.getWishlist({ params: { wishlistId: wishlist.wishlistId } });
      expect(seen.notices).toEqual([]);
      expect(item(seen, skus.basin!.sku)).toMatchObject({ priceIncVat: skus.basin!.price - 500, priceWhenAddedIncVat: skus.basin!.price });
      expect(item(seen, 'RETIRED-SKU')).toMatchObject({ available: false, unavailableReason: 'sku_not_found', priceIncVat: 0 });

      const refreshed = await guest.refreshWishlist({ params, body: {} });
      expect(refreshed.notices).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'price_dropped', sku: skus.basin!.sku, from: skus.basin!.price, to: skus.basin!.price - 500 }),
          expect.objectContaining({ type: 'price_rose', sku: skus.tap!.sku, to: skus.tap!.price + 100 }),
          expect.objectContaining({ type: 'unavailable', sku: skus.made!.sku }),
          expect.objectContaining({ type: 'unavailable', sku: 'RETIRED-SKU' }),
        ]),
      );
      expect(refreshed.notices).toHaveLength(4);
      expect(refreshed.items).toHaveLength(4);
      expect((await guest.refreshWishlist({ params, body: {} })).notices).toEqual([]);

      await setStock(api.database.db, skus.made!.sku, 'made_to_order', 0);
      const tidied = await guest.refreshWishlist({ params, body: { removeUnavailable: true } });
      expect(tidied.notices).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'back_in_stock', sku: skus.made!.sku }),
          expect.objectContaining({ type: 'removed', sku: 'RETIRED-SKU' }),
        ]),
      );
      expect(tidied.notices).toHaveLength(2);
      expect(tidied.items.map((entry) => entry.sku)).not.toContain('RETIRED-SKU');
    } finally {
      await setPrice(skus.basin!.sku, skus.basin!.price);
      await setPrice(skus.tap!.sku, skus.tap!.price);
      await setStock(api.database.db, skus.made!.sku, 'made_to_order', skus.made!.free);
    }
  });
});

describe('sharing', () => {
  it('e-mail the wishlist with a share link through the outbox; whoever retrieves it gets a copy', async () => {
    const wishlist = await guest.createWishlist({ body: { sku: skus.basin!.sku, quantity: 2, note: 'white please' } });
    const params = { id: wishlist.wishlistId };
    expect(await failure(guest.emailWishlist({ params, body: { emailAddress: 'not an address' } }))).toMatchObject({
      status: 400,
      code: 'WISHLIST_EMAIL_INVALID',
    });
    expect(await readOutbox(api.database.db, { template: 'wishlist.shared' })).toHaveLength(0);

    const sent = await guest.emailWishlist({ params, body: { emailAddress: ' pat@example.com ', senderName: 'Sam', message: 'For the <b>new</b> bathroom' } });
    expect(sent.emailedTo).toBe('pat@example.com');
    const [email] = await readOutbox(api.database.db, { to: 'pat@example.com', template: 'wishlist.shared' });
    expect(email!.subject).toBe('Sam shared a wishlist with you');
    expect(email!.text).toContain(sent.shareUrl);
    expect(email!.text).toContain(sent.shareCode);
    expect(email!.html).toContain('For the &lt;b&gt;new&lt;/b&gt; bathroom');

    const typed = ` ${sent.shareCode.replace('-', ' ').toLowerCase()} `;
    const copy = await clients.alice!.retrieveWishlist({ body: { shareCode: typed } });
    expect(copy.wishlistId).not.toBe(wishlist.wishlistId);
    expect(copy).toMatchObject({ owner: 'shopper', shareCode: null });
    expect(copy.items.map(({ sku, quantity, note }) => ({ sku, quantity, note }))).toEqual([{ sku: skus.basin!.sku, quantity: 2, note: 'white please' }]);
    // The copy is the retriever's own: changing it leaves the shared one alone.
    await clients.alice!.removeItem({ params: { id: copy.wishlistId }, body: { sku: skus.basin!.sku } });
    expect((await guest.getWishlist({ params: { wishlistId: wishlist.wishlistId } })).items).toHaveLength(1);
    expect(await failure(guest.retrieveWishlist({ body: { shareCode: 'ZZZZ-ZZZZ' } }))).toMatchObject({ status: 404, code: 'WISHLIST_SHARE_CODE_NOT_FOUND' });
  });

  it('retrieve into a wishlist the caller already has, their own items winning', async () => {
    const shared = await guest.createWishlist({ body: { sku: skus.basin!.sku, quantity: 2 } });
    await guest.setItem({ params: { id: shared.wishlistId }, body: { sku: skus.tap!.sku } });
    const { shareCode } = await guest.emailWishlist({ params: { id: shared.wishlistId }, body: { emailAddress: 'kim@example.com' } });
    const own = await guest.createWishlist({ body: { sku: skus.basin!.sku, quantity: 5 } });
    const into = await guest.retrieveWishlist({ body: { shareCode, intoWishlistId: own.wishlistId } });
    expect(into.wishlistId).toBe(own.wishlistId);
    expect(into.notices).toEqual([expect.objectContaining({ type: 'merged', from: 1, to: 2 })]);
    expect(into.items.map(({ sku, quantity }) => ({ sku, quantity })).toSorted((a, b) => a.sku.localeCompare(b.sku))).toEqual(
      [
        { sku: skus.basin!.sku, quantity: 5 },
        { sku: skus.tap!.sku, quantity: 1 },
      ].toSorted((a, b) => a.sku.localeCompare(b.sku)),
    );
    const mine = await clients.carol!.retrieveWishlist({ body: { shareCode, intoWishlistId: 'mine' } });
    expect(mine.owner).toBe('shopper');
    expect(await failure(guest.retrieveWishlist({ body: { shareCode, intoWishlistId: mine.wishlistId } }))).toMatchObject({
      status: 404,
      code: 'WISHLIST_NOT_FOUND',
    });
  });

  it('refuse to share an empty wishlist', async () => {
    const wishlist = await guest.createWishlist({ body: { sku: skus.tap!.sku } });
    await guest.removeItem({ params: { id: wishlist.wishlistId }, body: { sku: skus.tap!.sku } });
    expect(await failure(guest.emailWishlist({ params: { id: wishlist.wishlistId }, body: { emailAddress: 'pat@example.com' } }))).toMatchObject({
      status: 422,
      code: 'WISHLIST_EMPTY',
    });
  });

  it('rate-limit retrieval lookups against guessing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await failure(guest.retrieveWishlist({ body: { shareCode: `ZZZZ-ZZ${READABLE_ALPHABET[i]}Z` } }))).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('concurrency', () => {
  it('loses none of twenty parallel additions to one wishlist', async () => {
    const db = api.database.db;
    const many = (await db.execute(
      sql`select o.sku from offerings o join stock_levels s on s.sku = o.sku where s.status = 'in_stock' order by o.sku limit 20`,
    )) as unknown as { rows: { sku: string }[] };
    const { wishlistId, version } = await guest.createWishlist({ body: { sku: skus.basin!.sku } });
    await Promise.all(many.rows.map(({ sku }) => guest.setItem({ params: { id: wishlistId }, body: { sku } })));
    const final = await guest.getWishlist({ params: { wishlistId } });
    expect(final.version).toBe(version + 20);
    expect(new Set(final.items.map((entry) => entry.sku))).toEqual(new Set([skus.basin!.sku, ...many.rows.map((row) => row.sku)]));
  });
});
