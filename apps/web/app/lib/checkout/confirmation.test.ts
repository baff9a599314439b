import { ORDER_NUMBER_EXAMPLE } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { confirmationOrderNumber, placedInThisTab } from './confirmation.ts';

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
