/**
 * Order numbers (decision 0049): `BP-` and nine symbols in threes, like BP-K7M-3QX-9P6. Eight are
 * drawn at random (29⁸, about 5 × 10¹¹) and the ninth is a check symbol, from the shop's readable
 * alphabet (no 0/O, 1/I/L or U/V), so a number reads out over the phone, a slip in typing one is
 * caught before any look-up, and a number says nothing about its neighbours. Orders placed before
 * keep theirs: BP and eight digits from a sequence.
 */

/** The symbols of the shop's read-aloud codes (the API's `READABLE_ALPHABET`): 29, a prime, so the check below catches every single slip. */
export const ORDER_NUMBER_SYMBOLS = '23456789ABCDEFGHJKMNPQRSTWXYZ';
/** Random symbols in a new number; the check symbol follows them. */
export const ORDER_NUMBER_RANDOM_SYMBOLS = 8;

const BASE = ORDER_NUMBER_SYMBOLS.length;
const LEGACY = /^BP\d{8}$/;
const TYPED = /^BP([0-9A-Z]{9})$/;

/**
 * The check symbol of eight symbols: their values weighted 1 to 8, summed, modulo 29. Changing one
 * symbol moves the sum by its weight times a difference below 29, and swapping two neighbours moves
 * it by their difference: with 29 prime, neither can leave it where it was.
 */
export function orderNumberCheckSymbol(symbols: string): string {
  let sum = 0;
  for (const [index, symbol] of symbols.split('').entries()) sum += (index + 1) * ORDER_NUMBER_SYMBOLS.indexOf(symbol);
  return ORDER_NUMBER_SYMBOLS[sum % BASE]!;
}

const grouped = (symbols: string) => `BP-${symbols.slice(0, 3)}-${symbols.slice(3, 6)}-${symbols.slice(6)}`;

/** A new order number from random values, one per symbol (each taken modulo 29: `newOrderNumber` draws them without skew). */
export function orderNumberFrom(values: ArrayLike<number>): string {
  let symbols = '';
  for (let index = 0; index < ORDER_NUMBER_RANDOM_SYMBOLS; index += 1) symbols += ORDER_NUMBER_SYMBOLS[values[index]! % BASE];
  return grouped(symbols + orderNumberCheckSymbol(symbols));
}

/** A new order number from the platform's cryptographic random source: bytes of 232 or more are drawn again, so every symbol is equally likely. */
export function newOrderNumber(): string {
  const values: number[] = [];
  const limit = 256 - (256 % BASE);
  while (values.length < ORDER_NUMBER_RANDOM_SYMBOLS) {
    for (const byte of crypto.getRandomValues(new Uint8Array(ORDER_NUMBER_RANDOM_SYMBOLS)))
      if (byte < limit && values.length < ORDER_NUMBER_RANDOM_SYMBOLS) values.push(byte);
  }
  return orderNumberFrom(values);
}

/** How every page, e-mail and message shows a new order number. */
export const ORDER_NUMBER_EXAMPLE = orderNumberFrom([17, 5, 18, 1, 21, 26, 7, 20]);

/**
 * An order number as a person typed it (any case, spaces and hyphens anywhere), as it is stored:
 * `BP-K7M-3QX-9P6`, or an older `BP10000001`. Null when it cannot be one, a wrong check symbol
 * included, so a mistyped number is told apart from an order we do not have.
 */
export function normaliseOrderNumber(typed: string): string | null {
  const text = typed.replace(/[\s\-‐‑–—]+/g, '').toUpperCase();
  if (LEGACY.test(text)) return text;
  const symbols = TYPED.exec(text)?.[1];
  if (!symbols || symbols.split('').some((symbol) => !ORDER_NUMBER_SYMBOLS.includes(symbol))) return null;
  return orderNumberCheckSymbol(symbols.slice(0, ORDER_NUMBER_RANDOM_SYMBOLS)) === symbols.at(-1) ? grouped(symbols) : null;
}
