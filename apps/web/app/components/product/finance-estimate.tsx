import type { MonthlyFinanceEstimate } from '@shop/contracts';
import { cn } from '../../lib/cn.ts';
import { formatPence } from '../../lib/money.ts';

const percent = (basisPoints: number) => `${(basisPoints / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;

/**
 * "Or from £x/month" with what UK consumer-credit rules (FCA CONC 3.5) ask for beside a monthly
 * figure. `short` (cards, quick view): the monthly payment, term and representative APR. `full`
 * (product page): the whole representative example, as prominent as the monthly figure. The
 * figures and their constants come from the API (apps/api/src/modules/catalogue/finance-estimate.ts).
 */
export function FinanceEstimate({ estimate, detail, className }: { estimate: MonthlyFinanceEstimate; detail: 'short' | 'full'; className?: string }) {
  const apr = `${percent(estimate.representativeAprBasisPoints)} APR representative`;
  if (detail === 'short') {
    return (
      <p className={cn('text-xs text-navy-800', className)}>
        or from <strong className="font-semibold text-navy-950 tabular-nums">{formatPence(estimate.monthlyPayment)}/month</strong> over{' '}
        {estimate.termMonths} months, <strong className="font-semibold text-navy-950">{apr}</strong>
      </p>
    );
  }
  return (
    <div className={cn('rounded-xl bg-sand-50 p-4 text-sm text-navy-800', className)}>
      <p>
        Or spread the cost: from <strong className="font-semibold text-navy-950 tabular-nums">{formatPence(estimate.monthlyPayment)}/month</strong> over{' '}
        {estimate.termMonths} months.
      </p>
      <p className="mt-2">
        <strong className="font-semibold text-navy-950">Representative example:</strong> cash price {formatPence(estimate.cashPrice)}, deposit{' '}
        {formatPence(estimate.deposit)}, total amount of credit {formatPence(estimate.creditAmount)}, repayable by {estimate.termMonths} monthly payments
        of {formatPence(estimate.monthlyPayment)}. Total amount payable {formatPence(estimate.totalPayable)}. Interest rate{' '}
        {percent(estimate.annualInterestRateBasisPoints)} a year (fixed). <strong className="font-semibold text-navy-950">{apr}</strong>.
      </p>
      <p className="mt-2 text-xs text-navy-700">Credit is subject to status and affordability, for UK residents aged 18 and over. Plumbline acts as a credit broker, not a lender.</p>
    </div>
  );
}
