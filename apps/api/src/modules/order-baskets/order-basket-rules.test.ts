import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_MODIFICATION_TYPES as TYPES } from '@shop/contracts';
import {
  describeChange,
  difference,
  figuresOf,
  linesAfter,
  quantityProblem,
  settlement,
  unitsAdded,
  vatIn,
  type AddedOffering,
  type OrderLineFact,
  type RecordedChange,
} from './order-basket-rules.ts';

const mixer: OrderLineFact = {
  position: 1,
  sku: 'TAP-1',
  productName: 'Basin mixer',
  label: 'Chrome',
  quantity: 2,
  unitPriceIncVat: 4_999,
  vatBasisPoints: 2_000,
};
const waste: AddedOffering = { sku: 'WST-1', productName: 'Basin waste', label: '', unitPriceIncVat: 1_200, vatBasisPoints: 2_000 };
const add = (sku: string, quantity: number): RecordedChange => ({ modificationType: TYPES.AddOffering, sku, quantity });
const remove = (sku: string, quantity: number): RecordedChange => ({ modificationType: TYPES.RemoveOffering, sku, quantity });

describe('order basket lines', () => {
  it('adds a new item at today’s price and keeps the order’s lines at the price paid', () => {
    const lines = linesAfter([mixer], [add('WST-1', 1)], new Map([['WST-1', waste]]));
    expect(lines.map((line) => [line.sku, line.quantity, line.lineTotalIncVat, line.change])).toEqual([
      ['TAP-1', 2, 9_998, null],
      ['WST-1', 1, 1_200, 'added'],
    ]);
  });

  it('removes added units first, then cancels from the order’s last line of the sku', () => {
    const second = { ...mixer, position: 2, quantity: 1 };
    const lines = linesAfter([mixer, second], [remove('TAP-1', 2)], new Map());
    expect(lines.map((line) => [line.position, line.quantity, line.cancelled, line.change])).toEqual([
      [1, 1, 1, 'fewer'],
      [2, 0, 1, 'removed'],
    ]);
    expect(unitsAdded([mixer], [add('TAP-1', 3), remove('TAP-1', 2)])).toEqual(new Map([['TAP-1', 1]]));
  });

  it('says what changed in words', () => {
    const lines = linesAfter([mixer], [remove('TAP-1', 1), add('WST-1', 1)], new Map([['WST-1', waste]]));
    expect(describeChange(lines, true)).toBe('Removed 1 × Basin mixer (Chrome); added 1 × Basin waste; new delivery address');
  });

  it('accepts whole quantities from 1 to 999 only', () => {
    expect([0, 1, 999, 1000, 1.5, -1].map(quantityProblem)).toEqual(['out-of-range', null, null, 'out-of-range', 'not-whole', 'out-of-range']);
  });
});

describe('order basket figures', () => {
  it('works out VAT on what is paid, per line as placing does, with the discount shared over the rates as lines of their own', () => {
    const figures = figuresOf(
      [
        { lineTotalIncVat: 12_000, lineTotalExVat: 10_000, vatBasisPoints: 2_000 },
        { lineTotalIncVat: 1_050, lineTotalExVat: 1_000, vatBasisPoints: 500 },
      ],
      { goodsPence: 1_000, deliveryPence: 0 },
      600,
    );
    expect(figures).toEqual({
      goodsIncVat: 13_050,
      discountIncVat: 1_000,
      deliveryIncVat: 600,
      // The discount's 920 at 20% and 80 at 5% (by their goods, rounded) are lines holding 153 and 4 VAT; delivery holds 100.
      vatIncluded: 100 + (12_000 - 10_000 - vatIn(920, 2_000)) + (1_050 - 1_000 - vatIn(80, 500)),
      totalIncVat: 12_650,
      goodsExVat: 11_000,
      deliveryExVat: 500,
    });
  });

  it('reads ex VAT as the order’s lines do: each unit less the VAT it holds at its own rate, × quantity, and the delivery less its VAT', () => {
    const fittings: OrderLineFact = { ...mixer, position: 2, sku: 'FIT-1', productName: 'Fittings', quantity: 3, unitPriceIncVat: 999 };
    const book: OrderLineFact = { ...mixer, position: 3, sku: 'BOOK-1', productName: 'Fitting guide', quantity: 1, unitPriceIncVat: 1_050, vatBasisPoints: 0 };
    const order = [mixer, fittings, book];
    const reduced: AddedOffering = { ...waste, sku: 'SAVE-1', productName: 'Energy saver', unitPriceIncVat: 1_200, vatBasisPoints: 500 };
    const lines = linesAfter(order, [remove('TAP-1', 1), add('SAVE-1', 2)], new Map([['SAVE-1', reduced]]));
    expect(lines.map((line) => [line.sku, line.unitPriceExVat, line.lineTotalExVat])).toEqual([
      ['TAP-1', 4_166, 4_166], // 4,999 less 833 VAT at 20%
      ['FIT-1', 832, 2_496], // 999 less 167: the unit's net × 3, not 2,997 less its 500 VAT
      ['BOOK-1', 1_050, 1_050], // zero-rated: no VAT in it
      ['SAVE-1', 1_143, 2_286], // 1,200 less 57 at 5%
    ]);
    const before = figuresOf(linesAfter(order, [], new Map()), { goodsPence: 0, deliveryPence: 0 }, 595);
    const after = figuresOf(lines, { goodsPence: 0, deliveryPence: 0 }, 0);
    expect([before.goodsExVat, before.deliveryExVat, after.goodsExVat, after.deliveryExVat]).toEqual([
      8_332 + 2_496 + 1_050,
      496,
      4_166 + 2_496 + 1_050 + 2_286,
      0,
    ]);
    expect(difference(before, after)).toMatchObject({ goodsExVat: 4_166 + 2_286 - 8_332, deliveryExVat: -496 });
  });

  it('leaves the VAT the lines’ own (each unit less its VAT, × quantity), not that of the sum at each rate, so the order reads to the penny', () => {
    // 3 × £9.99 at 20% and 2 × £10.50 at 5%: 167 VAT a unit and 50 a unit, 501 and 100 on the lines,
    // where the sums at each rate (2,997 and 2,100) would hold 500 and 100.
    const fittings = { ...mixer, sku: 'FIT-1', quantity: 3, unitPriceIncVat: 999 };
    const saver = { ...mixer, position: 2, sku: 'SAVE-1', quantity: 2, unitPriceIncVat: 1_050, vatBasisPoints: 500 };
    const placed = figuresOf(linesAfter([fittings, saver], [], new Map()), { goodsPence: 0, deliveryPence: 0 }, 599);
    expect(placed).toMatchObject({ goodsExVat: 2_496 + 2_000, deliveryExVat: 499, vatIncluded: 501 + 100 + 100, totalIncVat: 5_696 });
    expect(placed.totalIncVat - placed.vatIncluded).toBe(placed.goodsExVat + placed.deliveryExVat);
    expect(vatIn(2_997, 2_000) + vatIn(2_100, 500) + vatIn(599, 2_000)).toBe(placed.vatIncluded - 1);

    // One more £9.99 unit: 4 × 167 = 668 VAT on the line, where 3,996's would be 666.
    const changed = figuresOf(
      linesAfter([fittings, saver], [add('FIT-1', 1)], new Map([['FIT-1', { ...waste, sku: 'FIT-1', unitPriceIncVat: 999 }]])),
      { goodsPence: 0, deliveryPence: 0 },
      599,
    );
    expect(changed).toMatchObject({ goodsExVat: 3_328 + 2_000, vatIncluded: 668 + 100 + 100 });
    expect(changed.totalIncVat - changed.vatIncluded).toBe(changed.goodsExVat + changed.deliveryExVat);
    expect(difference(placed, changed)).toMatchObject({ totalIncVat: 999, vatIncluded: 167, goodsExVat: 832 });
  });

  it('charges a higher total’s difference and refunds a lower one', () => {
    expect(settlement(9_998, 11_198)).toEqual({ chargePence: 1_200, refundPence: 0 });
    expect(settlement(9_998, 4_999)).toEqual({ chargePence: 0, refundPence: 4_999 });
    expect(settlement(9_998, 9_998)).toEqual({ chargePence: 0, refundPence: 0 });
  });
});

// Property tests: random orders and random changes, completed one after another.
const skuArb = fc.constantFrom('A', 'B', 'C', 'D');
const lineArb = fc.record({
  sku: skuArb,
  quantity: fc.integer({ min: 1, max: 999 }),
  unitPriceIncVat: fc.integer({ min: 1, max: 500_000 }),
  vat: fc.constantFrom(0, 500, 2_000),
});
const changeArb = fc.record({ add: fc.boolean(), sku: skuArb, quantity: fc.integer({ min: 1, max: 999 }) });
const roundArb = fc.record({
  changes: fc.array(changeArb, { maxLength: 6 }),
  discountPence: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50_000 })),
  deliveryPence: fc.integer({ min: 0, max: 9_000 }),
  prices: fc.record({
    A: fc.integer({ min: 1, max: 90_000 }),
    B: fc.integer({ min: 1, max: 90_000 }),
    C: fc.integer({ min: 1, max: 90_000 }),
    D: fc.integer({ min: 1, max: 90_000 }),
  }),
});

describe('order basket properties', () => {
  it('paid minus refunded always equals the final order total, over any run of completed changes', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), fc.array(roundArb, { minLength: 1, maxLength: 4 }), (placed, rounds) => {
        let order: OrderLineFact[] = placed.map((line, index) => ({
          position: index + 1,
          productName: line.sku,
          label: '',
          vatBasisPoints: line.vat,
          ...line,
        }));
        const first = figuresOf(linesAfter(order, [], new Map()), { goodsPence: 0, deliveryPence: 0 }, 0);
        expect(first.totalIncVat - first.vatIncluded).toBe(first.goodsExVat);
        let before = first;
        let captured = first.totalIncVat;
        let refunded = 0;
        for (const round of rounds) {
          const changes = round.changes.map((change) => (change.add ? add(change.sku, change.quantity) : remove(change.sku, change.quantity)));
          const prices = new Map(
            Object.entries(round.prices).map(([sku, price]) => [sku, { sku, productName: sku, label: '', unitPriceIncVat: price, vatBasisPoints: 2_000 }]),
          );
          const lines = linesAfter(order, changes, prices);
          for (const line of lines) {
            expect(line.quantity).toBeGreaterThanOrEqual(0);
            expect(line.lineTotalIncVat).toBe(line.quantity * line.unitPriceIncVat);
          }
          const after = figuresOf(lines, { goodsPence: round.discountPence, deliveryPence: 0 }, round.deliveryPence);
          expect(after.discountIncVat).toBeLessThanOrEqual(after.goodsIncVat);
          expect(after.totalIncVat).toBeGreaterThanOrEqual(0);
          expect(after.vatIncluded).toBeLessThanOrEqual(after.totalIncVat);
          for (const line of lines)
            expect([line.lineTotalExVat, line.unitPriceExVat <= line.unitPriceIncVat]).toEqual([line.unitPriceExVat * line.quantity, true]);
          expect(after.goodsExVat).toBeLessThanOrEqual(after.goodsIncVat);
          // VAT per line, as placing works it out: the lines and the delivery ex VAT, less the discount's net, are the total less its VAT,
          // to the penny (the VAT of each rate's sum is often a penny or more away from its lines'). Without a discount, exactly.
          const discountExVat = after.goodsExVat + after.deliveryExVat - (after.totalIncVat - after.vatIncluded);
          expect(discountExVat).toBeGreaterThanOrEqual(0);
          expect(discountExVat).toBeLessThanOrEqual(after.discountIncVat);
          // A change's difference reads the same way when neither side has a discount.
          const moved = difference(before, after);
          const withoutDiscount = before.discountIncVat === 0 && after.discountIncVat === 0;
          expect(withoutDiscount ? moved.goodsExVat + moved.deliveryExVat - (moved.totalIncVat - moved.vatIncluded) : 0).toBe(0);
          before = after;
          const { chargePence, refundPence } = settlement(captured - refunded, after.totalIncVat);
          expect(chargePence === 0 || refundPence === 0).toBe(true);
          captured += chargePence;
          refunded += refundPence;
          expect(captured - refunded).toBe(after.totalIncVat);
          expect(Number.isInteger(captured) && Number.isInteger(refunded)).toBe(true);
          // The completed change becomes the order the next one starts from.
          order = lines
            .filter((line) => line.quantity > 0)
            .map((line, index) => ({
              position: index + 1,
              sku: line.sku,
              productName: line.productName,
              label: '',
              quantity: line.quantity,
              unitPriceIncVat: line.unitPriceIncVat,
              vatBasisPoints: line.vatBasisPoints,
            }));
          if (order.length === 0) break;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never holds stock for more than the change adds, and never removes more than the order has', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), fc.array(changeArb, { maxLength: 8 }), (placed, raw) => {
        const order = placed.map((line, index) => ({ position: index + 1, productName: line.sku, label: '', vatBasisPoints: line.vat, ...line }));
        const changes = raw.map((change) => (change.add ? add(change.sku, change.quantity) : remove(change.sku, change.quantity)));
        const totalAdded = raw.filter((change) => change.add).reduce((sum, change) => sum + change.quantity, 0);
        const held = [...unitsAdded(order, changes).values()].reduce((sum, units) => sum + units, 0);
        expect(held).toBeLessThanOrEqual(totalAdded);
        const prices = new Map(['A', 'B', 'C', 'D'].map((sku) => [sku, { ...waste, sku }]));
        for (const line of linesAfter(order, changes, prices)) expect(line.cancelled).toBeLessThanOrEqual(line.quantityBefore);
      }),
    );
  });
});
