/** What callers send, checked and turned into columns: business and contact details, and the dates of a search. */
import type { TradeBusinessDetails, TradeContactDetails } from '@shop/contracts';
import { checkBusinessDetails, type DetailsProblem } from './application-rules.ts';
import { ukMidnight } from './trade-spend.ts';
import type { TradeDeps } from './trade.deps.ts';
import { TradeErrors } from './trade.errors.ts';

const orNull = <T>(value: T | undefined | null): T | null => value ?? null;

function refusalFor(problem: DetailsProblem) {
  if (problem.kind === 'company-number') return TradeErrors.companyNumberInvalid(problem.message);
  if (problem.kind === 'vat-number') return TradeErrors.vatNumberInvalid(problem.message);
  if (problem.kind === 'postcode') return TradeErrors.postcodeInvalid(problem.message);
  return TradeErrors.incomplete(problem.field, problem.message);
}

export function checkedDetails<T extends TradeBusinessDetails>(deps: Pick<TradeDeps, 'delivery'>, details: T): T {
  const checked = checkBusinessDetails(deps, details);
  if (!checked.ok) throw refusalFor(checked.problem);
  return checked.details;
}

/** `2025-03-31` as the start of that day in UK time, and the day after it (for an inclusive "to"). */
export function ukDay(date: string | undefined, after = false): Date | undefined {
  if (!date) return undefined;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return ukMidnight(year, month, day + (after ? 1 : 0));
}

export function businessColumns(details: TradeBusinessDetails) {
  return {
    legalName: details.legalName,
    tradingName: orNull(details.tradingName),
    businessType: details.businessType,
    companyNumber: orNull(details.companyNumber),
    vatNumber: orNull(details.vatNumber),
    trade: details.trade,
    tradeOther: orNull(details.tradeOther),
    yearsTrading: details.yearsTrading,
    employees: details.employees,
    addressLine1: details.address.line1,
    addressLine2: orNull(details.address.line2),
    town: details.address.town,
    county: orNull(details.address.county),
    postcode: details.address.postcode,
  };
}

export function contactColumns(details: TradeContactDetails) {
  return {
    contactName: details.contactName,
    contactRole: orNull(details.contactRole),
    contactPhone: details.contactPhone,
    contactEmail: orNull(details.contactEmail),
    gasSafeNumber: orNull(details.gasSafeNumber),
    niceicNumber: orNull(details.niceicNumber),
    otherRegistration: orNull(details.otherRegistration),
  };
}
