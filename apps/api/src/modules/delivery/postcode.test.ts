import { describe, expect, it } from 'vitest';
import { holidayRegionOf, normalisePostcode, parsePostcode, zoneOf } from './postcode.ts';

const parsed = (text: string) => {
  const result = parsePostcode(text);
  if (!result.ok) throw new Error(result.reason);
  return result.postcode;
};
const reason = (text: string) => {
  const result = parsePostcode(text);
  return result.ok ? null : result.reason;
};

describe('postcodes', () => {
  it('normalise: uppercase, one space before the inward code', () => {
    expect(normalisePostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normalisePostcode('  ec1a   1bb ')).toBe('EC1A 1BB');
    expect(parsed('m11ae')).toMatchObject({ normalised: 'M1 1AE', outward: 'M1', inward: '1AE', area: 'M', district: 1 });
    expect(parsed('iv63 7yz')).toMatchObject({ normalised: 'IV63 7YZ', area: 'IV', district: 63 });
  });

  it('accept every format of docs/domain.md §4.4 and GIR 0AA', () => {
    for (const text of ['M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'W1A 0AX', 'EC1A 1BB', 'GIR 0AA', 'ID1 1QD']) {
      expect({ text, ok: parsePostcode(text).ok }).toEqual({ text, ok: true });
    }
  });

  it('refuse what is not a postcode, saying why and with an example', () => {
    expect(reason('')).toMatch(/length/);
    expect(reason('SW1A 1AAA')).toMatch(/length/);
    expect(reason('12345')).toMatch(/not a UK postcode.*SW1A 1AA/);
    expect(reason('QA1 1AA')).toMatch(/Q, V or X/);
    expect(reason('AJ1 1AA')).toMatch(/I, J or Z/);
    expect(reason('W1L 1AA')).toMatch(/"L" cannot follow "W1"/);
    expect(reason('EC1Z 1AA')).toMatch(/"Z" cannot follow "EC1"/);
    expect(reason('SW1A 1AC')).toMatch(/C, I, K, M, O or V/);
  });

  it('place outward codes in the zones of docs/domain.md §4.4', () => {
    const zone = (text: string) => zoneOf(parsed(text));
    expect(['SW1A 1AA', 'AB10 1AA', 'IV64 1AA', 'PO1 1AA', 'TR1 1AA', 'EH1 1AA', 'PA19 1AA'].map(zone)).toEqual(Array(7).fill('mainland'));
    expect(['IV2 3AB', 'AB37 9AA', 'KW1 4AA', 'PA21 2AA', 'PH50 4AA', 'FK17 8AA', 'IV63 7YZ'].map(zone)).toEqual(Array(7).fill('highlands'));
    expect(['HS1 2AA', 'IV41 8AA', 'KW15 1AA', 'PA20 0AA', 'PA78 6AA', 'ZE1 0AA', 'KA27 8AA', 'PH43 4AA'].map(zone)).toEqual(Array(8).fill('islands'));
    expect(zone('BT1 1AA')).toBe('northern-ireland');
    expect(zone('PO30 1AA')).toBe('isle-of-wight');
    expect(zone('TR21 0AA')).toBe('scilly');
    expect(zone('IM1 1AA')).toBe('isle-of-man');
    expect(zone('JE2 3AB')).toBe('channel-islands');
    expect(zone('GY1 1AA')).toBe('channel-islands');
  });

  it('choose the bank holidays of the destination', () => {
    expect(holidayRegionOf(parsed('EH1 1AA'))).toBe('scotland');
    expect(holidayRegionOf(parsed('G1 1AA'))).toBe('scotland');
    expect(holidayRegionOf(parsed('BT9 5AA'))).toBe('northern-ireland');
    expect(holidayRegionOf(parsed('GU1 1AA'))).toBe('england-and-wales');
    expect(holidayRegionOf(null)).toBe('england-and-wales');
  });
});
