import { describe, expect, it } from 'vitest';
import { lineQuantities } from './line-quantities.ts';

describe('what is left of an order line', () => {
  it.each([
    { cancelledQuantity: 0, left: { quantity: 2, lineTotalIncVat: 30_998 } },
    // 1 of 2 basin taps cancelled: 1 to send, at £154.99.
    { cancelledQuantity: 1, left: { quantity: 1, lineTotalIncVat: 15_499 } },
  ])('leaves out the cancelled part ($cancelledQuantity of 2)', ({ cancelledQuantity, left }) => {
    expect(lineQuantities({ quantity: 2, cancelledQuantity, lineTotalIncVat: 30_998 })).toEqual({ orderedQuantity: 2, cancelledQuantity, ...left });
  });

  it('leaves nothing to send, and nothing to pay for, when all of it was cancelled', () => {
    expect(lineQuantities({ quantity: 3, cancelledQuantity: 3, lineTotalIncVat: 1_000 })).toMatchObject({ quantity: 0, lineTotalIncVat: 0 });
  });

  it('keeps to whole pence, the cancelled part and what is left adding up to the line', () => {
    const left = lineQuantities({ quantity: 3, cancelledQuantity: 1, lineTotalIncVat: 1_000 });
    expect(left).toMatchObject({ quantity: 2, lineTotalIncVat: 667 });
    expect(left.lineTotalIncVat + Math.round(1_000 / 3)).toBe(1_000);
  });
});
