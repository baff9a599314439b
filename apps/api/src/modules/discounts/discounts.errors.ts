import { formatPenceShort, londonLongDate, SALES_CHANNEL_NAMES, type SalesChannel } from '@shop/contracts';
import { AppError, PlatformErrors } from '../../platform/errors.ts';

const listChannels = (channels: readonly SalesChannel[]) => {
  const names = channels.map((channel) => SALES_CHANNEL_NAMES[channel]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
};
const refuse = (code: string, detail: string) => new AppError(422, code, detail);

/**
 * The discounts module's stable error codes. `evaluateDiscount` and `claimDiscount` refuse a code
 * with a 422, one code per reason and a message a shopper can act on: the basket shows `detail`
 * next to its code form, and its notices carry the code. The staff calls' errors follow.
 */
export const DiscountErrors = {
  unknown: (code: string) => refuse('DISCOUNT_CODE_UNKNOWN', `We don't recognise the code "${code}". Check it and try again.`),
  expired: (endsAt: Date) => refuse('DISCOUNT_CODE_EXPIRED', `This code expired on ${londonLongDate(endsAt)}.`),
  notStarted: (startsAt: Date) => refuse('DISCOUNT_CODE_NOT_STARTED', `This code can't be used yet: it starts on ${londonLongDate(startsAt)}.`),
  wrongChannel: (channels: readonly SalesChannel[]) => refuse('DISCOUNT_CODE_WRONG_CHANNEL', `This code can only be used on ${listChannels(channels)}.`),
  minimumSpendNotMet: (minimumPence: number, shortPence: number) =>
    refuse(
      'DISCOUNT_MINIMUM_SPEND_NOT_MET',
      `This code needs a spend of ${formatPenceShort(minimumPence)}: add ${formatPenceShort(shortPence)} more to use it.`,
    ),
  totalLimitReached: () => refuse('DISCOUNT_CODE_LIMIT_REACHED', 'This code has reached its limit and can no longer be used.'),
  customerLimitReached: (limit: number) =>
    refuse(
      'DISCOUNT_CODE_LIMIT_REACHED',
      limit === 1
        ? "You've already used this code: it can be used once per customer."
        : `You've already used this code ${limit} times, the most allowed per customer.`,
    ),
  alreadyUsed: () => refuse('DISCOUNT_CODE_ALREADY_USED', 'This code has already been used: each code can be used once only.'),
  notCombinableWithTradePricing: () =>
    refuse('DISCOUNT_NOT_COMBINABLE_WITH_TRADE_PRICING', "This code can't be used with trade prices: your basket already has your trade discount."),
  noQualifyingItems: (what: string) => refuse('DISCOUNT_NO_QUALIFYING_ITEMS', `This code applies to ${what}, and nothing in your basket qualifies.`),
  deliveryAlreadyFree: () =>
    refuse(
      'DISCOUNT_DELIVERY_ALREADY_FREE',
      'Delivery is already free on this basket, so this code has nothing to take off. You can keep it for another order.',
    ),

  // Staff-side errors.
  promotionNotFound: (promotionCode: string) => new AppError(404, 'PROMOTION_NOT_FOUND', `There is no promotion with code "${promotionCode}".`),
  issueCodeNotFound: (promotionCode: string, issueCode: string) =>
    new AppError(404, 'ISSUE_CODE_NOT_FOUND', `Promotion "${promotionCode}" has no issue code "${issueCode}".`),
  claimNotFound: (id: number) => new AppError(404, 'DISCOUNT_CLAIM_NOT_FOUND', `There is no discount claim with id ${id}.`),
  duplicatePromotionCode: (promotionCode: string) =>
    new AppError(409, 'PROMOTION_CODE_TAKEN', `A promotion with code "${promotionCode}" already exists; choose another code.`),
  issueCodeAlreadyClaimed: (issueCode: string) =>
    new AppError(409, 'ISSUE_CODE_ALREADY_CLAIMED', `Issue code "${issueCode}" has been claimed, so it can no longer be withdrawn.`),
  amountChanged: (expected: number, actual: number) =>
    new AppError(
      409,
      'DISCOUNT_AMOUNT_CHANGED',
      `The discount is now ${formatPenceShort(actual)}, not ${formatPenceShort(expected)}: refresh the basket and try again.`,
    ),
  invalid: (path: string, message: string) => PlatformErrors.validationFailed([{ path, message, code: 'invalid' }]),
  /** A promotion's terms that do not hold together, by field (`checkTerms`). */
  termsInvalid: (problems: readonly (readonly [field: string, message: string])[]) =>
    PlatformErrors.validationFailed(problems.map(([field, message]) => ({ path: `body.${field}`, message, code: 'invalid' }))),
};
