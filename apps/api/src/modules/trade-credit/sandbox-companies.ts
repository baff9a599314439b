/**
 * The credit sandbox's fixed test companies, by Companies House number, as a provider's test
 * environment has them: the demo's businesses each behave one way, and `99…` numbers give every
 * outcome to any business that applies with one. Any other number is approved on the standard limit.
 * Accepted sole traders get a synthetic number (`ST…`), approved on the sole-trader limit.
 */
import { CREDIT_DECLINE_REASONS, type CreditDeclineReason } from '@shop/contracts';
import type { ProviderCredit } from './credit-provider.ts';

const pounds = (amount: number) => amount * 100;

const approved = (limit: number, inUse: number, maxSingleOrder: number, arrears = 0): ProviderCredit => ({
  decision: 'approved',
  declineReason: null,
  limitPence: pounds(limit),
  availablePence: arrears > 0 ? 0 : pounds(limit - inUse),
  maxSingleOrderPence: pounds(maxSingleOrder),
  arrearsPence: pounds(arrears),
});
const declined = (reason: CreditDeclineReason): ProviderCredit => ({
  decision: 'declined',
  declineReason: reason,
  limitPence: 0,
  availablePence: 0,
  maxSingleOrderPence: 0,
  arrearsPence: 0,
});
export const STANDARD_LIMIT = approved(5_000, 0, 2_500);
export const SOLE_TRADER_LIMIT = approved(3_000, 0, 1_500);
const MANUAL_REVIEW: ProviderCredit = { ...declined('insolvency'), decision: 'manual_review', declineReason: null };

/** Test numbers: `9900000n` declines for the n-th reason; the rest are named. */
export const SANDBOX_COMPANIES: Readonly<Record<string, ProviderCredit>> = {
  // The demo's businesses (trade.seed.ts).
  '09876543': approved(15_000, 2_500, 5_000),
  SC412345: approved(2_000, 0, 1_000),
  OC398765: MANUAL_REVIEW,
  '11223344': approved(10_000, 8_800, 4_000, 3_450),
  '08765432': declined('low_credit_score'),
  // For anyone: approved with a lower limit, held for review, in arrears.
  '99000010': approved(1_000, 0, 500),
  '99000020': MANUAL_REVIEW,
  '99000030': approved(8_000, 6_000, 3_000, 1_250),
  // For orders: £500 of £1,000 left, and orders checked for a while before approval (SANDBOX_SLOW_ORDER_CHECKS).
  '99000040': approved(1_000, 500, 500),
  '99000050': STANDARD_LIMIT,
  ...Object.fromEntries(CREDIT_DECLINE_REASONS.map((reason, index) => [`9900000${index + 1}`, declined(reason)])),
};

/** What the sandbox decides for a business: its fixed behaviour, the sole-trader limit, or the standard one. */
export function sandboxCredit(organisationNumber: string): ProviderCredit {
  return SANDBOX_COMPANIES[organisationNumber] ?? (organisationNumber.startsWith('ST') ? SOLE_TRADER_LIMIT : STANDARD_LIMIT);
}

/**
 * How a submitted proposal ends, by the proprietor's name as test data (Two's sandbox does the same
 * with its test names): "Decline…" is declined, "Withdraw…" withdrawn, "Review…" stays in review.
 */
export function proposalOutcome(proprietorName: string): 'ACCEPTED' | 'DECLINED' | 'WITHDRAWN' | 'REVIEWING' {
  const first = proprietorName.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (first.startsWith('decline')) return 'DECLINED';
  if (first.startsWith('withdraw')) return 'WITHDRAWN';
  if (first.startsWith('review')) return 'REVIEWING';
  return 'ACCEPTED';
}

/** A submitted proposal is in review after this, and decided after twice this. */
export const SANDBOX_REVIEW_SECONDS = 5;

/** Orders of these businesses are checked for SANDBOX_REVIEW_SECONDS before the sandbox approves them (CREATED, then VERIFIED). */
export const SANDBOX_SLOW_ORDER_CHECKS: ReadonlySet<string> = new Set(['99000050']);

/**
 * The sandbox's payee: a fixed, plausible UK account (a sort code and an eight-digit account number
 * that pass the usual format checks), as a provider's test environment gives. No money moves.
 */
export const SANDBOX_PAYEE = { name: 'Two Sandbox Receivables', sortCode: '04-00-75', accountNumber: '31926819' } as const;

/** The reference a buyer quotes when paying an order's invoice: stable per order. */
export const sandboxPaymentReference = (orderId: string) => `TWO-${orderId.replace(/^ord_/, '').slice(0, 10).toUpperCase()}`;
