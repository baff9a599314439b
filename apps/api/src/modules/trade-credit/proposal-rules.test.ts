import { describe, expect, it } from 'vitest';
import { ageOn, checkProposal } from './proposal-rules.ts';

const today = new Date('2026-11-27T09:00:00Z');
const postcodeOf = (input: string) =>
  /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i.test(input.trim())
    ? { ok: true as const, normalised: input.trim().toUpperCase() }
    : { ok: false as const, reason: 'Enter a real postcode' };
const fields = {
  tradingName: 'Tile & Tone Design',
  tradingAddress: { line1: '1 Ship Street', town: 'Brighton', postcode: 'bn1 1ae' },
  proprietorName: 'Chloe Martin',
  dateOfBirth: '1985-06-14',
  homeAddress: { line1: '5 Dyke Road', town: 'Brighton', postcode: 'BN1 3FE' },
};

describe('a sole trader’s proposal', () => {
  it('is taken with its postcodes normalised', () => {
    const checked = checkProposal(fields, today, postcodeOf);
    expect(checked).toMatchObject({ ok: true, fields: { tradingAddress: { postcode: 'BN1 1AE' } } });
  });

  it('refuses a date that is not real, in the future, under 18 or implausibly old', () => {
    expect(checkProposal({ ...fields, dateOfBirth: '1985-02-30' }, today, postcodeOf)).toMatchObject({ ok: false, field: 'dateOfBirth' });
    expect(checkProposal({ ...fields, dateOfBirth: '2027-01-01' }, today, postcodeOf)).toMatchObject({ message: 'Date of birth must be in the past' });
    expect(checkProposal({ ...fields, dateOfBirth: '2008-11-28' }, today, postcodeOf)).toMatchObject({ message: 'You must be 18 or over to pay on account' });
    expect(checkProposal({ ...fields, dateOfBirth: '2008-11-27' }, today, postcodeOf)).toMatchObject({ ok: true });
    expect(checkProposal({ ...fields, dateOfBirth: '1890-01-01' }, today, postcodeOf)).toMatchObject({ ok: false, field: 'dateOfBirth' });
  });

  it('says which postcode is wrong', () => {
    expect(checkProposal({ ...fields, homeAddress: { ...fields.homeAddress, postcode: 'nowhere' } }, today, postcodeOf)).toMatchObject({
      field: 'homeAddress.postcode',
    });
  });

  it('counts whole years to the day', () => {
    expect(ageOn(new Date('2000-11-28T00:00:00Z'), today)).toBe(25);
    expect(ageOn(new Date('2000-11-27T00:00:00Z'), today)).toBe(26);
  });
});
