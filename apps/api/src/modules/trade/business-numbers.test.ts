import { describe, expect, it } from 'vitest';
import { companyNumberProblem, normaliseBusinessNumber, vatCheckDigitsMatch, vatNumberProblem } from './business-numbers.ts';

describe('Companies House numbers', () => {
  it('are written in capitals without spaces', () => {
    expect(normaliseBusinessNumber(' sc 123-456 ')).toBe('SC123456');
  });

  it('accept 8 digits or a register prefix and 6 digits for a limited company', () => {
    for (const number of ['01234567', 'SC123456', 'NI654321', 'FC001122', 'R0123456']) expect(companyNumberProblem('limited_company', number)).toBeNull();
  });

  it('must be given for a limited company or an LLP', () => {
    expect(companyNumberProblem('limited_company', null)).toBe('Enter the Companies House number, like 01234567 or SC123456');
    expect(companyNumberProblem('llp', null)).toBe('Enter the Companies House number, like OC123456');
  });

  it('refuse the wrong length, the wrong shape and a prefix of another register', () => {
    expect(companyNumberProblem('limited_company', '1234567')).toBe('A Companies House number is 8 characters, like 01234567 or SC123456');
    expect(companyNumberProblem('limited_company', 'S1234567')).toContain('8 digits, or 2 letters and 6 digits');
    expect(companyNumberProblem('limited_company', 'ZZ123456')).toBe(
      'ZZ is not the start of a company’s number: enter 8 digits, or a prefix such as SC or NI and 6 digits',
    );
    expect(companyNumberProblem('limited_company', 'OC123456')).toContain('is not the start of a company’s number');
  });

  it('are OC, SO or NC for an LLP, never digits only', () => {
    expect(companyNumberProblem('llp', 'OC123456')).toBeNull();
    expect(companyNumberProblem('llp', 'SO123456')).toBeNull();
    expect(companyNumberProblem('llp', '01234567')).toBe('An LLP’s Companies House number starts with OC, SO or NC, like OC123456');
  });

  it('are optional for a partnership (a limited partnership has one) and absent for a sole trader', () => {
    expect(companyNumberProblem('partnership', null)).toBeNull();
    expect(companyNumberProblem('partnership', 'LP012345')).toBeNull();
    expect(companyNumberProblem('partnership', 'SC123456')).toContain('limited partnership');
    expect(companyNumberProblem('sole_trader', null)).toBeNull();
    expect(companyNumberProblem('sole_trader', '01234567')).toBe(
      'A sole trader has no Companies House number: leave it blank, or choose another type of business',
    );
  });
});

describe('VAT numbers', () => {
  it('are optional', () => {
    expect(vatNumberProblem(null)).toBeNull();
  });

  it('accept GB and 9 or 12 digits that pass HMRC’s check, and government and health authority numbers', () => {
    expect(vatNumberProblem('GB999999973')).toBeNull();
    expect(vatNumberProblem('GB999999973001')).toBeNull();
    expect(vatNumberProblem('GBGD001')).toBeNull();
    expect(vatNumberProblem('GBHA599')).toBeNull();
    expect(vatNumberProblem('XI999999973')).toBeNull();
  });

  it('check the weighted digits, old and 2010 series', () => {
    expect(vatCheckDigitsMatch('999999973')).toBe(true);
    expect(vatCheckDigitsMatch('123456789')).toBe(false);
    // 2010 series: total + 55 is a multiple of 97.
    expect(vatCheckDigitsMatch('100000132')).toBe(true);
  });

  it('refuse other shapes and say how to fix them', () => {
    expect(vatNumberProblem('999999973')).toBe('Start the VAT number with GB, like GB999999973');
    expect(vatNumberProblem('GB12345')).toBe('Enter a UK VAT number: GB and 9 digits, like GB999999973');
    expect(vatNumberProblem('FR12345678901')).toBe('Enter a UK VAT number: GB and 9 digits, like GB999999973');
    expect(vatNumberProblem('GBGD600')).toBe('Enter a UK VAT number: GB and 9 digits, like GB999999973');
    expect(vatNumberProblem('GB123456789')).toBe('Check the VAT number: GB123456789 is not a valid UK VAT number');
  });
});
