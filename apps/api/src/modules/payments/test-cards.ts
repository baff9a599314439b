import type { CardBehaviour } from './payments.tables.ts';

/**
 * The sandbox's card rules: Stripe's test card numbers and what each one does. Any other number
 * that passes the Luhn check is treated as a real card and declined, as Stripe's test mode does.
 */
const TEST_CARDS: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': 'succeeds',
  '4000056655665556': 'succeeds', // Visa debit
  '5555555555554444': 'succeeds',
  '2223003122003222': 'succeeds',
  '5200828282828210': 'succeeds', // Mastercard debit
  '378282246310005': 'succeeds',
  '4000002500003155': 'requires_authentication',
  '4000000000009995': 'insufficient_funds',
  '4000000000000002': 'generic_decline',
};

export function digitsOnly(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

export function cardBehaviour(digits: string): CardBehaviour {
  return TEST_CARDS[digits] ?? 'live_card';
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

export interface CardFieldErrors {
  number?: string;
  expiry?: string;
  cvc?: string;
  postcode?: string;
}

/** `MM / YY` (or MM/YYYY) → month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;

/** The card field's checks, worded for the person typing; the frame runs the same rules in the browser. */
export function checkCardFields(input: { number: string; expiry: string; cvc: string; postcode: string }, now: Date): CardFieldErrors {
  const errors: CardFieldErrors = {};
  const digits = digitsOnly(input.number);
  if (!digits) errors.number = 'Enter your card number.';
  else if (!passesLuhn(digits)) errors.number = 'Your card number is incomplete or not valid.';
  const expiry = parseExpiry(input.expiry);
  if (!expiry) errors.expiry = 'Enter the expiry date as MM / YY.';
  else if (isExpired(expiry.month, expiry.year, now)) errors.expiry = 'This card has expired.';
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) errors.cvc = `Enter the ${cvcLength}-digit security code.`;
  if (!UK_POSTCODE.test(input.postcode.trim())) errors.postcode = 'Enter a UK postcode, like SW1A 1AA.';
  return errors;
}
