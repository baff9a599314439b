import { describe, expect, it } from 'vitest';
import { admit, eventCounts, readEvent, searchKey } from './event-rules.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('reading an event', () => {
  it('keeps what its schema names and nothing a browser adds, prices included', () => {
    const event = readEvent({
      event: 'Product Added',
      messageId: id(1).toUpperCase(),
      properties: { product_id: 42, sku: 'PL000042', quantity: 2, price: 1, coupon: 'FREE', extra: 'x' },
    });
    expect(event).toEqual({
      event: 'Product Added',
      messageId: id(1),
      anonymousId: null,
      personal: false,
      properties: { product_id: '42', sku: 'PL000042', quantity: 2 },
    });
  });

  it('refuses an event of no known name, a bad id or properties that do not match', () => {
    expect(readEvent({ event: 'Signed Up', messageId: id(2) })).toBeNull();
    expect(readEvent({ event: 'Cart Viewed', messageId: 'abc' })).toBeNull();
    expect(readEvent({ event: 'Products Searched', messageId: id(3), properties: { query: '', results: 0 } })).toBeNull();
    expect(readEvent({ event: 'Products Searched', messageId: id(3), properties: { query: 'a', results: -1 } })).toBeNull();
    expect(readEvent('Product Viewed')).toBeNull();
  });

  it('marks an event that names a device or a person as personal', () => {
    expect(readEvent({ event: 'Cart Viewed', messageId: id(4), anonymousId: 'abcdefgh1' })?.personal).toBe(true);
    expect(readEvent({ event: 'Cart Viewed', messageId: id(4), userId: 7 })?.personal).toBe(true);
    expect(readEvent({ event: 'Cart Viewed', messageId: id(4), anonymousId: 'short' })).toBeNull();
  });
});

describe('consent', () => {
  const plain = readEvent({ event: 'Cart Viewed', messageId: id(5) })!;
  const device = readEvent({ event: 'Cart Viewed', messageId: id(6), anonymousId: 'device-123' })!;
  it('without it keeps aggregate events tied to no one and drops personal ones', () => {
    expect(admit(plain, { consent: false, userId: 'u1' })).toEqual({ anonymousId: null, userId: null });
    expect(admit(device, { consent: false, userId: null })).toBeNull();
  });
  it('with it keeps the device and the caller the token names', () => {
    expect(admit(device, { consent: true, userId: 'u1' })).toEqual({ anonymousId: 'device-123', userId: 'u1' });
  });
});

describe('roll-ups', () => {
  it('counts a search by its words, and one with no results twice over', () => {
    expect(searchKey('  Copper   PIPE?! ')).toBe('copper pipe');
    const search = readEvent({ event: 'Products Searched', messageId: id(7), properties: { query: 'Basin ', results: 0 } })!;
    expect(eventCounts([search])).toEqual([
      { messageId: id(7), metric: 'search', subject: 'basin' },
      { messageId: id(7), metric: 'search-no-results', subject: 'basin' },
    ]);
  });

  it('counts a carousel seen and a product pressed in it under the carousel’s id, and a list that is none of the shop’s under none', () => {
    const seen = readEvent({ event: 'Product List Viewed', messageId: id(20), properties: { list_id: 'bought-together' } })!;
    const pressed = readEvent({
      event: 'Product Clicked',
      messageId: id(21),
      properties: { product_id: 7, sku: 'S7', list_id: 'bought-together', position: 1, price: 5 },
    })!;
    expect(pressed.properties).toEqual({ product_id: '7', sku: 'S7', list_id: 'bought-together', position: 1 });
    expect(eventCounts([seen, pressed]).map(({ metric, subject }) => `${metric}:${subject}`)).toEqual([
      'list-viewed:bought-together',
      'carousel-viewed:bought-together',
      'product-clicked:7',
      'carousel-clicked:bought-together',
    ]);
    const elsewhere = readEvent({ event: 'Product Clicked', messageId: id(22), properties: { product_id: 7, sku: 'S7', list_id: 'constructor' } })!;
    expect(eventCounts([elsewhere]).map(({ metric }) => metric)).toEqual(['product-clicked']);
  });
});
