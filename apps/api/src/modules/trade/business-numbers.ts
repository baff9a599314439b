/**
 * Companies House and VAT numbers, pure (docs/domain.md §3.2): written as they are stored (capitals,
 * no spaces), and checked by format against the business type. A problem is a sentence for the
 * person who typed it, or null.
 */
import type { TradeBusinessType } from '@shop/contracts';

/** Capitals, without spaces, dots or hyphens: `sc 123-456` → `SC123456`. */
export const normaliseBusinessNumber = (typed: string): string => typed.toUpperCase().replace(/[\s.-]+/g, '');

/**
 * Companies House prefixes by register: England and Wales companies are 8 digits; the others are 2
 * letters and 6 digits. Limited liability partnerships and limited partnerships have their own.
 */
const COMPANY_PREFIXES = ['SC', 'NI', 'R0', 'FC', 'SF', 'NF', 'SE', 'GE', 'ES', 'RC', 'SR', 'NR', 'IP', 'SP', 'NP', 'RS', 'CE', 'CS'];
const LLP_PREFIXES = ['OC', 'SO', 'NC'];
const PARTNERSHIP_PREFIXES = ['LP', 'SL', 'NL'];

/** What a type of business is registered under, if anything. */
function registerOf(type: TradeBusinessType): { prefixes: readonly string[]; digitsOnly: boolean; required: boolean; example: string } | null {
  switch (type) {
    case 'limited_company':
      return { prefixes: COMPANY_PREFIXES, digitsOnly: true, required: true, example: '01234567 or SC123456' };
    case 'llp':
      return { prefixes: LLP_PREFIXES, digitsOnly: false, required: true, example: 'OC123456' };
    case 'partnership':
      // Only a limited partnership is registered; an ordinary partnership has no number.
      return { prefixes: PARTNERSHIP_PREFIXES, digitsOnly: false, required: false, example: 'LP012345' };
    case 'sole_trader':
      return null;
  }
}

/** Whether a number is missing where it must be given, or has the wrong shape for the type; `number` is normalised. */
export function companyNumberProblem(type: TradeBusinessType, number: string | null): string | null {
  const register = registerOf(type);
  if (!number) return register?.required ? `Enter the Companies House number, like ${register.example}` : null;
  if (!register) return 'A sole trader has no Companies House number: leave it blank, or choose another type of business';
  if (number.length !== 8) return `A Companies House number is 8 characters, like ${register.example}`;
  if (register.digitsOnly && /^\d{8}$/.test(number)) return null;
  const prefix = number.slice(0, 2);
  if (!/^([A-Z]{2}|R0)\d{6}$/.test(number) && !/^\d{8}$/.test(number))
    return `Enter a Companies House number of 8 digits, or 2 letters and 6 digits, like ${register.example}`;
  if (!register.prefixes.includes(prefix)) {
    return type === 'llp'
      ? `An LLP’s Companies House number starts with OC, SO or NC, like ${register.example}`
      : type === 'partnership'
        ? `A limited partnership’s Companies House number starts with LP, SL or NL, like ${register.example}`
        : `${prefix} is not the start of a company’s number: enter 8 digits, or a prefix such as SC or NI and 6 digits`;
  }
  return null;
}

/**
 * A UK VAT number: GB and 9 digits, 12 digits (a branch), or a government department (GD000–GD499)
 * or health authority (HA500–HA999); XI for Northern Ireland goods. The 9 digits carry a check:
 * HMRC's mod-97 (or the 2010 "mod 9755" series).
 */
export function vatNumberProblem(number: string | null): string | null {
  if (!number) return null;
  const example = 'like GB999999973';
  const match = /^(GB|XI)(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/.exec(number);
  if (!match) {
    if (/^\d{9}$|^\d{12}$/.test(number)) return `Start the VAT number with GB, ${example}`;
    return `Enter a UK VAT number: GB and 9 digits, ${example}`;
  }
  const digits = match[2]!;
  if (/^\d/.test(digits) && !vatCheckDigitsMatch(digits.slice(0, 9))) return `Check the VAT number: ${number} is not a valid UK VAT number`;
  return null;
}

/** HMRC's weighted check of the first 9 digits: the total plus the last two is a multiple of 97 (or, from 2010, 55 more is). */
export function vatCheckDigitsMatch(nine: string): boolean {
  const weights = [8, 7, 6, 5, 4, 3, 2];
  const total = weights.reduce((sum, weight, index) => sum + weight * Number(nine[index]), 0) + Number(nine.slice(7, 9));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}
