import { describe, expect, it } from 'vitest';
import { newOrderNumber, normaliseOrderNumber, ORDER_NUMBER_EXAMPLE, ORDER_NUMBER_SYMBOLS, orderNumberCheckSymbol, orderNumberFrom } from './order-numbers.ts';

const NEW_NUMBER = /^BP-[23456789ABCDEFGHJKMNPQRSTWXYZ]{3}-[23456789ABCDEFGHJKMNPQRSTWXYZ]{3}-[23456789ABCDEFGHJKMNPQRSTWXYZ]{3}$/;

describe('new order numbers', () => {
  it('are BP and nine readable symbols in threes, the last a check symbol', () => {
    expect(ORDER_NUMBER_EXAMPLE).toBe('BP-K7M-3QX-9P6');
    for (let round = 0; round < 200; round += 1) {
      const number = newOrderNumber();
      expect(number).toMatch(NEW_NUMBER);
      expect(normaliseOrderNumber(number)).toBe(number);
    }
  });

  it('are not a sequence: a thousand drawn in a row are all different and share no run of neighbours', () => {
    const drawn = Array.from({ length: 1000 }, newOrderNumber);
    expect(new Set(drawn).size).toBe(1000);
    // Consecutive orders differ in most of their random symbols, not in the last one or two.
    const alike = drawn.slice(1).filter((number, index) => number.slice(0, 9) === drawn[index]!.slice(0, 9));
    expect(alike).toEqual([]);
  });

  it('draw every symbol about as often as any other', () => {
    const counts = new Map<string, number>();
    for (let round = 0; round < 2000; round += 1)
      for (const symbol of newOrderNumber().slice(3).replaceAll('-', '').slice(0, 8)) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    expect(counts.size).toBe(ORDER_NUMBER_SYMBOLS.length);
    // 16,000 symbols over 29: about 552 each, give or take 23.
    for (const count of counts.values()) expect(count).toBeGreaterThan(440);
  });

  it('catch any one symbol mistyped and any two neighbours swapped', () => {
    const body = 'K7M3QX9P';
    const check = orderNumberCheckSymbol(body);
    const valid = `BP${body}${check}`;
    expect(normaliseOrderNumber(valid)).toBe(ORDER_NUMBER_EXAMPLE);
    for (let index = 0; index < 9; index += 1) {
      for (const symbol of ORDER_NUMBER_SYMBOLS) {
        if (symbol === valid[index + 2]) continue;
        expect(normaliseOrderNumber(valid.slice(0, index + 2) + symbol + valid.slice(index + 3)), `${symbol} at ${index}`).toBeNull();
      }
    }
    const swapped = Array.from({ length: 7 }, (_, index) => body.slice(0, index) + body[index + 1]! + body[index]! + body.slice(index + 2));
    const misread = swapped.filter((symbols) => symbols !== body).map((symbols) => normaliseOrderNumber(`BP${symbols}${check}`));
    expect(misread).toEqual(misread.map(() => null));
  });

  it('are built from the values given, each taken modulo 29', () => {
    expect(orderNumberFrom([17, 5, 18, 1, 21, 26, 7, 20])).toBe(ORDER_NUMBER_EXAMPLE);
    expect(orderNumberFrom([17 + 29, 5, 18, 1, 21, 26, 7, 20 + 58])).toBe(ORDER_NUMBER_EXAMPLE);
  });
});

describe('an order number as typed', () => {
  it('may be in any case, with or without hyphens and spaces', () => {
    expect(normaliseOrderNumber(' bp k7m 3qx 9p6 ')).toBe(ORDER_NUMBER_EXAMPLE);
    expect(normaliseOrderNumber('BPK7M3QX9P6')).toBe(ORDER_NUMBER_EXAMPLE);
    expect(normaliseOrderNumber('bp-k7m–3qx-9p6')).toBe(ORDER_NUMBER_EXAMPLE);
  });

  it('may be an older number, BP and eight digits', () => {
    expect(normaliseOrderNumber('BP10000001')).toBe('BP10000001');
    expect(normaliseOrderNumber(' bp 1000 0001 ')).toBe('BP10000001');
  });

  it('is nothing when it cannot be one: look-alike symbols, wrong lengths, other prefixes', () => {
    const typed = ['', 'BP', 'BP1000000', 'BP100000011', 'BP-K7M-3QX-9P', 'BP-K7M-3QX-9P66', 'XX-K7M-3QX-9P6', 'BP-K7O-3QX-9P6', 'BP-K7M-3QX-9PU', '../../x'];
    expect(Object.fromEntries(typed.map((text) => [text, normaliseOrderNumber(text)]))).toEqual(Object.fromEntries(typed.map((text) => [text, null])));
  });
});
