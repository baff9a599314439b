import { ApiError } from '@shop/api-client';
import { describe, expect, it } from 'vitest';
import { basisPointsToText, parsePercent, parsePounds, parseWholeNumber, penceToText } from './amounts.ts';
import { csvField, issueCodesCsv, issueCodesFilename } from './csv.ts';
import { changedTerms, checkNewPromotion, emptyPromotionForm, fromLocalInput, postedPromotionForm, serverProblem, splitList, toLocalInput } from './form.ts';
import { issueCodesHref, issueCodeView, pageOfCodes } from './issue-codes.ts';
import { formatDiscount, formatUsage } from './promotion.ts';
import { discountFilters, discountsHref, searchQuery } from './search.ts';

const value = (parsed: ReturnType<typeof parsePounds>) => (parsed.ok ? parsed.value : parsed.message);

describe('amounts typed by staff', () => {
  it('reads pounds into whole pence without float drift', () => {
    expect(value(parsePounds('12.50'))).toBe(1250);
    expect(value(parsePounds('£1,234.5'))).toBe(123_450);
    expect(value(parsePounds(' 5 '))).toBe(500);
    expect(value(parsePounds('.5'))).toBe(50);
    expect(value(parsePounds('0.29'))).toBe(29);
    expect(value(parsePounds('4.35'))).toBe(435);
    expect(value(parsePounds('1.005'))).toMatch(/2 decimal places/);
    expect(value(parsePounds('-1'))).toMatch(/£0 or more/);
    expect(value(parsePounds('abc'))).toMatch(/as a number/);
    expect(value(parsePounds(''))).toMatch(/Enter an amount/);
    expect(value(parsePounds('1000001'))).toMatch(/at most £1,000,000/);
    expect(value(parsePounds('99999999999999999999'))).toMatch(/at most/);
  });

  it('reads a percentage into basis points', () => {
    expect(value(parsePercent('12.5'))).toBe(1250);
    expect(value(parsePercent('10%'))).toBe(1000);
    expect(value(parsePercent('0.01'))).toBe(1);
    expect(value(parsePercent('100'))).toBe(10_000);
    expect(value(parsePercent('33.33'))).toBe(3333);
    expect(value(parsePercent('12.555'))).toMatch(/2 decimal places/);
    expect(value(parsePercent('100.01'))).toMatch(/at most 100/);
    expect(value(parsePercent('0'))).toMatch(/above 0/);
  });

  it('reads whole numbers within limits', () => {
    expect(value(parseWholeNumber('1,000', { min: 1, max: 10_000 }))).toBe(1000);
    expect(value(parseWholeNumber('0', { min: 1, max: 10 }))).toMatch(/1 or more/);
    expect(value(parseWholeNumber('2.5', { min: 1, max: 10 }))).toMatch(/whole number/);
    expect(value(parseWholeNumber('10001', { min: 0, max: 10_000 }))).toMatch(/10,000 or fewer/);
  });

  it('turns integers back into the text staff type', () => {
    expect(basisPointsToText(1250)).toBe('12.5');
    expect(basisPointsToText(1000)).toBe('10');
    expect(basisPointsToText(5)).toBe('0.05');
    expect(penceToText(1250)).toBe('12.50');
    expect(penceToText(500)).toBe('5');
    expect(penceToText(7)).toBe('0.07');
    expect(formatDiscount(1, 1250)).toBe('12.5%');
    expect(formatDiscount(2, 500)).toBe('£5.00');
    expect(formatUsage({ claimCount: 3, usageLimit: null })).toBe('3 (no limit)');
    expect(formatUsage({ claimCount: 3, usageLimit: 100 })).toBe('3 of 100');
  });
});

describe('the issue codes CSV', () => {
  it('has a header row and one line per code', () => {
    const csv = issueCodesCsv('SHOWROOM25', [
      { code: 'ABCDEFGHJKMN', status: 'available', claimedAt: null, claimId: null },
      { code: 'PQRSTWXYZ234', status: 'claimed', claimedAt: '2026-11-21T10:00:00.000Z', claimId: 7 },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Issue code,Promotion code,Status,Claimed at,Claim id',
      'ABCDEFGHJKMN,SHOWROOM25,available,,',
      'PQRSTWXYZ234,SHOWROOM25,claimed,2026-11-21T10:00:00.000Z,7',
    ]);
  });

  it('quotes fields that need it and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(null)).toBe('');
  });

  it('names the file after the promotion and the day', () => {
    expect(issueCodesFilename('SHOWROOM25', new Date('2026-11-21T18:00:00Z'))).toBe('issue-codes-SHOWROOM25-2026-11-21.csv');
  });
});

describe('a promotion’s page of issue codes', () => {
  const codes = Array.from({ length: 120 }, (_, index) => ({
    code: `CODE${String(index).padStart(8, '0')}`,
    status: index % 10 === 0 ? ('voided' as const) : index === 7 ? ('claimed' as const) : ('available' as const),
    claimedAt: null,
    claimId: null,
  }));

  it('reads its view from the address, and writes only what differs from the first page of all codes', () => {
    expect(issueCodeView(new URLSearchParams('show=voided&find=%20ab-cd%20&page=2'))).toEqual({ show: 'voided', find: 'ab-cd', page: 2 });
    expect(issueCodeView(new URLSearchParams('show=everything&page=-3'))).toEqual({ show: 'all', find: '', page: 1 });
    expect(issueCodesHref('SHOWROOM25', { show: 'all', find: '', page: 1 })).toBe('/staff/discounts/SHOWROOM25');
    expect(issueCodesHref('SHOWROOM25', { show: 'available', find: 'ab', page: 3 })).toBe('/staff/discounts/SHOWROOM25?show=available&find=ab&page=3');
  });

  it('counts every code, and cuts the page the view asks for (or the last there is) on the server', () => {
    const all = pageOfCodes(codes, { show: 'all', find: '', page: 2 });
    expect(all.counts).toEqual({ all: 120, available: 107, claimed: 1, voided: 12 });
    expect([all.found, all.page, all.pages, all.rows.length, all.rows[0]!.code]).toEqual([120, 2, 3, 50, 'CODE00000050']);
    expect(pageOfCodes(codes, { show: 'all', find: '', page: 9 }).page).toBe(3);
    const withdrawn = pageOfCodes(codes, { show: 'voided', find: '', page: 1 });
    expect([withdrawn.found, withdrawn.pages]).toEqual([12, 1]);
    // Typed as read off a leaflet: any case, with spaces or hyphens.
    expect(pageOfCodes(codes, { show: 'all', find: 'code-0000 0007', page: 1 }).rows.map((row) => row.status)).toEqual(['claimed']);
    expect(pageOfCodes([], { show: 'all', find: '', page: 4 })).toMatchObject({ found: 0, page: 1, pages: 1, rows: [] });
  });
});

describe('the list’s filters in the address', () => {
  it('reads only what the API accepts', () => {
    expect(discountFilters(new URLSearchParams(''))).toEqual({ page: 1 });
    expect(discountFilters(new URLSearchParams('text=%20welcome%20&channel=200&status=active&from=2026-01-01&to=2026-12-31&page=3'))).toEqual({
      text: 'welcome',
      channel: 200,
      status: 'active',
      from: '2026-01-01',
      to: '2026-12-31',
      page: 3,
    });
    expect(discountFilters(new URLSearchParams('channel=150&status=old&from=yesterday&page=-2'))).toEqual({ page: 1 });
  });

  it('round-trips through the address and maps onto the search call', () => {
    const filters = { text: 'spring sale', channel: 100 as const, status: 'expired' as const, page: 2 };
    expect(discountsHref(filters)).toBe('/staff/discounts?text=spring+sale&channel=100&status=expired&page=2');
    expect(discountFilters(new URLSearchParams(discountsHref(filters).split('?')[1]))).toEqual(filters);
    expect(discountsHref({ page: 1 })).toBe('/staff/discounts');
    expect(searchQuery(filters)).toEqual({ text: 'spring sale', channel: 100, status: 'expired', pageNumber: 2, pageSize: 20 });
  });
});

describe('the promotion form', () => {
  const now = new Date(2026, 10, 21, 9, 30, 45);

  it('builds the create call’s body in integers', () => {
    const result = checkNewPromotion({
      ...emptyPromotionForm(now),
      promotionCode: 'leaflet25',
      description: '£25 off when you spend £250',
      discountType: 2,
      value: '25',
      minimumSpend: '250.00',
      usageLimit: '100',
      requiresIssueCode: true,
      issueCodeCount: '100',
    });
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({
        promotionCode: 'LEAFLET25',
        value: 2500,
        minimumSpendPence: 25_000,
        usageLimit: 100,
        perCustomerLimit: null,
        endsAt: null,
        issueCodeCount: 100,
        startsAt: new Date(2026, 10, 21, 9, 30).toISOString(),
        targetSkus: [],
      }),
    });
  });

  it('explains every problem next to its field', () => {
    const result = checkNewPromotion({
      ...emptyPromotionForm(now),
      promotionCode: 'no spaces',
      channels: [],
      targetType: 203,
      targets: '12, x',
      value: '150',
      endsAt: toLocalInput(new Date(2026, 10, 20)),
      requiresIssueCode: true,
    });
    expect(result.ok).toBe(false);
    expect(Object.keys(result.ok ? {} : result.errors).toSorted()).toEqual(
      ['channels', 'description', 'endsAt', 'issueCodeCount', 'promotionCode', 'targets', 'value'].toSorted(),
    );
  });

  it('keeps the code of the form’s own address free', () => {
    const result = checkNewPromotion({ ...emptyPromotionForm(now), promotionCode: 'new', description: 'x', value: '5' });
    expect(result.ok ? {} : result.errors).toEqual({ promotionCode: expect.stringMatching(/reserved/) });
  });

  it('sends only what changed when editing', () => {
    const initial = { ...emptyPromotionForm(now), description: 'Old words', value: '10' };
    expect(changedTerms(initial, initial)).toEqual({ ok: true, body: {} });
    expect(changedTerms(initial, { ...initial, description: 'New words', value: '12.5' })).toEqual({
      ok: true,
      body: { description: 'New words', value: 1250 },
    });
    expect(changedTerms(initial, { ...initial, value: 'x' }).ok).toBe(false);
  });

  it('splits target lists and reads times as UK time, in winter and summer, on any machine', () => {
    expect(splitList('ABC-1, abc-2\nABC-1 ;  ')).toEqual(['ABC-1', 'abc-2']);
    expect(fromLocalInput('2026-11-21T09:30')).toBe('2026-11-21T09:30:00.000Z');
    expect(fromLocalInput('2026-06-21T09:30')).toBe('2026-06-21T08:30:00.000Z');
    expect(toLocalInput(new Date('2026-06-21T08:30:00.000Z'))).toBe('2026-06-21T09:30');
    expect(toLocalInput(new Date('2026-11-21T09:30:00.000Z'))).toBe('2026-11-21T09:30');
    expect(fromLocalInput('tomorrow')).toBeNull();
  });

  it('reads the form as posted before the page’s scripts run', () => {
    const form = new FormData();
    for (const [name, entry] of [
      ['promotionCode', 'spring25'],
      ['description', 'Spring'],
      ['channels', '100'],
      ['channels', '300'],
      ['targetType', '202'],
      ['targets', 'A-1, B-2'],
      ['discountType', '2'],
      ['value', '5'],
      ['startsAt', '2026-06-21T09:30'],
      ['requiresIssueCode', 'on'],
      ['issueCodeCount', '10'],
    ]) {
      form.append(name!, entry!);
    }
    const values = postedPromotionForm(form);
    expect(values).toMatchObject({ promotionCode: 'SPRING25', channels: [100, 300], targetType: 202, discountType: 2, requiresIssueCode: true });
    expect(values.combinesWithTradePricing).toBe(false);
    const checked = checkNewPromotion(values);
    expect(checked.ok && checked.body).toMatchObject({
      promotionCode: 'SPRING25',
      targetSkus: ['A-1', 'B-2'],
      value: 500,
      startsAt: '2026-06-21T08:30:00.000Z',
    });
  });

  it('puts the server’s validation errors onto fields', () => {
    const error = new ApiError(
      400,
      {
        code: 'VALIDATION_FAILED',
        errors: [
          { path: 'body.minimumSpendPence', message: 'Too big' },
          { path: 'body.targetSkus.3', message: 'Too long' },
          { path: 'body.somethingElse', message: 'Odd' },
        ],
      },
      'body.minimumSpendPence: Too big',
    );
    expect(serverProblem(error, () => 'fallback')).toEqual({ fields: { minimumSpend: 'Too big', targets: 'Too long' }, general: ['Odd'] });
    const taken = new ApiError(409, { code: 'PROMOTION_CODE_TAKEN' }, 'A promotion with code "X" already exists');
    expect(serverProblem(taken, () => 'fallback')).toEqual({ fields: { promotionCode: 'A promotion with code "X" already exists' }, general: [] });
    expect(serverProblem(new Error('x'), () => 'fallback')).toEqual({ fields: {}, general: ['fallback'] });
  });
});
