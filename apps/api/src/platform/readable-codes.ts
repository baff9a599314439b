import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * Codes people read aloud, over the phone or off paper (saved baskets, shared wishlists, issue
 * codes): digits and capitals without the look-alikes 0/O, 1/I/L and U/V, 29 symbols.
 */
export const READABLE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';

/** A cryptographically random code (`randomInt` is unbiased: no modulo skew). */
export function readableCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)];
  return code;
}

/** What a person typed, as codes are stored: case, spaces and hyphens do not matter. */
export const normaliseTypedCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]+/g, '');

/** The stored form of a typed code of `length` symbols, or null when it cannot be one. */
export function parseReadableCode(typed: string, length: number): string | null {
  const code = normaliseTypedCode(typed);
  if (code.length !== length) return null;
  for (const char of code) if (!READABLE_ALPHABET.includes(char)) return null;
  return code;
}

/** How a code is shown and spoken: groups of four, e.g. ABCD-EFGH. */
export const formatInFours = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? code;

/** 144 random bits, URL-safe: for things a guest reaches by id alone (baskets, wishlists). */
export const newOpaqueId = (): string => randomBytes(18).toString('base64url');

/** How a link's token is stored where only its holder should be able to use it: a SHA-256 digest (the token has 144 random bits). */
export const digestOfToken = (token: string): string => createHash('sha256').update(token).digest('hex');
