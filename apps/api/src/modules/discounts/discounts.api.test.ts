import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscountsClient, type DiscountsClient } from '@shop/api-client';
import type { ApiError } from '@shop/api-client';
import type { CreateDiscount, Problem } from '@shop/contracts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { signIn } from '../identity/testing.ts';
import { createDiscountsService } from './index.ts';
import { ISSUE_CODE_ALPHABET } from './issue-codes.ts';

let api: TestApi;
const discounts = createDiscountsService();
let staff: DiscountsClient;
let shopper: DiscountsClient;
let anonymous: DiscountsClient;

const DAY_MS = 86_400_000;
const fieldPaths = (error: ApiError) => ((error.data as Problem).errors ?? []).map((problem) => problem.path);
const at = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** A valid promotion; tests change what they are about. Codes start with T, unlike the demo ones. */
const promotion = (promotionCode: string, overrides: Partial<CreateDiscount> = {}) => ({
  promotionCode,
  description: '10% off everything',
  channels: [100 as const],
  targetType: 201 as const,
  discountType: 1 as const,
  value: 1000,
  startsAt: at(-1),
  endsAt: at(30),
  ...overrides,
});

beforeAll(async () => {
  api = await startTestApi();
  const client = (token?: string) => createDiscountsClient({ baseUrl: api.serviceUrl('discounts'), getAccessToken: () => token });
  const [staffSignIn, shopperSignIn] = await Promise.all([signIn(api, 'staff@demo.test', 'demo-password'), signIn(api, 'shopper@demo.test', 'demo-password')]);
  staff = client(staffSignIn.tokens.access_token);
  shopper = client(shopperSignIn.tokens.access_token);
  anonymous = client();
});
afterAll(() => api?.close());

describe('access', () => {
  const calls: [string, (client: DiscountsClient) => Promise<unknown>][] = [
    ['POST /Discount', (client) => client.createDiscount({ body: promotion('TACCESS') })],
    ['GET /Discount/{promotionCode}/{issueCode}', (client) => client.getDiscount({ params: { promotionCode: 'WELCOME10', issueCode: 'WELCOME10' } })],
    [
      'PUT /Discount/{promotionCode}/{issueCode}',
      (client) => client.updateDiscount({ params: { promotionCode: 'WELCOME10', issueCode: 'WELCOME10' }, body: { description: 'Changed' } }),
    ],
    ['GET /Discount/Search', (client) => client.searchDiscounts({})],
    ['GET /Discount/DiscountClaim/{id}', (client) => client.getDiscountClaim({ params: { id: 1 } })],
    ['GET /Discount/DiscountType', (client) => client.getDiscountTypes()],
  ];

  it.each(calls)('%s is 401 signed out and 403 without discount-manager, and changes nothing', async (_, call) => {
    expect((await failure(call(anonymous))).status).toBe(401);
    const forbidden = await failure(call(shopper));
    expect([forbidden.status, forbidden.code]).toEqual([403, 'FORBIDDEN']);
    expect((await staff.getDiscount({ params: { promotionCode: 'WELCOME10', issueCode: 'WELCOME10' } })).promotion.description).not.toBe('Changed');
    expect((await failure(staff.getDiscount({ params: { promotionCode: 'TACCESS', issueCode: 'TACCESS' } }))).status).toBe(404);
  });
});

describe('creating a promotion', () => {
  it('stores every term, in capitals, and answers 201 with the promotion', async () => {
    const created = await staff.createDiscount({
      body: promotion('tBrand15', {
        description: '15% off Aqualux and Crestline',
        channels: [100, 300],
        targetType: 204,
        targetBrandIds: [3, 7],
        value: 1500,
        minimumSpendPence: 5_000,
        usageLimit: 500,
        perCustomerLimit: 2,
        combinesWithTradePricing: true,
      }),
    });
    expect(created.promotion).toMatchObject({
      promotionCode: 'TBRAND15',
      channels: [100, 300],
      targetType: 204,
      targetBrandIds: [3, 7],
      targetSkus: [],
      discountType: 1,
      value: 1500,
      minimumSpendPence: 5_000,
      status: 'active',
      usageLimit: 500,
      perCustomerLimit: 2,
      combinesWithTradePricing: true,
      requiresIssueCode: false,
      claimCount: 0,
      issueCodeCount: 0,
    });
    expect(created).toMatchObject({ issueCode: null, issueCodes: [], recentClaims: [] });
    const again = await staff.getDiscount({ params: { promotionCode: 'tbrand15', issueCode: 'TBRAND15' } });
    expect(again.promotion).toEqual(created.promotion);
  });

  it('generates a batch of unique single-use issue codes from the unambiguous alphabet', async () => {
    const created = await staff.createDiscount({ body: promotion('TLEAFLET', { requiresIssueCode: true, issueCodeCount: 100 }) });
    expect(created.promotion.issueCodeCount).toBe(100);
    expect(created.issueCodes).toHaveLength(100);
    expect(new Set(created.issueCodes.map((code) => code.code)).size).toBe(100);
    for (const code of created.issueCodes) {
      expect(code).toEqual({ code: code.code, status: 'available', claimedAt: null, claimId: null });
      expect(code.code).toMatch(new RegExp(`^[${ISSUE_CODE_ALPHABET}]{12}$`));
    }
  });

  it('refuses a code that is taken, in any letter case, with 409', async () => {
    await staff.createDiscount({ body: promotion('TTWICE') });
    const error = await failure(staff.createDiscount({ body: promotion('ttwice', { description: 'Another' }) }));
    expect([error.status, error.code]).toEqual([409, 'PROMOTION_CODE_TAKEN']);
    expect((await staff.getDiscount({ params: { promotionCode: 'TTWICE', issueCode: 'TTWICE' } })).promotion.description).toBe('10% off everything');
  });

  it.each([
    ['promotionCode', { promotionCode: 'NO SPACES' }],
    ['promotionCode', { promotionCode: 'DiscountClaim' }],
    ['channels', { channels: [] }],
    ['channels', { channels: [150] }],
    ['channels', { channels: [100, 100] }],
    ['targetType', { targetType: 299 }],
    ['discountType', { discountType: 3 }],
    ['value', { value: 0 }],
    ['value', { value: 12.5 }],
    ['value', { value: 10_001 }],
    ['minimumSpendPence', { minimumSpendPence: -1 }],
    ['startsAt', { startsAt: 'tomorrow' }],
    ['endsAt', { endsAt: at(-2) }],
    ['targetSkus', { targetType: 202 }],
    ['targetCategoryIds', { targetCategoryIds: [4] }],
    ['usageLimit', { usageLimit: 0 }],
    ['perCustomerLimit', { perCustomerLimit: -1 }],
    ['issueCodeCount', { issueCodeCount: 10_001 }],
    ['description', { description: '' }],
  ])('answers 400 naming %s, and creates nothing', async (field, change) => {
    const error = await failure(staff.createDiscount({ body: { ...promotion('TBAD'), ...change } as never }));
    expect([error.status, error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(fieldPaths(error).some((path) => path === `body.${field}` || path.startsWith(`body.${field}.`))).toBe(true);
    expect((await failure(staff.getDiscount({ params: { promotionCode: 'TBAD', issueCode: 'TBAD' } }))).status).toBe(404);
  });
});

describe('getting and updating one promotion or issue code', () => {
  let issueCodes: string[];
  beforeAll(async () => {
    const created = await staff.createDiscount({ body: promotion('TEDIT', { requiresIssueCode: true, issueCodeCount: 3 }) });
    issueCodes = created.issueCodes.map((code) => code.code);
  });

  it('gets one issue code with its promotion, whatever the case or hyphens typed', async () => {
    const code = issueCodes[0]!;
    const found = await staff.getDiscount({ params: { promotionCode: 'tedit', issueCode: `${code.slice(0, 6)}-${code.slice(6)}`.toLowerCase() } });
    expect(found).toMatchObject({ promotion: { promotionCode: 'TEDIT' }, issueCode: { code, status: 'available' }, issueCodes: [], recentClaims: [] });
  });

  it('answers 404 for an unknown promotion, an unknown issue code, or one of another promotion', async () => {
    const other = (await staff.getDiscount({ params: { promotionCode: 'TLEAFLET', issueCode: 'TLEAFLET' } })).issueCodes[0]!.code;
    const cases = [
      ['TNOSUCH', 'TNOSUCH', 'PROMOTION_NOT_FOUND'],
      ['TEDIT', 'ABCDEFGHJKMN', 'ISSUE_CODE_NOT_FOUND'],
      ['TEDIT', other, 'ISSUE_CODE_NOT_FOUND'],
    ] as const;
    for (const [promotionCode, issueCode, code] of cases) {
      const error = await failure(staff.getDiscount({ params: { promotionCode, issueCode } }));
      expect([error.status, error.code]).toEqual([404, code]);
      const updateError = await failure(staff.updateDiscount({ params: { promotionCode, issueCode }, body: { value: 500 } }));
      expect([updateError.status, updateError.code]).toEqual([404, code]);
    }
  });

  it('changes only the terms sent, and generates more codes', async () => {
    const updated = await staff.updateDiscount({
      params: { promotionCode: 'TEDIT', issueCode: 'TEDIT' },
      body: { value: 2000, channels: [200], endsAt: null, addIssueCodes: 2 },
    });
    expect(updated.promotion).toMatchObject({ value: 2000, channels: [200], endsAt: null, description: '10% off everything', issueCodeCount: 5 });
    expect(updated.issueCodes.slice(0, 3).map((code) => code.code)).toEqual(issueCodes);
    expect(Date.parse(updated.promotion.updatedAt)).toBeGreaterThanOrEqual(Date.parse(updated.promotion.createdAt));
  });

  it('withdraws and reinstates an unused issue code, but not a claimed one', async () => {
    const [first, second] = issueCodes as [string, string];
    const voided = await staff.updateDiscount({ params: { promotionCode: 'TEDIT', issueCode: first }, body: { issueCodeVoided: true } });
    expect(voided.issueCode).toMatchObject({ code: first, status: 'voided' });
    const back = await staff.updateDiscount({ params: { promotionCode: 'TEDIT', issueCode: first }, body: { issueCodeVoided: false } });
    expect(back.issueCode).toMatchObject({ status: 'available' });

    await api.database.db.transaction((tx) =>
      discounts.claimDiscount(
        { db: tx },
        {
          code: second,
          channel: 200,
          customerId: null,
          isTradePriced: false,
          lines: [line(10_000)],
          deliveryPence: 0,
          orderId: 'ORD-EDIT',
          amountPence: 2_000,
        },
        new Date(),
      ),
    );
    const error = await failure(staff.updateDiscount({ params: { promotionCode: 'TEDIT', issueCode: second }, body: { issueCodeVoided: true } }));
    expect([error.status, error.code]).toEqual([409, 'ISSUE_CODE_ALREADY_CLAIMED']);
  });

  it('answers 400 naming the field for terms that do not fit, and changes nothing', async () => {
    const before = await staff.getDiscount({ params: { promotionCode: 'TEDIT', issueCode: 'TEDIT' } });
    const cases: [string, object, string?][] = [
      ['body.value', { value: -5 }],
      ['body.endsAt', { endsAt: before.promotion.startsAt }],
      ['body.targetSkus', { targetType: 202 }],
      ['body.addIssueCodes', { addIssueCodes: 0 }],
      ['body.issueCodeVoided', { issueCodeVoided: true }],
      ['body.usageLimit', { usageLimit: 0 }],
    ];
    for (const [path, body] of cases) {
      const error = await failure(staff.updateDiscount({ params: { promotionCode: 'TEDIT', issueCode: 'TEDIT' }, body: body as never }));
      expect([error.status, fieldPaths(error)[0]]).toEqual([400, path]);
    }
    expect((await staff.getDiscount({ params: { promotionCode: 'TEDIT', issueCode: 'TEDIT' } })).promotion).toEqual(before.promotion);
  });
});

describe('search', () => {
  beforeAll(async () => {
    await staff.createDiscount({ body: promotion('TSEARCHWEB', { description: 'Search: website basins' }) });
    await staff.createDiscount({ body: promotion('TSEARCHAPP', { description: 'Search: app fittings', channels: [300] }) });
    await staff.createDiscount({ body: promotion('TSEARCHOLD', { description: 'Search: old', startsAt: at(-60), endsAt: at(-30) }) });
    await staff.createDiscount({ body: promotion('TSEARCHNEW', { description: 'Search: coming', startsAt: at(40), endsAt: at(50) }) });
  });
  const codes = async (query: Record<string, unknown>) =>
    (await staff.searchDiscounts({ query: { text: 'search:', pageSize: 100, ...query } as never })).items.map((item) => item.promotionCode).toSorted();

  it('filters by text, channel, status and dates', async () => {
    expect(await codes({})).toEqual(['TSEARCHAPP', 'TSEARCHNEW', 'TSEARCHOLD', 'TSEARCHWEB']);
    expect(await codes({ text: 'tsearchw' })).toEqual(['TSEARCHWEB']);
    expect(await codes({ channel: 300 })).toEqual(['TSEARCHAPP']);
    expect(await codes({ status: 'active' })).toEqual(['TSEARCHAPP', 'TSEARCHWEB']);
    expect(await codes({ status: 'scheduled' })).toEqual(['TSEARCHNEW']);
    expect(await codes({ status: 'expired' })).toEqual(['TSEARCHOLD']);
    const day = (days: number) => at(days).slice(0, 10);
    expect(await codes({ from: day(35), to: day(45) })).toEqual(['TSEARCHNEW']);
    expect(await codes({ to: day(-40) })).toEqual(['TSEARCHOLD']);
  });

  it('finds a promotion by one of its issue codes', async () => {
    const code = (await staff.getDiscount({ params: { promotionCode: 'TLEAFLET', issueCode: 'TLEAFLET' } })).issueCodes[5]!.code;
    expect((await staff.searchDiscounts({ query: { text: code.toLowerCase() } })).items.map((item) => item.promotionCode)).toEqual(['TLEAFLET']);
  });

  it('pages newest first without overlap, and includes the demo promotions', async () => {
    const all = await staff.searchDiscounts({ query: { pageSize: 100 } });
    expect(all.items.map((item) => item.promotionCode)).toEqual(expect.arrayContaining(['WELCOME10', 'TRADE5', 'SPRING20', 'SUMMER15', 'SHOWROOM25']));
    const pages = [1, 2, 3].map((pageNumber) => staff.searchDiscounts({ query: { pageSize: 3, pageNumber } }));
    const items = (await Promise.all(pages)).flatMap((page) => page.items.map((item) => item.promotionCode));
    expect(items).toEqual(all.items.slice(0, 9).map((item) => item.promotionCode));
    expect((await pages[0]!).totalPages).toBe(Math.ceil(all.totalCount / 3));
  });

  it('answers 400 naming the query field for bad filters', async () => {
    const cases: [string, object][] = [
      ['query.channel', { channel: 400 }],
      ['query.status', { status: 'paused' }],
      ['query.from', { from: '2025-13-01' }],
      ['query.to', { from: '2025-06-02', to: '2025-06-01' }],
      ['query.pageSize', { pageSize: 1000 }],
    ];
    for (const [path, query] of cases) {
      const error = await failure(staff.searchDiscounts({ query: query as never }));
      expect([error.status, fieldPaths(error)[0]]).toEqual([400, path]);
    }
  });
});

const line = (lineTotalPence: number, sku = 'SKU-1') => ({ sku, productId: 1, categoryId: 1, brandId: 1, quantity: 1, lineTotalPence });

describe('claims', () => {
  it('reads one claim: order, customer, amount, channel, and lists it on the promotion and issue code', async () => {
    const created = await staff.createDiscount({ body: promotion('TCLAIMS', { requiresIssueCode: true, issueCodeCount: 1, channels: [100, 200] }) });
    const code = created.issueCodes[0]!.code;
    const { claimId } = await api.database.db.transaction((tx) =>
      discounts.claimDiscount(
        { db: tx },
        { code, channel: 200, customerId: 'user-42', isTradePriced: false, lines: [line(12_345)], deliveryPence: 0, orderId: 'ORD-1001', amountPence: 1_235 },
        new Date(),
      ),
    );
    const claim = await staff.getDiscountClaim({ params: { id: claimId } });
    expect(claim).toMatchObject({
      id: claimId,
      promotionCode: 'TCLAIMS',
      issueCode: code,
      orderId: 'ORD-1001',
      customerId: 'user-42',
      amountPence: 1_235,
      channel: 200,
    });
    const promotionView = await staff.getDiscount({ params: { promotionCode: 'TCLAIMS', issueCode: 'TCLAIMS' } });
    expect(promotionView.promotion.claimCount).toBe(1);
    expect(promotionView.recentClaims).toEqual([claim]);
    expect(promotionView.issueCodes[0]).toMatchObject({ code, status: 'claimed', claimId });
    expect((await staff.getDiscount({ params: { promotionCode: 'TCLAIMS', issueCode: code } })).recentClaims).toEqual([claim]);
  });

  it('answers 404 for an unknown claim and 400 for an id that is not one', async () => {
    const missing = await failure(staff.getDiscountClaim({ params: { id: 999_999 } }));
    expect([missing.status, missing.code]).toEqual([404, 'DISCOUNT_CLAIM_NOT_FOUND']);
    const bad = await failure(staff.getDiscountClaim({ params: { id: 'abc' as never } }));
    expect([bad.status, fieldPaths(bad)[0]]).toEqual([400, 'params.id']);
  });
});

describe('discount types', () => {
  it('lists percentage and fixed amount with how their value is read', async () => {
    const types = await staff.getDiscountTypes();
    expect(types.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 1, name: 'Percentage' },
      { id: 2, name: 'Fixed amount' },
    ]);
    expect(types[0]!.description).toContain('basis points');
  });
});
