import { describe, expect, it } from 'vitest';
import {
  cancellableQuantity,
  checkReturnLines,
  isMadeToMeasure,
  isSealedHygieneGood,
  moneyBackSaid,
  paidFor,
  returnableQuantity,
  type RuleLine,
} from './order-request-rules.ts';
import { damageReportEndsAt, missingReportEndsAt, reportEndsAt, returnWindowEndsAt } from '@shop/contracts';

const basin: RuleLine = {
  position: 0,
  productName: 'Countertop basin',
  label: 'White',
  sku: 'BAS-1',
  quantity: 2,
  cancelledQuantity: 0,
  lineTotalIncVat: 20_000,
  returnability: 'standard',
};
const seat: RuleLine = {
  position: 1,
  productName: 'Soft-close toilet seat',
  label: 'White',
  sku: 'SEAT-1',
  quantity: 1,
  cancelledQuantity: 0,
  lineTotalIncVat: 4_000,
  returnability: 'sealed-hygiene',
};
// Nothing in its name says so: the catalogue does.
const screen: RuleLine = {
  position: 2,
  productName: 'Frameless shower screen',
  label: '1,140 mm',
  sku: 'SCR-1',
  quantity: 1,
  cancelledQuantity: 0,
  lineTotalIncVat: 9_000,
  returnability: 'made-to-measure',
};
// Names that once read as sealed hygiene goods or bespoke work, which the catalogue says are not.
const towelRail: RuleLine = { ...basin, position: 3, productName: 'Plug-in electric towel rail', label: 'Chrome', sku: 'RAIL-1' };
const wasteBin: RuleLine = { ...basin, position: 4, productName: 'Bespoke Pedal waste bin', label: 'Brushed steel', sku: 'BIN-1' };
const delivered = new Date('2026-11-01T10:00:00Z');

describe('windows from delivery', () => {
  it('gives 30 days to return, 48 hours to report damage and 7 days to report missing items', () => {
    expect(returnWindowEndsAt(delivered).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(damageReportEndsAt(delivered).toISOString()).toBe('2026-11-03T10:00:00.000Z');
    expect(missingReportEndsAt(delivered).toISOString()).toBe('2026-11-08T10:00:00.000Z');
    expect(reportEndsAt('wrong-item', delivered)).toEqual(missingReportEndsAt(delivered));
    expect(reportEndsAt('damaged', delivered)).toEqual(damageReportEndsAt(delivered));
  });
});

describe('quantities', () => {
  it('cancels only before dispatch, and only what is not cancelled already', () => {
    expect(cancellableQuantity({ quantity: 3, cancelledQuantity: 1 }, 'picking')).toBe(2);
    expect(cancellableQuantity({ quantity: 3, cancelledQuantity: 1 }, 'dispatched')).toBe(0);
  });
  it('returns what was sent less what came back or is on its way', () => {
    expect(returnableQuantity({ quantity: 3, cancelledQuantity: 1 }, 1)).toBe(1);
    expect(returnableQuantity({ quantity: 3, cancelledQuantity: 0 }, 5)).toBe(0);
  });
  it('refunds the price paid: the line’s share after the order’s discount', () => {
    expect(paidFor(basin, 1, { goodsPence: 24_000, discountPence: 0 })).toBe(10_000);
    expect(paidFor(basin, 1, { goodsPence: 24_000, discountPence: 2_400 })).toBe(9_000);
  });
});

describe('what cannot come back', () => {
  it('knows made-to-measure and sealed hygiene goods by the product’s returnability, whatever its name says', () => {
    expect(isMadeToMeasure(screen)).toBe(true);
    expect(isMadeToMeasure(basin)).toBe(false);
    expect(isSealedHygieneGood(seat)).toBe(true);
    expect(isSealedHygieneGood(basin)).toBe(false);
    for (const line of [towelRail, wasteBin]) {
      expect([isMadeToMeasure(line), isSealedHygieneGood(line)]).toEqual([false, false]);
      expect(checkReturnLines([line], new Map(), [{ position: line.position, quantity: 1, opened: true }])).toBeNull();
    }
  });
  it('refuses made-to-measure goods, opened sealed goods, unknown lines and more than is left, with the reason', () => {
    const lines = [basin, seat, screen];
    expect(checkReturnLines(lines, new Map(), [{ position: 0, quantity: 2 }])).toBeNull();
    expect(checkReturnLines(lines, new Map(), [{ position: 1, quantity: 1, opened: false }])).toBeNull();
    expect(checkReturnLines(lines, new Map(), [{ position: 1, quantity: 1, opened: true }])).toMatchObject({
      kind: 'not-allowed',
      message: expect.stringContaining('sealed for hygiene'),
    });
    expect(checkReturnLines(lines, new Map(), [{ position: 2, quantity: 1 }])).toMatchObject({
      kind: 'not-allowed',
      message: expect.stringContaining('made to measure'),
    });
    expect(checkReturnLines(lines, new Map(), [{ position: 9, quantity: 1 }])).toEqual({ kind: 'no-such-line', position: 9 });
    expect(checkReturnLines(lines, new Map([[0, 1]]), [{ position: 0, quantity: 2 }])).toEqual({ kind: 'too-many', productName: 'Countertop basin', left: 1 });
    expect(
      checkReturnLines(lines, new Map(), [
        { position: 0, quantity: 1 },
        { position: 0, quantity: 1 },
      ]),
    ).toEqual({ kind: 'duplicate-line', position: 0 });
  });
});

describe('money given back, as the customer is told it', () => {
  it('a card order is refunded to the way it was paid; an order on account is credited to the account with Two', () => {
    expect(moneyBackSaid(1999, false, 'done')).toBe('We have refunded £19.99 to the way you paid. It can take 3 to 5 working days to reach your account.');
    expect(moneyBackSaid(1999, true, 'done')).toBe('We have credited £19.99 to your account with Two: it comes off what your business owes for this order.');
    expect(moneyBackSaid(120_000, false, 'after-return')).toBe('we refund £1,200.00 to the way you paid');
    expect(moneyBackSaid(120_000, true, 'after-return')).toBe('we credit £1,200.00 to your account with Two');
  });
});
