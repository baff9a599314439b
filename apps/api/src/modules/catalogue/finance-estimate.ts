/**
 * "Or from £x/month": the monthly finance estimate big-ticket prices carry (DOMAIN.md §1.1, §6),
 * with the figures of the representative example UK consumer-credit rules (FCA CONC 3.5) ask for
 * wherever a monthly figure is shown. Pure arithmetic in integer pence; every constant is here.
 *
 * Constants (plausible retail-finance terms through a broker; data, not a lender's quote):
 * - finance from a cash price of £300 inc VAT up to a credit of £25,000, no deposit;
 * - 36 monthly payments at a representative APR of 19.9% (fixed), with no fees.
 *
 * Formula: with no fees the APR is the effective annual rate of interest, so the monthly rate is
 *   r = (1 + APR)^(1/12) − 1
 * and the equal payment that repays the credit C over n months is the annuity
 *   payment = round(C × r / (1 − (1 + r)^−n))            (to the nearest penny)
 *   total payable = deposit + n × payment
 * The "interest rate" of the example is the nominal yearly rate 12 × r (18.29% at 19.9% APR).
 */

/** Finance is offered from this cash price (pence inc VAT). */
export const FINANCE_MIN_CASH_PRICE = 30_000;
/** Lenders lend at most this much under one agreement (pence). */
export const FINANCE_MAX_CREDIT = 2_500_000;
export const FINANCE_TERM_MONTHS = 36;
/** Representative APR, in basis points (1990 = 19.9%). */
export const FINANCE_REPRESENTATIVE_APR_BASIS_POINTS = 1990;
export const FINANCE_DEPOSIT = 0;

export interface FinanceEstimate {
  cashPrice: number;
  deposit: number;
  creditAmount: number;
  termMonths: number;
  monthlyPayment: number;
  totalPayable: number;
  representativeAprBasisPoints: number;
  /** The fixed yearly rate of interest (nominal), in basis points. */
  annualInterestRateBasisPoints: number;
}

const monthlyRate = (aprBasisPoints: number) => (1 + aprBasisPoints / 10_000) ** (1 / 12) - 1;

/** The estimate for a cash price in pence inc VAT, or null when the price is outside finance limits. */
export function monthlyFinanceEstimate(cashPrice: number): FinanceEstimate | null {
  const creditAmount = cashPrice - FINANCE_DEPOSIT;
  if (cashPrice < FINANCE_MIN_CASH_PRICE || creditAmount > FINANCE_MAX_CREDIT) return null;
  const rate = monthlyRate(FINANCE_REPRESENTATIVE_APR_BASIS_POINTS);
  const monthlyPayment = Math.round((creditAmount * rate) / (1 - (1 + rate) ** -FINANCE_TERM_MONTHS));
  return {
    cashPrice,
    deposit: FINANCE_DEPOSIT,
    creditAmount,
    termMonths: FINANCE_TERM_MONTHS,
    monthlyPayment,
    totalPayable: FINANCE_DEPOSIT + FINANCE_TERM_MONTHS * monthlyPayment,
    representativeAprBasisPoints: FINANCE_REPRESENTATIVE_APR_BASIS_POINTS,
    annualInterestRateBasisPoints: Math.round(12 * rate * 10_000),
  };
}
