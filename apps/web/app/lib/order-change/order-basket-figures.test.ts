import { describe, expect, it } from 'vitest';
import { differenceText, orderBasketTotals, unitPriceText } from './order-basket-figures.ts';

const after = { goodsIncVat: 12_000, discountIncVat: 0, deliveryIncVat: 595, vatIncluded: 2_099, totalIncVat: 12_595, goodsExVat: 10_000, deliveryExVat: 496 };
const delivery = { code: 'standard', name: 'Standard delivery', priceIncVat: 595 };

describe('an order change’s figures', () => {
  it('totals a retail order inc VAT, as today', () => {
    expect(orderBasketTotals({ after, delivery, tradePriced: false })).toEqual({
      subtotalIncVat: 12_000,
      discountIncVat: 0,
      deliveryIncVat: 595,
      deliveryName: 'Standard delivery',
      totalIncVat: 12_595,
      vatIncluded: 2_099,
    });
  });

  it('totals an order at trade prices ex VAT too, from the API’s figures: the goods ex VAT, and the total less its VAT', () => {
    expect(orderBasketTotals({ after, delivery, tradePriced: true })).toMatchObject({ subtotalExVat: 10_000, totalExVat: 10_496, totalIncVat: 12_595 });
  });

  it('says a trade customer’s unit price ex VAT first, or inc VAT first as they chose', () => {
    const line = { unitPriceIncVat: 999, unitPriceExVat: 832 };
    expect(unitPriceText(line, false, 'ex')).toBe('£9.99 each');
    expect(unitPriceText(line, true, 'ex')).toBe('£8.32 ex VAT each (£9.99 inc VAT)');
    expect(unitPriceText(line, true, 'inc')).toBe('£9.99 inc VAT each (£8.32 ex VAT)');
  });

  it('says the difference as it is charged: inc VAT, said so at trade prices', () => {
    const basket = { toPayPence: 1_200, toRefundPence: 0, paidOnAccount: false, tradePriced: false };
    expect(differenceText(basket)).toBe('Difference to pay: £12.00');
    expect(differenceText({ ...basket, tradePriced: true })).toBe('Difference to pay (inc VAT): £12.00');
    expect(differenceText({ ...basket, tradePriced: true, paidOnAccount: true })).toBe('Difference to add to the invoice on account (inc VAT): £12.00');
    expect(differenceText({ ...basket, toPayPence: 0, toRefundPence: 500, tradePriced: true })).toBe('Difference to refund (inc VAT): £5.00');
    expect(differenceText({ ...basket, toPayPence: 0, toRefundPence: 500, paidOnAccount: true })).toBe('Difference to credit to the account with Two: £5.00');
    expect(differenceText({ ...basket, toPayPence: 0, tradePriced: true })).toBe('No difference to pay');
  });
});
