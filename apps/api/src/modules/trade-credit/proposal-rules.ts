/**
 * A sole trader's proposal, checked before it goes to the provider: a real date of birth of someone
 * 18 or over (a credit agreement needs an adult) and postcodes as delivery reads them.
 */
import type { ProposalFields } from './credit-provider.ts';

export type ProposalProblem = { field: string; message: string };

const MIN_AGE = 18;
const MAX_AGE = 120;

/** The first problem with the fields, or null; `postcodeOf` normalises a postcode or says what is wrong. */
export function checkProposal(
  fields: ProposalFields,
  today: Date,
  postcodeOf: (input: string) => { ok: true; normalised: string } | { ok: false; reason: string },
): { ok: true; fields: ProposalFields } | ({ ok: false } & ProposalProblem) {
  const [year, month, day] = fields.dateOfBirth.split('-').map(Number) as [number, number, number];
  const born = new Date(Date.UTC(year, month - 1, day));
  if (born.getUTCFullYear() !== year || born.getUTCMonth() !== month - 1 || born.getUTCDate() !== day) {
    return { ok: false, field: 'dateOfBirth', message: 'Date of birth must be a real date, for example 1980-03-27' };
  }
  const age = ageOn(born, today);
  if (age < 0) return { ok: false, field: 'dateOfBirth', message: 'Date of birth must be in the past' };
  if (age < MIN_AGE) return { ok: false, field: 'dateOfBirth', message: `You must be ${MIN_AGE} or over to pay on account` };
  if (age > MAX_AGE) return { ok: false, field: 'dateOfBirth', message: 'Check your date of birth: the year looks wrong' };
  const trading = postcodeOf(fields.tradingAddress.postcode);
  if (!trading.ok) return { ok: false, field: 'tradingAddress.postcode', message: trading.reason };
  const home = postcodeOf(fields.homeAddress.postcode);
  if (!home.ok) return { ok: false, field: 'homeAddress.postcode', message: home.reason };
  return {
    ok: true,
    fields: {
      ...fields,
      tradingAddress: { ...fields.tradingAddress, postcode: trading.normalised },
      homeAddress: { ...fields.homeAddress, postcode: home.normalised },
    },
  };
}

/** Whole years from `born` to `today` (UTC days). */
export function ageOn(born: Date, today: Date): number {
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const before = today.getUTCMonth() < born.getUTCMonth() || (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate());
  if (before) age -= 1;
  return age;
}
