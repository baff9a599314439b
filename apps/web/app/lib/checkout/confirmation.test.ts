import { ORDER_NUMBER_EXAMPLE } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { confirmationOrderNumber, placedByThisBrowser, placedInThisTab, placedOrderCookie } from './confirmation.ts';

const snapshot = (orderNumber: string) => JSON.stringify({ orderNumber, emailAddress: 'a@b.test' });

describe('the order number in a confirmation page’s address', () => {
  it('refuses what cannot be an order number, before any look-up', () => {
    expect(confirmationOrderNumber('HELLO<SCRIPT>')).toBeNull();
    expect(confirmationOrderNumber('')).toBeNull();
    // One symbol changed: the check symbol no longer matches.
    const mistyped = ORDER_NUMBER_EXAMPLE.slice(0, -1) + (ORDER_NUMBER_EXAMPLE.endsWith('2') ? '3' : '2');
    expect(confirmationOrderNumber(mistyped)).toBeNull();
  });

  it('takes a real number however it was typed, and an older one', () => {
    expect(confirmationOrderNumber(ORDER_NUMBER_EXAMPLE.toLowerCase().replaceAll('-', ''))).toBe(ORDER_NUMBER_EXAMPLE);
    expect(confirmationOrderNumber('bp10000001')).toBe('BP10000001');
  });
});

describe('whether this tab placed the order', () => {
  it('waits until the tab’s storage can be read', () => {
    expect(placedInThisTab(undefined, undefined, ORDER_NUMBER_EXAMPLE)).toBeUndefined();
  });

  it('is true for the order placed here, from its snapshot or its kept number', () => {
    expect(placedInThisTab(snapshot(ORDER_NUMBER_EXAMPLE), null, ORDER_NUMBER_EXAMPLE)).toBe(true);
    expect(placedInThisTab(null, ORDER_NUMBER_EXAMPLE, ORDER_NUMBER_EXAMPLE)).toBe(true);
  });

  it('is false for any other order, and with nothing kept', () => {
    expect(placedInThisTab(snapshot('BP10000001'), 'BP10000001', ORDER_NUMBER_EXAMPLE)).toBe(false);
    expect(placedInThisTab(null, null, ORDER_NUMBER_EXAMPLE)).toBe(false);
    expect(placedInThisTab('not json', null, ORDER_NUMBER_EXAMPLE)).toBe(false);
  });
});

describe('the cookie of the browser that placed the order', () => {
  it('names the order to the thank-you pages only, and matches the number however it is typed', () => {
    const cookie = placedOrderCookie(ORDER_NUMBER_EXAMPLE, true);
    expect(cookie).toBe(`shop_placed_order=${ORDER_NUMBER_EXAMPLE}; Path=/checkout/confirmation; SameSite=Lax; Secure`);
    const sent = `shop_signed_in=1; ${cookie.split(';')[0]}`;
    expect(placedByThisBrowser(sent, ORDER_NUMBER_EXAMPLE)).toBe(true);
    expect(placedByThisBrowser(`shop_placed_order=${ORDER_NUMBER_EXAMPLE.toLowerCase()}`, ORDER_NUMBER_EXAMPLE)).toBe(true);
    expect(placedByThisBrowser(sent, confirmationOrderNumber('BP10000001')!)).toBe(false);
    expect(placedByThisBrowser('shop_placed_order=%E0%A4%A', ORDER_NUMBER_EXAMPLE)).toBe(false);
    expect(placedByThisBrowser(null, ORDER_NUMBER_EXAMPLE)).toBe(false);
  });
});
