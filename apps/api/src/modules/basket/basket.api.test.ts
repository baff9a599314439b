import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, type BasketClient } from '@shop/api-client';
import { buildApi } from '../../api.ts';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { findSeededSku, setStock as setSeededStock, type SeededSku } from '../../testing/seeded-skus.ts';
import { readOutbox } from '../notifications/testing.ts';
import { saveBasket } from './basket.repository.ts';
import { RETRIEVAL_ALPHABET, RETRIEVAL_CODE_ATTEMPTS } from './retrieval-code.ts';

let api: TestApi;
let now = new Date();
const actors: Record<string, Actor> = {
  alice: { userId: 'user-alice', roles: ['shopper'] },
  bob: { userId: 'user-bob', roles: ['shopper'] },
  carol: { userId: 'user-carol', roles: ['shopper'] },
  trader: { userId: 'user-trader', roles: ['shopper', 'trade'], tradeAccountId: 'TA-1' },
};
const clients: Record<string, BasketClient> = {};
let guest: BasketClient;
const skus: Record<string, SeededSku> = {};
const pick = (where: SQL, offset?: number) => findSeededSku(api.database.db, where, offset);
const setStock = (sku: string, status: string, onHand: number) => setSeededStock(api.database.db, sku, status, onHand);

beforeAll(async () => {
  api = await startTestApi({
    // Behind a trusted proxy, so a test can call as another client address with its own rate limits.
    env: { TRUST_PROXY: 'true' },
    clock: { now: () => now },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  const baseUrl = api.serviceUrl('basket');
  guest = createBasketClient({ baseUrl });
  for (const name of Object.keys(actors)) clients[name] = createBasketClient({ baseUrl, getAccessToken: () => name });
  skus.parcel = await pick(
    sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and s.on_hand >= 60
      and pr.was_price_inc_vat is null and not p.is_bundle and pr.price_inc_vat between 1000 and 4000`,
  );
  skus.big = await pick(sql`s.status = 'in_stock' and p.delivery_class = 'pallet' and s.on_hand >= 20 and not p.is_bundle`);
  skus.low = await pick(sql`s.status = 'low_stock' and s.on_hand between 2 and 5`);
  skus.out = await pick(sql`s.status = 'out_of_stock'`);
  skus.made = await pick(sql`s.status = 'made_to_order'`);
  skus.spare = await pick(sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and s.on_hand >= 20 and pr.price_inc_vat > 5000`);
});
afterAll(() => api.close());

const line = <L extends { sku: string }>(basket: { lines: L[] }, sku: string) => basket.lines.find((entry) => entry.sku === sku);

describe('guest baskets', () => {
  it('create a basket with an unguessable id and server-side totals, ignoring client prices', async () => {
    const { sku, price, exVat } = skus.parcel!;
    const body = { sku, quantity: 2, priceIncVat: 1, total: 1 } as unknown as { sku: string; quantity: number };
    const basket = await guest.createBasket({ body });
    expect(basket.basketId).toMatch(/^[A-Za-z0-9_-]{24}$/); // 144 bits
    expect(basket).toMatchObject({ owner: 'guest', channel: 100, version: 1, pricing: { tradePriced: false } });
    expect(line(basket, sku)).toMatchObject({ quantity: 2, unitPriceIncVat: price, lineTotalIncVat: 2 * price, available: true });
    const delivery = 2 * price >= 5_000 ? 0 : 495;
    const total = 2 * price + delivery;
    expect(basket.totals).toMatchObject({ subtotalIncVat: 2 * price, discountIncVat: 0, totalIncVat: total, itemCount: 2 });
    expect(basket.totals.delivery).toMatchObject({
      code: 'standard',
      priceIncVat: delivery,
      isEstimate: true,
      freeFromIncVat: 5_000,
      spendForFreeIncVat: delivery === 0 ? null : 5_000 - 2 * price,
    });
    // VAT per line (docs/domain.md §1): the goods' net is the unit net × 2, delivery's is its own.
    const net = 2 * exVat + delivery - Math.round((delivery * 2000) / 12_000);
    const vat = total - net;
    expect(basket.totals.vat).toEqual([{ rateCode: 'standard', basisPoints: 2000, grossPence: total, vatPence: vat, netPence: total - vat }]);
    expect(basket.totals.totalExVat).toBe(total - vat);
    expect(await guest.getBasket({ params: { basketId: basket.basketId } })).toMatchObject({ basketId: basket.basketId, totals: basket.totals });
  });

  it('add, set, set many and remove lines; a large item makes the delivery estimate kerbside', async () => {
    const { basketId } = await guest.createBasket({ body: { sku: skus.parcel!.sku } });
    let basket = await guest.addItem({ params: { basketId }, body: { sku: skus.parcel!.sku, quantity: 2 } });
    expect(line(basket, skus.parcel!.sku)!.quantity).toBe(3);
    basket = await guest.setItem({ params: { basketId }, body: { sku: skus.parcel!.sku, quantity: 5 } });
    expect(line(basket, skus.parcel!.sku)!.quantity).toBe(5);
    basket = await guest.setItems({
      params: { basketId },
      body: {
        items: [
          { sku: skus.parcel!.sku, quantity: 0 },
          { sku: skus.big!.sku, quantity: 1 },
          { sku: skus.made!.sku, quantity: 2 },
        ],
      },
    });
    expect(basket.lines.map((entry) => entry.sku).toSorted()).toEqual([skus.big!.sku, skus.made!.sku].toSorted());
    expect(basket.totals.delivery!.code).toBe('large_kerbside');
    basket = await guest.removeItem({ params: { basketId }, body: { sku: skus.big!.sku } });
    expect(basket.lines.map((entry) => entry.sku)).toEqual([skus.made!.sku]);
    expect((await failure(guest.removeItem({ params: { basketId }, body: { sku: skus.big!.sku } }))).code).toBe('BASKET_LINE_NOT_FOUND');
    const created = await guest.createBasketWithItems({
      body: {
        items: [
          { sku: skus.parcel!.sku, quantity: 1 },
          { sku: skus.made!.sku, quantity: 3 },
        ],
      },
    });
    expect(created.lines).toHaveLength(2);
  });

  it('refuse bad quantities and skus with their own codes, changing nothing', async () => {
    const basket = await guest.createBasket({ body: { sku: skus.parcel!.sku, quantity: 1 } });
    const params = { basketId: basket.basketId };
    const cases: [() => Promise<unknown>, number, string][] = [
      [() => guest.addItem({ params, body: { sku: skus.parcel!.sku, quantity: -1 } }), 400, 'BASKET_QUANTITY_OUT_OF_RANGE'],
      [() => guest.addItem({ params, body: { sku: skus.parcel!.sku, quantity: 0 } }), 400, 'BASKET_QUANTITY_OUT_OF_RANGE'],
      [() => guest.addItem({ params, body: { sku: skus.parcel!.sku, quantity: 1.5 } }), 400, 'BASKET_QUANTITY_NOT_WHOLE'],
      [() => guest.setItem({ params, body: { sku: skus.parcel!.sku, quantity: 1000 } }), 400, 'BASKET_QUANTITY_OUT_OF_RANGE'],
      [() => guest.setItem({ params, body: { sku: skus.parcel!.sku, quantity: 1e12 } }), 400, 'BASKET_QUANTITY_OUT_OF_RANGE'],
      [() => guest.setItem({ params, body: { sku: skus.low!.sku, quantity: skus.low!.free + 1 } }), 422, 'BASKET_QUANTITY_ABOVE_STOCK'],
      [() => guest.addItem({ params, body: { sku: skus.parcel!.sku, quantity: 999 } }), 422, 'BASKET_QUANTITY_ABOVE_STOCK'],
      [() => guest.addItem({ params, body: { sku: 'NO-SUCH-SKU', quantity: 1 } }), 422, 'BASKET_SKU_UNKNOWN'],
      [() => guest.addItem({ params, body: { sku: skus.out!.sku, quantity: 1 } }), 422, 'BASKET_SKU_UNAVAILABLE'],
      [
        () =>
          guest.setItems({
            params,
            body: {
              items: [
                { sku: skus.made!.sku, quantity: 1 },
                { sku: 'NO-SUCH-SKU', quantity: 1 },
              ],
            },
          }),
        422,
        'BASKET_SKU_UNKNOWN',
      ],
      [
        () =>
          guest.setItems({
            params,
            body: {
              items: [
                { sku: skus.made!.sku, quantity: 1 },
                { sku: skus.made!.sku, quantity: 2 },
              ],
            },
          }),
        400,
        'BASKET_DUPLICATE_SKU',
      ],
      [() => guest.createBasket({ body: { sku: skus.out!.sku } }), 422, 'BASKET_SKU_UNAVAILABLE'],
    ];
    for (const [call, status, code] of cases) {
      const error = await failure(call());
      expect([error.status, error.code]).toEqual([status, code]);
      expect((error.data as { detail: string }).detail.length).toBeGreaterThan(10);
    }
    expect(await guest.getBasket({ params })).toMatchObject({ version: basket.version, totals: basket.totals });
  });
});

describe('quantities the shopper cannot have', () => {
  it('refuse 0, -3, 9999 and words with a 400 that says what to send, adding nothing', async () => {
    const basket = await guest.createBasket({ body: { sku: skus.parcel!.sku, quantity: 1 } });
    const url = `${api.serviceUrl('basket')}/basket/${basket.basketId}/additem`;
    for (const quantity of [0, -3, 9999, 'abc', '2', null]) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sku: skus.parcel!.sku, quantity }),
      });
      const problem = (await response.json()) as { code: string; detail: string };
      expect([response.status, response.headers.get('content-type')]).toEqual([400, 'application/problem+json; charset=utf-8']);
      expect(problem.code).toBe(typeof quantity === 'number' ? 'BASKET_QUANTITY_OUT_OF_RANGE' : 'VALIDATION_FAILED');
      expect(problem.detail).toMatch(typeof quantity === 'number' ? /must be between 1 and 999/ : /quantity: must be a whole number of packs, from 1 to 999/);
    }
    expect(await guest.getBasket({ params: { basketId: basket.basketId } })).toMatchObject({ version: basket.version, totals: { itemCount: 1 } });
  });

  it('above the stock, say how many can still be added, and add those', async () => {
    const sku = (await pick(sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle`, 11)).sku;
    await setStock(sku, 'low_stock', 5);
    const basket = await guest.createBasket({ body: { sku: skus.parcel!.sku, quantity: 1 } });
    const params = { basketId: basket.basketId };
    const refusal = async (quantity: number) => {
      const error = await failure(guest.addItem({ params, body: { sku, quantity } }));
      expect([error.status, error.code]).toEqual([422, 'BASKET_QUANTITY_ABOVE_STOCK']);
      return error.data as { detail: string; canAdd: number; maxQuantity: number };
    };
    expect(await refusal(6)).toMatchObject({
      canAdd: 5,
      maxQuantity: 5,
      detail: expect.stringMatching(/^Only 5 of .+ can be added: 5 is all that can be ordered at the moment\.$/),
    });
    await guest.addItem({ params, body: { sku, quantity: 3 } });
    expect(await refusal(3)).toMatchObject({
      canAdd: 2,
      detail: expect.stringMatching(/^You can add 2 more of .+: you have 3 in your basket, and 5 is all that can be ordered at the moment\.$/),
    });
    // Adding what the refusal offers works; then nothing more fits.
    const filled = await guest.addItem({ params, body: { sku, quantity: 2 } });
    expect(line(filled, sku)!.quantity).toBe(5);
    expect(await refusal(1)).toMatchObject({
      canAdd: 0,
      detail: expect.stringMatching(/^You already have 5 of .+ in your basket: 5 is all that can be ordered at the moment\.$/),
    });
    // Setting a quantity says the most there can be.
    const set = await failure(guest.setItem({ params, body: { sku, quantity: 9 } }));
    expect(set.data).toMatchObject({ code: 'BASKET_QUANTITY_ABOVE_STOCK', maxQuantity: 5, detail: expect.stringMatching(/lower the quantity to 5 or fewer/) });
    expect((set.data as { canAdd?: number }).canAdd).toBeUndefined();
    // Made to order, a line still holds at most 999.
    await guest.addItem({ params, body: { sku: skus.made!.sku, quantity: 990 } });
    const capped = await failure(guest.addItem({ params, body: { sku: skus.made!.sku, quantity: 10 } }));
    expect(capped.data).toMatchObject({
      canAdd: 9,
      detail: expect.stringMatching(/you have 990 in your basket, and a basket holds at most 999 of one item\.$/),
    });
    expect(line(await guest.getBasket({ params }), sku)!.quantity).toBe(5);
  });
});

describe('whose basket', () => {
  it("keeps a shopper's basket theirs alone: another shopper or a guest gets the same 404 as an unknown id", async () => {
    const mine = await clients.alice!.createBasket({ body: { sku: skus.parcel!.sku } });
    expect(mine.owner).toBe('shopper');
    for (const call of [
      () => guest.getBasket({ params: { basketId: mine.basketId } }),
      () => clients.bob!.getBasket({ params: { basketId: mine.basketId } }),
      () => clients.bob!.addItem({ params: { basketId: mine.basketId }, body: { sku: skus.parcel!.sku } }),
      () => clients.bob!.copyBasket({ params: { basketId: mine.basketId } }),
      () => clients.bob!.saveBasket({ params: { basketId: mine.basketId } }),
      () => guest.getBasket({ params: { basketId: 'AAAAAAAAAAAAAAAAAAAAAAAA' } }),
      () => guest.getBasket({ params: { basketId: 'mine' } }),
    ]) {
      const error = await failure(call());
      expect([error.status, error.code]).toEqual([404, 'BASKET_NOT_FOUND']);
    }
    expect((await clients.alice!.getBasket({ params: { basketId: 'mine' } })).basketId).toBe(mine.basketId);
  });

  it("merges a guest basket into the shopper's on their first call with a token, capped by stock", async () => {
    const shopper = await clients.carol!.setItems({
      params: { basketId: 'mine' },
      body: {
        items: [
          { sku: skus.parcel!.sku, quantity: 1 },
          { sku: skus.low!.sku, quantity: skus.low!.free },
        ],
      },
    });
    const anonymous = await guest.createBasketWithItems({
      body: {
        items: [
          { sku: skus.parcel!.sku, quantity: 2 },
          { sku: skus.low!.sku, quantity: 1 },
          { sku: skus.made!.sku, quantity: 4 },
        ],
      },
    });
    const merged = await clients.carol!.getBasket({ params: { basketId: anonymous.basketId } });
    expect(merged.basketId).toBe(shopper.basketId);
    expect(line(merged, skus.parcel!.sku)!.quantity).toBe(3);
    expect(line(merged, skus.low!.sku)!.quantity).toBe(skus.low!.free);
    expect(line(merged, skus.made!.sku)!.quantity).toBe(4);
    expect(merged.notices[0]).toMatchObject({ type: 'merged' });
    expect(merged.notices).toContainEqual(
      expect.objectContaining({ type: 'quantity_reduced', sku: skus.low!.sku, from: skus.low!.free + 1, to: skus.low!.free }),
    );
    expect((await failure(guest.getBasket({ params: { basketId: anonymous.basketId } }))).status).toBe(404);
  });

  it('hands a guest basket to a shopper who has none', async () => {
    const anonymous = await guest.createBasket({ body: { sku: skus.made!.sku, quantity: 2 } });
    const claimed = await clients.bob!.addItem({ params: { basketId: anonymous.basketId }, body: { sku: skus.made!.sku, quantity: 1 } });
    expect(claimed).toMatchObject({ basketId: anonymous.basketId, owner: 'shopper' });
    expect(line(claimed, skus.made!.sku)!.quantity).toBe(3);
    expect((await failure(guest.getBasket({ params: { basketId: anonymous.basketId } }))).status).toBe(404);
  });
});

describe('trade prices', () => {
  it("price a trade customer's basket at their band (T1, 5% off ex VAT) on the trade site channel", async () => {
    const { sku, price, exVat } = skus.parcel!;
    const basket = await clients.trader!.createBasket({ body: { sku, quantity: 3 } });
    const tradeEx = Math.round(exVat * 0.95);
    const tradeInc = Math.round(tradeEx * 1.2);
    expect(basket).toMatchObject({ channel: 200, pricing: { tradePriced: true, tradeBand: 'T1', tradeDiscountBasisPoints: 500 } });
    expect(line(basket, sku)).toMatchObject({
      unitPriceExVat: tradeEx,
      unitPriceIncVat: tradeInc,
      wasUnitPriceIncVat: price,
      lineTotalExVat: 3 * tradeEx,
      lineSavingsIncVat: 3 * (price - tradeInc),
    });
    expect(basket.totals.subtotalExVat).toBe(3 * tradeEx);
  });
});

describe('discount codes', () => {
  it("apply a Website code, refuse others with the discounts module's codes, and drop one that stops applying", async () => {
    const quantity = Math.ceil(10_000 / skus.parcel!.price);
    const { basketId } = await guest.createBasket({ body: { sku: skus.parcel!.sku, quantity } });
    const params = { basketId };
    const applied = await guest.addDiscount({ params, body: { code: 'welcome10' } });
    expect(applied.discount).toMatchObject({ code: 'WELCOME10', applies: true });
    expect(applied.totals.discountIncVat).toBe(Math.round(applied.totals.subtotalIncVat / 10));
    expect(applied.totals.totalIncVat).toBe(applied.totals.subtotalIncVat + applied.totals.delivery!.priceIncVat - applied.totals.discountIncVat);

    for (const [code, refusal] of [
      ['SPRING20', 'DISCOUNT_CODE_EXPIRED'],
      ['TRADE5', 'DISCOUNT_CODE_WRONG_CHANNEL'],
      ['NOPE-NOPE', 'DISCOUNT_CODE_UNKNOWN'],
    ] as const) {
      const error = await failure(guest.addDiscount({ params, body: { code } }));
      expect([error.status, error.code]).toEqual([422, refusal]);
    }
    expect((await guest.getBasket({ params })).discount).toMatchObject({ code: 'WELCOME10', applies: true });

    const below = await guest.setItem({ params, body: { sku: skus.parcel!.sku, quantity: 1 } });
    expect(below.discount).toBeNull();
    expect(below.totals.discountIncVat).toBe(0);
    expect(below.notices).toContainEqual(expect.objectContaining({ type: 'discount_removed', code: 'WELCOME10', reason: 'DISCOUNT_MINIMUM_SPEND_NOT_MET' }));

    await guest.setItem({ params, body: { sku: skus.parcel!.sku, quantity } });
    await guest.addDiscount({ params, body: { code: 'WELCOME10' } });
    expect((await failure(guest.removeDiscount({ params, body: { code: 'OTHER' } }))).code).toBe('BASKET_DISCOUNT_NOT_APPLIED');
    const removed = await guest.removeDiscount({ params, body: { code: 'welcome10' } });
    expect([removed.discount, removed.totals.discountIncVat]).toEqual([null, 0]);
  });

  it('refuse a trade-only code on the website and accept it on a trade basket', async () => {
    const trade = await clients.trader!.createBasket({ body: { sku: skus.parcel!.sku, quantity: 2 } });
    const applied = await clients.trader!.addDiscount({ params: { basketId: trade.basketId }, body: { code: 'TRADE5' } });
    expect(applied.discount).toMatchObject({ code: 'TRADE5', applies: true });
    expect(applied.totals.discountIncVat).toBeGreaterThan(0);
  });
});

describe('refresh and copy', () => {
  it('re-price, and remove lines that can no longer be sold, saying why', async () => {
    const target = skus.spare!;
    const basket = await guest.createBasketWithItems({
      body: {
        items: [
          { sku: skus.made!.sku, quantity: 1 },
          { sku: target.sku, quantity: 5 },
          { sku: skus.parcel!.sku, quantity: 4 },
        ],
      },
    });
    const params = { basketId: basket.basketId };
    await setStock(target.sku, 'out_of_stock', 0);
    await setStock(skus.parcel!.sku, 'low_stock', 2);
    await api.database.db.execute(
      sql`update prices set price_inc_vat = price_inc_vat + 120, price_ex_vat = price_ex_vat + 100
        where offering_id = (select id from offerings where sku = ${skus.made!.sku})`,
    );
    // A basket's changes take the offering's facts as the instance keeps them: the price's change notice makes it forget them.
    // Waited for by the price itself: the stock changes above send notices too, which may be heard after this one was sent.
    const newPrice = line(basket, skus.made!.sku)!.unitPriceIncVat + 120;
    await expect.poll(async () => line(await guest.getBasket({ params }), skus.made!.sku)!.unitPriceIncVat).toBe(newPrice);
    try {
      const seen = await guest.getBasket({ params });
      expect(line(seen, target.sku)).toMatchObject({ available: false, unavailableReason: 'out_of_stock' });
      expect(seen.totals.itemCount).toBe(1);

      const refreshed = await guest.refreshBasket({ params });
      expect(refreshed.lines.map((entry) => entry.sku).toSorted()).toEqual([skus.made!.sku, skus.parcel!.sku].toSorted());
      expect(line(refreshed, skus.parcel!.sku)!.quantity).toBe(2);
      expect(refreshed.notices).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'line_unavailable', sku: target.sku, reason: 'out_of_stock' }),
          expect.objectContaining({ type: 'quantity_reduced', sku: skus.parcel!.sku, from: 4, to: 2 }),
          expect.objectContaining({ type: 'price_changed', sku: skus.made!.sku, to: newPrice }),
        ]),
      );
      expect((await guest.refreshBasket({ params })).notices).toEqual([]);
    } finally {
      await setStock(target.sku, 'in_stock', target.free);
      await setStock(skus.parcel!.sku, 'in_stock', skus.parcel!.free);
    }
  });

  it('copy a basket into a new one with the same lines', async () => {
    const source = await guest.createBasketWithItems({
      body: {
        items: [
          { sku: skus.made!.sku, quantity: 2 },
          { sku: skus.parcel!.sku, quantity: 1 },
        ],
      },
    });
    const copy = await guest.copyBasket({ params: { basketId: source.basketId } });
    expect(copy.basketId).not.toBe(source.basketId);
    expect(copy.lines.map(({ sku, quantity }) => ({ sku, quantity }))).toEqual(source.lines.map(({ sku, quantity }) => ({ sku, quantity })));
    await guest.removeItem({ params: { basketId: copy.basketId }, body: { sku: skus.made!.sku } });
    expect((await guest.getBasket({ params: { basketId: source.basketId } })).lines).toHaveLength(2);
  });
});

describe('concurrency', () => {
  it('loses none of twenty parallel updates of one basket', async () => {
    const { basketId, version } = await guest.createBasket({ body: { sku: skus.parcel!.sku, quantity: 1 } });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => guest.addItem({ params: { basketId }, body: { sku: skus.parcel!.sku, quantity: 1 } })),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    // Each loser must be told to retry; with the row lock there are none.
    for (const result of refused) expect((result.reason as { status: number }).status).toBe(409);
    const final = await guest.getBasket({ params: { basketId } });
    expect(line(final, skus.parcel!.sku)!.quantity).toBe(1 + 20 - refused.length);
    expect(final.version).toBe(version + 20 - refused.length);
    expect(refused).toHaveLength(0);
  });

  it('a change saved against a version that has moved on writes nothing, lines included', async () => {
    const { basketId, version } = await guest.createBasket({ body: { sku: skus.parcel!.sku, quantity: 1 } });
    await guest.addItem({ params: { basketId }, body: { sku: skus.parcel!.sku, quantity: 1 } });
    const before = [{ sku: skus.parcel!.sku, quantity: 1, pricedUnitIncVat: 100 }];
    const stale = await saveBasket(
      api.database.db,
      basketId,
      version,
      { before, after: [{ sku: skus.made!.sku, quantity: 5, pricedUnitIncVat: 100 }] },
      { ownerId: null, channel: 100, discountCode: null },
      now,
    );
    expect(stale.saved).toBe(false);
    const unchanged = await guest.getBasket({ params: { basketId } });
    expect(unchanged.version).toBe(version + 1);
    expect(unchanged.lines.map((entry) => [entry.sku, entry.quantity])).toEqual([[skus.parcel!.sku, 2]]);

    const current = [{ sku: skus.parcel!.sku, quantity: 2, pricedUnitIncVat: 100 }];
    expect(
      await saveBasket(
        api.database.db,
        basketId,
        version + 1,
        { before: current, after: [{ sku: skus.made!.sku, quantity: 5, pricedUnitIncVat: 100 }] },
        { ownerId: null, channel: 100, discountCode: null },
        now,
      ),
    ).toMatchObject({ saved: true });
    const changed = await guest.getBasket({ params: { basketId } });
    expect(changed.version).toBe(version + 2);
    expect(changed.lines.map((entry) => [entry.sku, entry.quantity])).toEqual([[skus.made!.sku, 5]]);
  });
  it('two instances change one basket: a kept copy another instance moved on from is read again, never saved over', async () => {
    // A second API on this database: each keeps the baskets it saved last (decision 0100).
    const other = await buildApi({ config: api.config, database: api.database });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const elsewhere = createBasketClient({ baseUrl: `http://127.0.0.1:${(other.server.address() as AddressInfo).port}/api/basket` });
      const { sku } = skus.parcel!;
      const { basketId } = await guest.createBasket({ body: { sku, quantity: 1 } });
      await elsewhere.setItem({ params: { basketId }, body: { sku, quantity: 5 } });
      // This instance kept the basket at quantity 1: its save against that version fails, and it reads 5.
      const added = await guest.addItem({ params: { basketId }, body: { sku, quantity: 1 } });
      expect(line(added, sku)!.quantity).toBe(6);
      expect(added.version).toBe(3);

      // A refusal worked out from a stale copy is not the shopper's answer: the copy holds all of the few left, the basket none.
      const { sku: low, free } = await pick(sql`s.status = 'low_stock' and s.on_hand between 2 and 5 and s.committed = 0 and s.reserved = 0`, 1);
      await elsewhere.removeItem({ params: { basketId }, body: { sku } });
      const few = await guest.addItem({ params: { basketId }, body: { sku: low, quantity: free } });
      expect(few.lines.map((entry) => [entry.sku, entry.quantity])).toEqual([[low, free]]);
      await elsewhere.removeItem({ params: { basketId }, body: { sku: low } });
      const again = await guest.addItem({ params: { basketId }, body: { sku: low, quantity: free } });
      expect(again.lines.map((entry) => [entry.sku, entry.quantity])).toEqual([[low, free]]);
      expect((await guest.getBasket({ params: { basketId } })).version).toBe(again.version);
    } finally {
      await other.close();
    }
  });
});

describe('saved baskets', () => {
  it('save under a code read over the phone, retrieve a copy by it, and expire it after 30 days', async () => {
    const source = await clients.alice!.createBasketWithItems({ body: { items: [{ sku: skus.made!.sku, quantity: 2 }] } });
    const saved = await clients.alice!.saveBasket({ params: { basketId: source.basketId } });
    expect(saved.retrievalCode).toMatch(new RegExp(`^[${RETRIEVAL_ALPHABET}]{4}-[${RETRIEVAL_ALPHABET}]{4}$`));
    expect(saved.retrieveUrl).toContain(`/basket/retrieve?code=${saved.retrievalCode}`);
    expect(Date.parse(saved.expiresAt) - now.getTime()).toBe(30 * 86_400_000);

    const typed = ` ${saved.retrievalCode.replace('-', ' ').toLowerCase()} `;
    const copy = await guest.retrieveBasket({ query: { retrievalCode: typed } });
    expect(copy).toMatchObject({ owner: 'guest' });
    expect(copy.basketId).not.toBe(source.basketId);
    expect(copy.lines.map(({ sku, quantity }) => ({ sku, quantity }))).toEqual([{ sku: skus.made!.sku, quantity: 2 }]);
    expect((await clients.bob!.retrieveBasket({ query: { retrievalCode: saved.retrievalCode } })).owner).toBe('shopper');

    const emptied = await guest.removeItem({ params: { basketId: copy.basketId }, body: { sku: skus.made!.sku } });
    expect((await failure(guest.saveBasket({ params: { basketId: emptied.basketId } }))).code).toBe('BASKET_EMPTY');
    expect((await failure(guest.retrieveBasket({ query: { retrievalCode: 'ZZZZ-ZZZZ' } }))).code).toBe('BASKET_RETRIEVAL_CODE_NOT_FOUND');
    const later = now;
    now = new Date(later.getTime() + 30 * 86_400_000 + 1);
    try {
      const error = await failure(guest.retrieveBasket({ query: { retrievalCode: saved.retrievalCode } }));
      expect([error.status, error.code]).toEqual([410, 'BASKET_RETRIEVAL_CODE_EXPIRED']);
    } finally {
      now = later;
    }
  });

  it('e-mail the code and a link through the outbox, in the same transaction as the save', async () => {
    const basket = await guest.createBasket({ body: { sku: skus.made!.sku } });
    const error = await failure(guest.sendBasketSavedEmail({ body: { basketId: basket.basketId, emailAddress: 'not an address' } }));
    expect([error.status, error.code]).toEqual([400, 'BASKET_EMAIL_INVALID']);
    expect(await readOutbox(api.database.db, { template: 'basket.saved' })).toHaveLength(0);
    const missing = await failure(guest.sendBasketSavedEmail({ body: { basketId: 'AAAAAAAAAAAAAAAAAAAAAAAA', emailAddress: 'sam@example.com' } }));
    expect(missing.code).toBe('BASKET_NOT_FOUND');

    const saved = await guest.sendBasketSavedEmail({ body: { basketId: basket.basketId, emailAddress: ' sam@example.com ' } });
    expect(saved.emailedTo).toBe('sam@example.com');
    const [email] = await readOutbox(api.database.db, { to: 'sam@example.com', template: 'basket.saved' });
    expect(email!.subject).toContain(saved.retrievalCode);
    expect(email!.text).toContain(saved.retrievalCode);
    expect(email!.text).toContain(saved.retrieveUrl);
    expect(email!.html).toContain(saved.retrievalCode);
    expect((await guest.retrieveBasket({ query: { retrievalCode: saved.retrievalCode } })).lines).toHaveLength(1);
  });

  it('keep one code for one saved state: saving again, e-mailing it and saving at the same moment', async () => {
    // Its own client address: e-mails are limited to 5 a minute per address, and other tests send some.
    const elsewhere = createBasketClient({ baseUrl: api.serviceUrl('basket'), headers: { 'x-forwarded-for': '203.0.113.10' } });
    const basket = await elsewhere.createBasket({ body: { sku: skus.made!.sku, quantity: 2 } });
    const params = { basketId: basket.basketId };
    const first = await elsewhere.saveBasket({ params });
    const later = now;
    now = new Date(later.getTime() + 86_400_000);
    try {
      // The same state a day later: the same code, kept for 30 days from now.
      const again = await elsewhere.saveBasket({ params });
      expect(again.retrievalCode).toBe(first.retrievalCode);
      expect(Date.parse(again.expiresAt) - now.getTime()).toBe(30 * 86_400_000);
      const emailed = await elsewhere.sendBasketSavedEmail({ body: { basketId: basket.basketId, emailAddress: 'once@example.com' } });
      expect(emailed.retrievalCode).toBe(first.retrievalCode);
      const [email] = await readOutbox(api.database.db, { to: 'once@example.com', template: 'basket.saved' });
      expect(email!.subject).toBe(`Your saved basket: ${first.retrievalCode}`);
      expect(email!.text).toContain(first.retrieveUrl);
      // Pressing "Send e-mail" twice sends one e-mail; another address gets its own.
      await elsewhere.sendBasketSavedEmail({ body: { basketId: basket.basketId, emailAddress: 'once@example.com' } });
      await elsewhere.sendBasketSavedEmail({ body: { basketId: basket.basketId, emailAddress: 'other@example.com' } });
      expect(await readOutbox(api.database.db, { to: 'once@example.com', template: 'basket.saved' })).toHaveLength(1);
      expect(await readOutbox(api.database.db, { to: 'other@example.com', template: 'basket.saved' })).toHaveLength(1);
    } finally {
      now = later;
    }

    // Another state is another code; going back to the first state finds the first code again.
    await elsewhere.addItem({ params, body: { sku: skus.made!.sku, quantity: 1 } });
    const changed = await elsewhere.saveBasket({ params });
    expect(changed.retrievalCode).not.toBe(first.retrievalCode);
    await elsewhere.setItem({ params, body: { sku: skus.made!.sku, quantity: 2 } });
    expect((await elsewhere.saveBasket({ params })).retrievalCode).toBe(first.retrievalCode);

    // Saves and e-mails of one new state at the same moment agree on one code.
    await elsewhere.addItem({ params, body: { sku: skus.parcel!.sku, quantity: 1 } });
    const racing = await Promise.all([
      ...Array.from({ length: 6 }, () => elsewhere.saveBasket({ params })),
      elsewhere.sendBasketSavedEmail({ body: { basketId: basket.basketId, emailAddress: 'race@example.com' } }),
    ]);
    const codes = new Set(racing.map((entry) => entry.retrievalCode));
    expect(codes.size).toBe(1);
    expect([first.retrievalCode, changed.retrievalCode]).not.toContain([...codes][0]);
    const [raced] = await readOutbox(api.database.db, { to: 'race@example.com', template: 'basket.saved' });
    expect(raced!.subject).toBe(`Your saved basket: ${[...codes][0]}`);
    const copy = await elsewhere.retrieveBasket({ query: { retrievalCode: [...codes][0]! } });
    expect(copy.lines.map(({ sku, quantity }) => `${sku}×${quantity}`).toSorted()).toEqual([`${skus.made!.sku}×2`, `${skus.parcel!.sku}×1`].toSorted());
  });

  it('rate-limit retrieval lookups against guessing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await failure(guest.retrieveBasket({ query: { retrievalCode: `ZZZZ-ZZ${RETRIEVAL_ALPHABET[i]}Z` } }))).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(10);
  });

  it('draw another code while the one drawn is taken, and say so plainly, saving nothing, if none is free', async () => {
    // A second API on this database, composed as every API is, drawing the codes this test lines up (then one already taken).
    let lined: string[] = [];
    const drawn: string[] = [];
    const draw = () => {
      const code = lined.shift() ?? 'TAKEN234';
      drawn.push(code);
      return code;
    };
    const app = await buildApi({ config: api.config, database: api.database, compose: { retrievalCodes: draw } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/basket`;
      const drawing = createBasketClient({ baseUrl });
      /** A new basket, drawing `codes` when saved. */
      const basketDrawing = async (codes: string[]) => {
        const { basketId } = await drawing.createBasket({ body: { sku: skus.made!.sku } });
        lined = codes;
        drawn.length = 0;
        return { basketId };
      };
      expect((await drawing.saveBasket({ params: await basketDrawing(['TAKEN234']) })).retrievalCode).toBe('TAKE-N234');
      // Taken all but the last time: the save lands on the last code drawn.
      const lucky = await basketDrawing([...Array<string>(RETRIEVAL_CODE_ATTEMPTS - 1).fill('TAKEN234'), 'FRESH234']);
      expect((await drawing.saveBasket({ params: lucky })).retrievalCode).toBe('FRES-H234');
      expect(drawn).toHaveLength(RETRIEVAL_CODE_ATTEMPTS);

      // Taken every time: a problem a person can act on, logged as the shop's failure, and no code saved.
      const { basketId } = await basketDrawing([]);
      const response = await fetch(`${baseUrl}/basket/${basketId}/save`, { method: 'PUT' });
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(await response.json()).toMatchObject({
        code: 'BASKET_SAVE_UNAVAILABLE',
        detail: 'Sorry, we could not save your basket just now. Your basket has not changed: try saving it again.',
      });
      expect(drawn).toHaveLength(RETRIEVAL_CODE_ATTEMPTS);
      const kept = (await api.database.db.execute(sql`select count(*)::int as n from saved_baskets where source_basket_id = ${basketId}`)) as unknown as {
        rows: { n: number }[];
      };
      expect(kept.rows[0]!.n).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('a product withdrawn from sale', () => {
  it('leaves its line named by the product and its variant, with no price and nothing to buy, until the shopper removes it', async () => {
    const held = await pick(sql`s.status = 'in_stock' and not p.is_bundle and s.on_hand >= 5 and o.label <> ''`, 11);
    const { rows } = (await api.database.db.execute(
      sql`select p.id, p.name, o.label from offerings o join products p on p.id = o.product_id where o.sku = ${held.sku}`,
    )) as unknown as { rows: { id: number; name: string; label: string }[] };
    const product = rows[0]!;
    const items = [
      { sku: held.sku, quantity: 2 },
      { sku: skus.made!.sku, quantity: 1 },
    ];
    const basket = await guest.createBasketWithItems({ body: { items } });
    const other = await guest.createBasketWithItems({ body: { items } });
    const params = { basketId: basket.basketId };
    await api.database.db.execute(sql`update products set withdrawn_at = now() where id = ${product.id}`);
    try {
      const seen = await guest.getBasket({ params });
      expect(line(seen, held.sku)).toMatchObject({
        productName: product.name,
        label: product.label,
        productSlug: '',
        quantity: 2,
        available: false,
        unavailableReason: 'sku_not_found',
        maxQuantity: 0,
        unitPriceIncVat: 0,
        lineTotalIncVat: 0,
      });
      expect(seen.totals.itemCount).toBe(1);
      // The shopper removes it.
      const removed = await guest.removeItem({ params, body: { sku: held.sku } });
      expect(removed.lines.map((entry) => entry.sku)).toEqual([skus.made!.sku]);
      // The basket page's check takes it out, saying which product and variant it was.
      const refreshed = await guest.refreshBasket({ params: { basketId: other.basketId } });
      expect(refreshed.lines.map((entry) => entry.sku)).toEqual([skus.made!.sku]);
      expect(refreshed.notices).toContainEqual(
        expect.objectContaining({
          type: 'line_unavailable',
          sku: held.sku,
          reason: 'sku_not_found',
          message: `${product.name} (${product.label}) is no longer available and has been removed.`,
        }),
      );
    } finally {
      await api.database.db.execute(sql`update products set withdrawn_at = null where id = ${product.id}`);
    }
  });
});
