/**
 * `evaluateDiscount` and `claimDiscount`, the interface the basket and the checkout use: every
 * refusal code, the figures, and the limits under twenty concurrent claims in separate transactions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscountsClient, type DiscountsClient } from '@shop/api-client';
import type { CreateDiscount, Role } from '@shop/contracts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createDiscountsService, type DiscountCheck } from './index.ts';

const discounts = createDiscountsService();

let api: TestApi;
let staff: DiscountsClient;
const DAY_MS = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

const create = (promotionCode: string, overrides: Partial<CreateDiscount> = {}) =>
  staff.createDiscount({
    body: {
      promotionCode,
      description: `${promotionCode}: 10% off`,
      channels: [100],
      targetType: 201,
      discountType: 1,
      value: 1000,
      startsAt: at(-1),
      endsAt: at(30),
      ...overrides,
    },
  });

const line = (sku: string, lineTotalPence: number, ids: { categoryId?: number; brandId?: number } = {}) => ({
  sku,
  productId: 1,
  categoryId: ids.categoryId ?? 1,
  brandId: ids.brandId ?? 1,
  quantity: 1,
  lineTotalPence,
});

const basket = (code: string, overrides: Partial<DiscountCheck> = {}): DiscountCheck => ({
  code,
  channel: 100,
  customerId: 'customer-1',
  isTradePriced: false,
  lines: [line('BASIN-1', 12_000), line('TAP-1', 3_000)],
  deliveryPence: 495,
  ...overrides,
});

const db = () => api.database.db;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'applied',
    (error: { status: number; code: string; message: string }) => ({ status: error.status, code: error.code, message: error.message }),
  );

beforeAll(async () => {
  api = await startTestApi({
    // Role names as tokens: these tests are about codes, discounts.api.test.ts signs in for real.
    authenticate: async (authorization) => ({ userId: 'staff-1', roles: [authorization.replace(/^Bearer /, '') as Role] }),
  });
  staff = createDiscountsClient({ baseUrl: api.serviceUrl('discounts'), getAccessToken: () => 'discount-manager' });
  await Promise.all([
    create('RWEB10', { minimumSpendPence: 10_000 }),
    create('RTRADE', { channels: [200, 300], combinesWithTradePricing: true, value: 500 }),
    create('RGONE', { startsAt: at(-20), endsAt: at(-10) }),
    create('RSOON', { startsAt: at(10), endsAt: at(20) }),
    create('RTAPS', { targetType: 202, targetSkus: ['TAP-1'], discountType: 2, value: 5_000 }),
    create('RSHIP', { targetType: 205, value: 10_000 }),
    create('RONCE', { requiresIssueCode: true, issueCodeCount: 3 }),
    create('RLIMIT', { usageLimit: 5 }),
    create('RPERCUST', { perCustomerLimit: 2 }),
  ]);
});
afterAll(() => api?.close());

describe('evaluateDiscount', () => {
  it('applies a code whatever its case and spacing, from the server figures it is given', async () => {
    expect(await discounts.evaluateDiscount({ db: db() }, basket(' rweb10 '), new Date())).toEqual({
      code: 'RWEB10',
      promotionCode: 'RWEB10',
      issueCode: null,
      description: 'RWEB10: 10% off',
      discountPence: 1_500,
      lineDiscounts: [
        { sku: 'BASIN-1', discountPence: 1_200 },
        { sku: 'TAP-1', discountPence: 300 },
      ],
      deliveryDiscountPence: 0,
    });
    expect(await discounts.evaluateDiscount({ db: db() }, basket('RTRADE', { channel: 300, isTradePriced: true }), new Date())).toMatchObject({
      discountPence: 750,
    });
  });

  it('never takes a fixed amount below zero, and takes delivery promotions off delivery', async () => {
    expect(await discounts.evaluateDiscount({ db: db() }, basket('RTAPS'), new Date())).toMatchObject({
      discountPence: 3_000,
      lineDiscounts: [{ sku: 'TAP-1', discountPence: 3_000 }],
    });
    expect(await discounts.evaluateDiscount({ db: db() }, basket('RSHIP'), new Date())).toMatchObject({
      discountPence: 495,
      deliveryDiscountPence: 495,
      lineDiscounts: [],
    });
  });

  it('refuses each reason with its own stable code and a message the shopper can act on, writing nothing', async () => {
    const now = new Date();
    const cases: [string, DiscountCheck, string, RegExp][] = [
      ['unknown', basket('NOSUCHCODE'), 'DISCOUNT_CODE_UNKNOWN', /don't recognise the code "NOSUCHCODE"/],
      ['expired', basket('RGONE'), 'DISCOUNT_CODE_EXPIRED', /expired on \d+ \w+ 20\d\d/],
      ['not started', basket('RSOON'), 'DISCOUNT_CODE_NOT_STARTED', /starts on \d+ \w+ 20\d\d/],
      ['wrong channel', basket('RWEB10', { channel: 200 }), 'DISCOUNT_CODE_WRONG_CHANNEL', /only be used on the website/],
      ['wrong channel (trade)', basket('RTRADE'), 'DISCOUNT_CODE_WRONG_CHANNEL', /the trade site or the trade app/],
      ['minimum spend', basket('RWEB10', { lines: [line('BASIN-1', 9_000)] }), 'DISCOUNT_MINIMUM_SPEND_NOT_MET', /spend of £100: add £10 more/],
      ['trade pricing', basket('RWEB10', { isTradePriced: true }), 'DISCOUNT_NOT_COMBINABLE_WITH_TRADE_PRICING', /trade prices/],
      ['nothing qualifies', basket('RTAPS', { lines: [line('BASIN-1', 12_000)] }), 'DISCOUNT_NO_QUALIFYING_ITEMS', /selected products/],
      ['delivery already free', basket('RSHIP', { deliveryPence: 0 }), 'DISCOUNT_DELIVERY_ALREADY_FREE', /^Delivery is already free on this basket/],
      ['needs an issue code', basket('RONCE'), 'DISCOUNT_CODE_UNKNOWN', /don't recognise/],
    ];
    for (const [, check, code, message] of cases) {
      const result = await refusal(discounts.evaluateDiscount({ db: db() }, check, now));
      expect(result).toMatchObject({ status: 422, code });
      expect((result as { message: string }).message).toMatch(message);
    }
  });

  it('refuses a used issue code, a withdrawn one, and codes whose limits are reached', async () => {
    const codes = (await staff.getDiscount({ params: { promotionCode: 'RONCE', issueCode: 'RONCE' } })).issueCodes.map((code) => code.code);
    const [used, withdrawn] = codes as [string, string];
    expect(await discounts.evaluateDiscount({ db: db() }, basket(used.toLowerCase()), new Date())).toMatchObject({
      code: used,
      issueCode: used,
      promotionCode: 'RONCE',
    });
    await claim(basket(used), 'ORDER-USED');
    expect(await refusal(discounts.evaluateDiscount({ db: db() }, basket(used), new Date()))).toMatchObject({ code: 'DISCOUNT_CODE_ALREADY_USED' });

    await staff.updateDiscount({ params: { promotionCode: 'RONCE', issueCode: withdrawn }, body: { issueCodeVoided: true } });
    expect(await refusal(discounts.evaluateDiscount({ db: db() }, basket(withdrawn), new Date()))).toMatchObject({ code: 'DISCOUNT_CODE_UNKNOWN' });

    await staff.createDiscount({
      body: { promotionCode: 'RFULL', description: 'Full', channels: [100], targetType: 201, discountType: 1, value: 1000, startsAt: at(-1), usageLimit: 1 },
    });
    await claim(basket('RFULL'), 'ORDER-FULL');
    expect(await refusal(discounts.evaluateDiscount({ db: db() }, basket('RFULL', { customerId: 'someone-else' }), new Date()))).toMatchObject({
      code: 'DISCOUNT_CODE_LIMIT_REACHED',
      message: expect.stringContaining('reached its limit'),
    });
  });
});

/** A claim as the checkout makes it: in its own transaction, for the amount just evaluated. */
async function claim(check: DiscountCheck, orderId: string) {
  const { discountPence } = await discounts.evaluateDiscount({ db: db() }, check, new Date());
  return db().transaction((tx) => discounts.claimDiscount({ db: tx }, { ...check, orderId, amountPence: discountPence }, new Date()));
}

/** Twenty claims at once, each in its own transaction: how many went through, and why the rest did not. */
async function claimConcurrently(checks: DiscountCheck[]) {
  const results = await Promise.all(
    checks.map((check, index) =>
      db()
        .transaction((tx) => discounts.claimDiscount({ db: tx }, { ...check, orderId: `ORDER-${index}`, amountPence: 1_500 }, new Date()))
        .then(
          () => 'claimed',
          (error: { code?: string; message?: string }) => error.code ?? error.message ?? 'failed',
        ),
    ),
  );
  return results.reduce<Record<string, number>>((tally, result) => ({ ...tally, [result]: (tally[result] ?? 0) + 1 }), {});
}

describe('claimDiscount', () => {
  it('claims a single-use issue code once only, even by twenty concurrent requests', async () => {
    const code = (await staff.getDiscount({ params: { promotionCode: 'RONCE', issueCode: 'RONCE' } })).issueCodes[2]!.code;
    const tally = await claimConcurrently(Array.from({ length: 20 }, (_, index) => basket(code, { customerId: `customer-${index}` })));
    expect(tally).toEqual({ claimed: 1, DISCOUNT_CODE_ALREADY_USED: 19 });
    const view = await staff.getDiscount({ params: { promotionCode: 'RONCE', issueCode: code } });
    expect(view.issueCode).toMatchObject({ status: 'claimed' });
    expect(view.recentClaims).toHaveLength(1);
  });

  it('keeps the total limit under twenty concurrent claims', async () => {
    const tally = await claimConcurrently(Array.from({ length: 20 }, (_, index) => basket('RLIMIT', { customerId: `customer-${index}` })));
    expect(tally).toEqual({ claimed: 5, DISCOUNT_CODE_LIMIT_REACHED: 15 });
    expect((await staff.getDiscount({ params: { promotionCode: 'RLIMIT', issueCode: 'RLIMIT' } })).promotion.claimCount).toBe(5);
  });

  it('keeps the per-customer limit under twenty concurrent claims by one customer', async () => {
    const tally = await claimConcurrently(Array.from({ length: 20 }, () => basket('RPERCUST', { customerId: 'greedy' })));
    expect(tally).toEqual({ claimed: 2, DISCOUNT_CODE_LIMIT_REACHED: 18 });
    // The counter only counts claims that went through, and others still have their turn.
    const view = await staff.getDiscount({ params: { promotionCode: 'RPERCUST', issueCode: 'RPERCUST' } });
    expect(view.promotion.claimCount).toBe(2);
    expect(await discounts.evaluateDiscount({ db: db() }, basket('RPERCUST', { customerId: 'another' }), new Date())).toMatchObject({ discountPence: 1_500 });
    expect(await refusal(discounts.evaluateDiscount({ db: db() }, basket('RPERCUST', { customerId: 'greedy' }), new Date()))).toMatchObject({
      code: 'DISCOUNT_CODE_LIMIT_REACHED',
      message: expect.stringContaining('2 times'),
    });
  });

  it('refuses an amount the server no longer agrees with, and a refusal leaves the caller’s transaction usable', async () => {
    const result = await db().transaction(async (tx) => {
      const outcome = await refusal(discounts.claimDiscount({ db: tx }, { ...basket('RWEB10'), orderId: 'ORDER-X', amountPence: 1 }, new Date()));
      const after = await discounts.claimDiscount({ db: tx }, { ...basket('RWEB10'), orderId: 'ORDER-Y', amountPence: 1_500 }, new Date());
      return { outcome, after };
    });
    expect(result.outcome).toMatchObject({ status: 409, code: 'DISCOUNT_AMOUNT_CHANGED' });
    const view = await staff.getDiscount({ params: { promotionCode: 'RWEB10', issueCode: 'RWEB10' } });
    expect(view.recentClaims.map((recent) => recent.orderId)).toEqual(['ORDER-Y']);
    expect(view.promotion.claimCount).toBe(1);
    expect(result.after.claimId).toBe(view.recentClaims[0]!.id);
  });
});
