import { describe, expect, it } from 'vitest';
import { londonIsoDateTime, londonWallClockInstant } from './london-clock.ts';

describe('UK times in files', () => {
  it('reads a UK date and time as London’s clock, in GMT and in BST, and refuses what is not one', () => {
    expect(londonWallClockInstant('2026-12-01T09:00')).toEqual(new Date('2026-12-01T09:00:00Z'));
    expect(londonWallClockInstant('2027-06-01 09:00:30')).toEqual(new Date('2027-06-01T08:00:30Z'));
    // The clocks go back at 02:00 BST on 25 Oct 2026: 01:30 comes twice, and the first (BST) is taken.
    expect(londonWallClockInstant('2026-10-25 01:30')).toEqual(new Date('2026-10-25T00:30:00Z'));
    for (const text of ['2026-02-30 09:00', '2026-12-01', '2026-12-01 25:00', '01/12/2026 09:00']) expect(londonWallClockInstant(text)).toBeNull();
  });

  it('writes an instant in ISO 8601 with London’s offset, exactly, and reads it back', () => {
    expect(londonIsoDateTime(new Date('2026-12-01T09:00:00Z'))).toBe('2026-12-01T09:00:00+00:00');
    expect(londonIsoDateTime('2027-06-01T08:00:30.250Z')).toBe('2027-06-01T09:00:30.250+01:00');
    for (const at of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z', '2027-03-28T01:00:00Z'])
      expect(new Date(londonIsoDateTime(at)).toISOString()).toBe(new Date(at).toISOString());
  });
});
