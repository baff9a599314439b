import { randomInt } from 'node:crypto';

/**
 * Digits and capitals without the ones people confuse when reading a code aloud or off paper:
 * no 0/O, 1/I/L, U/V (29 symbols). 12 of them give about 58 bits.
 */
export const ISSUE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const ISSUE_CODE_LENGTH = 12;

/** One cryptographically random issue code (`randomInt` is unbiased: no modulo skew). */
export function generateIssueCode(): string {
  let code = '';
  for (let index = 0; index < ISSUE_CODE_LENGTH; index += 1) code += ISSUE_CODE_ALPHABET[randomInt(ISSUE_CODE_ALPHABET.length)];
  return code;
}

/** What the shopper typed, as codes are stored: capitals, no spaces or hyphens. */
export const normaliseCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]+/g, '');
