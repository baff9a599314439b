import { ApiError } from '@shop/api-client';
import { describe, expect, it } from 'vitest';
import {
  badgeText,
  basketCookie,
  basketIdFromCookie,
  collectNotices,
  createSerialQueue,
  discountProblemMessage,
  emailProblem,
  itemCountText,
  lineQuantityProblem,
  linePath,
  retrievalCodeProblem,
  retrieveProblemMessage,
  vatRateLabel,
} from './basket-logic.ts';

const problem = (status: number, code: string, detail: string) => new ApiError(status, { code, detail }, detail);

describe('createSerialQueue', () => {
  it('runs one task at a time, in the order they were queued, even when one fails', async () => {
    const queue = createSerialQueue();
    const events: string[] = [];
    let release!: () => void;
    const first = queue.run(
      () =>
        new Promise<string>((resolve) => {
          events.push('first started');
          release = () => resolve('first');
        }),
    );
    const second = queue.run(async () => {
      events.push('second started');
      throw new Error('refused');
    });
    const third = queue.run(async () => {
      events.push('third started');
      return 'third';
    });
    await Promise.resolve();
    expect(events).toEqual(['first started']);
    expect(queue.size).toBe(3);
    release();
    await expect(first).resolves.toBe('first');
    await expect(second).rejects.toThrow('refused');
    await expect(third).resolves.toBe('third');
    expect(events).toEqual(['first started', 'second started', 'third started']);
    await Promise.resolve();
    expect(queue.size).toBe(0);
  });
});

describe('the header button', () => {
  it('names the count for screen readers and caps the badge', () => {
    expect(itemCountText(0)).toBe('no items');
    expect(itemCountText(1)).toBe('1 item');
    expect(itemCountText(3)).toBe('3 items');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(150)).toBe('99+');
  });
});

describe('discountProblemMessage', () => {
  it("shows the API's words for each refusal code", () => {
    const wrongChannel = problem(422, 'DISCOUNT_CODE_WRONG_CHANNEL', 'This code can only be used on Trade.');
    expect(discountProblemMessage(wrongChannel)).toBe('This code can only be used on Trade.');
    expect(discountProblemMessage(new ApiError(422, { code: 'DISCOUNT_CODE_EXPIRED' }, ''))).toBe('That code has expired.');
  });
  it('falls back to the general messages for other failures', () => {
    expect(discountProblemMessage(new ApiError(0, null, 'offline'))).toMatch(/couldn’t reach the shop/);
  });
});

describe('retrieveProblemMessage', () => {
  it('tells unknown, expired and rate-limited codes apart', () => {
    expect(retrieveProblemMessage(problem(404, 'BASKET_RETRIEVAL_CODE_NOT_FOUND', 'x'))).toMatch(/can’t find a saved basket/);
    expect(retrieveProblemMessage(problem(410, 'BASKET_RETRIEVAL_CODE_EXPIRED', 'x'))).toMatch(/expired/);
    expect(retrieveProblemMessage(problem(429, 'RATE_LIMITED', 'x'))).toMatch(/Too many attempts/);
  });
});

describe('form checks', () => {
  it('accepts a retrieval code however it is typed, and says what a code looks like', () => {
    expect(retrievalCodeProblem('abcd-2345')).toBeNull();
    expect(retrievalCodeProblem(' ABCD 2345 ')).toBeNull();
    expect(retrievalCodeProblem('')).toMatch(/Enter the code/);
    expect(retrievalCodeProblem('ABC-234')).toMatch(/8 letters and numbers/);
  });
  it('checks an e-mail address loosely (the API decides)', () => {
    expect(emailProblem(' sam@example.com ')).toBeNull();
    expect(emailProblem('')).toBe('Enter an e-mail address.');
    expect(emailProblem('sam@example')).toMatch(/like name@example.com/);
  });
  it('explains each kind of bad quantity', () => {
    expect(lineQuantityProblem('3', 10)).toBeNull();
    expect(lineQuantityProblem('2.5', 10)).toBe('Enter a whole number, like 2.');
    expect(lineQuantityProblem('abc', 10)).toBe('Enter a whole number, like 2.');
    expect(lineQuantityProblem('0', 10)).toBe('Enter 1 or more, or remove the item.');
    expect(lineQuantityProblem('1000', 2000)).toBe('Enter 999 or fewer.');
    expect(lineQuantityProblem('11', 10)).toBe('Only 10 can be ordered at the moment.');
  });
});

describe('collectNotices', () => {
  it('keeps each notice once, in arrival order', () => {
    const merged = { type: 'merged' as const, message: 'We added 2 items', from: 1, to: 2 };
    const price = { type: 'price_changed' as const, sku: 'PL1-1', from: 100, to: 120, message: 'The price changed.' };
    const first = collectNotices([], [merged]);
    const second = collectNotices(first, [merged, price, price]);
    expect(second.map((notice) => notice.type)).toEqual(['merged', 'price_changed']);
    expect(new Set(second.map((notice) => notice.key)).size).toBe(2);
  });
});

it('links a line to its product with the variant chosen, and labels VAT rates', () => {
  expect(linePath({ productSlug: 'eden-basin-pl000109', sku: 'PL000109-2' })).toBe('/p/eden-basin-pl000109?sku=PL000109-2');
  expect(vatRateLabel(2000)).toBe('VAT at 20%');
});

describe('the guest basket cookie', () => {
  it('carries the basket id to the server for 90 days, on every page, never to other sites’ forms', () => {
    expect(basketCookie('b_123', true)).toBe('shop_basket=b_123; Max-Age=7776000; Path=/; SameSite=Lax; Secure');
    expect(basketCookie(null, false)).toBe('shop_basket=; Max-Age=0; Path=/; SameSite=Lax');
  });

  it('is read back only when it holds a basket id', () => {
    expect(basketIdFromCookie('theme=dark; shop_basket=b_123; other=1')).toBe('b_123');
    expect(basketIdFromCookie('shop_basket=')).toBeNull();
    expect(basketIdFromCookie('shop_basket=a%20b')).toBeNull();
    expect(basketIdFromCookie('not_shop_basket=b_123')).toBeNull();
  });
});
