import { randomBytes, randomInt } from 'node:crypto';

/**
 * Codes read over the phone: no 0/O, 1/I/L, or U/V look-alikes. 8 of 29 characters is ~5×10¹¹
 * codes, and lookups are rate-limited, so guessing one of the live codes is hopeless.
 */
export const RETRIEVAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const RETRIEVAL_CODE_LENGTH = 8;

export function newRetrievalCode(): string {
  let code = '';
  for (let i = 0; i < RETRIEVAL_CODE_LENGTH; i++) code += RETRIEVAL_ALPHABET[randomInt(RETRIEVAL_ALPHABET.length)];
  return code;
}

/** How a code is shown and spoken: two groups of four. */
export const formatRetrievalCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/** What a person typed, as stored: case, spaces and hyphens do not matter. Null when it cannot be a code. */
export function normaliseRetrievalCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== RETRIEVAL_CODE_LENGTH) return null;
  for (const char of code) if (!RETRIEVAL_ALPHABET.includes(char)) return null;
  return code;
}

/** 144 random bits, URL-safe: a guest's basket is reachable only by whoever holds its id. */
export const newBasketId = (): string => randomBytes(18).toString('base64url');
