/**
 * Applying and claiming codes: the basket and checkout judge a code against a basket's figures and
 * claim it with the order; orders give a claim back when an order is cancelled in full.
 */
import { TARGET_TYPES, type SalesChannel, type TargetType } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import { computeDiscount, targetWords, termsOf } from './discount-rules.ts';
import { DiscountErrors } from './discounts.errors.ts';
import * as repository from './discounts.repository.ts';
import type { IssueCodeRow, PromotionRow } from './discounts.repository.ts';
import { normaliseCode } from './issue-codes.ts';

export interface DiscountableLine {
  sku: string;
  productId: number;
  categoryId: number;
  brandId: number;
  quantity: number;
  /** Inc VAT, after trade pricing. */
  lineTotalPence: number;
}

export interface DiscountCheck {
  /** What the shopper typed: a promotion code or an issue code (any case, spaces and hyphens ignored). */
  code: string;
  channel: SalesChannel;
  /** The signed-in shopper's user id; null for a guest (per-customer limits then cannot apply). */
  customerId: string | null;
  /** The basket is priced at trade prices. */
  isTradePriced: boolean;
  lines: DiscountableLine[];
  deliveryPence: number;
}

export interface AppliedDiscount {
  /** The code as stored (capitals, no spaces): keep this one on the basket. */
  code: string;
  promotionCode: string;
  issueCode: string | null;
  description: string;
  discountPence: number;
  /** How `discountPence` falls on the lines (sums to it unless the promotion targets delivery). */
  lineDiscounts: { sku: string; discountPence: number }[];
  /** The part of `discountPence` taken off delivery (delivery promotions only). */
  deliveryDiscountPence: number;
}

interface Resolved {
  code: string;
  promotion: PromotionRow;
  issueCode: IssueCodeRow | null;
  /** The customer's claims of it, when they were asked for and it limits them. */
  customerClaims: number | null;
}

/**
 * The promotion a typed code names: one of its issue codes (unless withdrawn), or its own code (unless
 * it needs an issue code). With `customerId`, how often that customer has claimed it comes too.
 */
async function resolveCode(db: Database, typed: string, customerId: string | null = null): Promise<Resolved> {
  const code = normaliseCode(typed);
  const named = code ? await repository.findNamedByCode(db, code, customerId) : undefined;
  const usable = named && (named.issueCode ? !named.issueCode.voidedAt : !named.promotion.requiresIssueCode);
  if (!named || !usable) throw DiscountErrors.unknown(typed.trim());
  return { code, ...named };
}

/** Every refusal that needs no counting, in the order a shopper would want to hear them. */
function assertApplies({ promotion, issueCode }: Resolved, check: Omit<DiscountCheck, 'code' | 'customerId'>, now: Date) {
  if (now < promotion.startsAt) throw DiscountErrors.notStarted(promotion.startsAt);
  if (promotion.endsAt && now >= promotion.endsAt) throw DiscountErrors.expired(promotion.endsAt);
  if (!promotion.channels.includes(check.channel)) throw DiscountErrors.wrongChannel(promotion.channels as SalesChannel[]);
  if (check.isTradePriced && !promotion.combinesWithTradePricing) throw DiscountErrors.notCombinableWithTradePricing();
  if (issueCode?.claimedAt) throw DiscountErrors.alreadyUsed();
  if (promotion.usageLimit !== null && promotion.claimCount >= promotion.usageLimit) throw DiscountErrors.totalLimitReached();
  const goodsPence = check.lines.reduce((sum, line) => sum + Math.max(0, line.lineTotalPence), 0);
  if (goodsPence < promotion.minimumSpendPence) {
    throw DiscountErrors.minimumSpendNotMet(promotion.minimumSpendPence, promotion.minimumSpendPence - goodsPence);
  }
  const figures = computeDiscount(termsOf(promotion), check.lines, check.deliveryPence);
  if (figures.eligiblePence === 0) {
    // A delivery code on goods whose delivery costs nothing: say so, not that nothing qualifies.
    if (promotion.targetType === TARGET_TYPES.Delivery && goodsPence > 0) throw DiscountErrors.deliveryAlreadyFree();
    throw DiscountErrors.noQualifyingItems(targetWords(promotion.targetType as TargetType));
  }
  return figures;
}

/** How many times the customer has used the promotion, when it limits that (null when it does not, or for a guest). */
async function customerClaimsOf(db: Database, promotion: PromotionRow, customerId: string | null): Promise<number | null> {
  if (promotion.perCustomerLimit === null || customerId === null) return null;
  return repository.countCustomerClaims(db, promotion.id, customerId);
}

function assertRoom(promotion: PromotionRow, claims: number | null): void {
  if (claims !== null && promotion.perCustomerLimit !== null && claims >= promotion.perCustomerLimit)
    throw DiscountErrors.customerLimitReached(promotion.perCustomerLimit);
}

async function assertCustomerRoom(db: Database, promotion: PromotionRow, customerId: string | null): Promise<void> {
  assertRoom(promotion, await customerClaimsOf(db, promotion, customerId));
}

/** A code read once for one customer: `judge` weighs it against a basket's figures as often as they change, reading nothing more. */
export interface LoadedDiscount {
  /** What the code takes off these figures; refuses (AppError) exactly as `evaluateDiscount` would. */
  judge(figures: Omit<DiscountCheck, 'code' | 'customerId'>, now: Date): AppliedDiscount;
}

/**
 * Reads what judging a code needs (its promotion, its issue code, the customer's claims) once: checkout
 * prices one basket with an estimated delivery and then with the chosen one. Refuses an unknown code.
 */
export async function loadDiscount(db: Database, code: string, customerId: string | null): Promise<LoadedDiscount> {
  const resolved = await resolveCode(db, code, customerId);
  const claims = resolved.customerClaims;
  return {
    judge(check, now) {
      const figures = assertApplies(resolved, check, now);
      assertRoom(resolved.promotion, claims);
      return {
        code: resolved.code,
        promotionCode: resolved.promotion.promotionCode,
        issueCode: resolved.issueCode?.code ?? null,
        description: resolved.promotion.description,
        discountPence: figures.discountPence,
        lineDiscounts: figures.lineDiscounts,
        deliveryDiscountPence: figures.deliveryDiscountPence,
      };
    },
  };
}

export async function evaluateDiscount(db: Database, check: DiscountCheck, now: Date): Promise<AppliedDiscount> {
  return (await loadDiscount(db, check.code, check.customerId)).judge(check, now);
}

/**
 * Records one redemption in the caller's transaction, all or nothing (a savepoint, so a refusal
 * leaves the caller's transaction usable). The usage counter's conditional update locks the
 * promotion row until the caller commits, so concurrent claims of one promotion take turns: the
 * total and per-customer limits hold, and a single-use code is taken by one claim only (its own
 * conditional update, backed by a unique index on claims). Needs READ COMMITTED (the default).
 */
export async function claimDiscount(db: Transaction, input: DiscountCheck & { orderId: string; amountPence: number }, now: Date): Promise<{ claimId: number }> {
  return db.transaction(async (sp) => {
    const resolved = await resolveCode(sp, input.code);
    const figures = assertApplies(resolved, input, now);
    if (figures.discountPence !== input.amountPence) throw DiscountErrors.amountChanged(input.amountPence, figures.discountPence);
    const { promotion, issueCode } = resolved;
    if (!(await repository.takeUsage(sp, promotion.id))) throw DiscountErrors.totalLimitReached();
    await assertCustomerRoom(sp, promotion, input.customerId);
    if (issueCode && !(await repository.takeIssueCode(sp, issueCode.id, now))) throw DiscountErrors.alreadyUsed();
    const claimId = await repository.insertClaim(sp, {
      promotionId: promotion.id,
      issueCodeId: issueCode?.id ?? null,
      orderId: input.orderId,
      customerId: input.customerId,
      amountPence: figures.discountPence,
      channel: input.channel,
      claimedAt: now,
    });
    return { claimId };
  });
}

/**
 * Giving a redemption back (docs/decisions/0010): an order cancelled in full before dispatch never
 * used its discount, so its claim goes: the promotion's usage counter drops by one, a single-use
 * issue code is free to use again (unless withdrawn meanwhile), and the customer's own count falls
 * with the claim row. In the caller's transaction; once only, since the claim row is deleted by the
 * statement that finds it. Null when the order claimed no discount (or it was given back already).
 */
export async function giveBackDiscountClaim(
  db: Database,
  orderId: string,
): Promise<{ promotionId: number; issueCodeId: number | null; amountPence: number } | null> {
  const claim = await repository.deleteOrderClaim(db, orderId);
  if (!claim) return null;
  await repository.returnUsage(db, claim.promotionId);
  if (claim.issueCodeId !== null) await repository.freeIssueCode(db, claim.issueCodeId);
  return claim;
}

/**
 * A placed order's code weighed again when the order is changed (an order basket): by its terms only
 * (minimum spend, what qualifies, how much), since its dates and limits were met when the order
 * claimed it. Refuses (AppError) as judging would, so the customer is told why it no longer applies;
 * null when the order claimed no code.
 */
export async function reevaluateOrderClaim(db: Database, orderId: string, check: Omit<DiscountCheck, 'code' | 'customerId'>): Promise<AppliedDiscount | null> {
  const claim = await repository.findOrderClaim(db, orderId);
  if (!claim) return null;
  const promotion = await repository.findPromotionById(db, claim.promotionId);
  if (!promotion) return null;
  const goodsPence = check.lines.reduce((sum, line) => sum + Math.max(0, line.lineTotalPence), 0);
  if (goodsPence < promotion.minimumSpendPence) {
    throw DiscountErrors.minimumSpendNotMet(promotion.minimumSpendPence, promotion.minimumSpendPence - goodsPence);
  }
  const figures = computeDiscount(termsOf(promotion), check.lines, check.deliveryPence);
  if (figures.eligiblePence === 0) throw DiscountErrors.noQualifyingItems(targetWords(promotion.targetType as TargetType));
  return {
    code: promotion.promotionCode,
    promotionCode: promotion.promotionCode,
    issueCode: null,
    description: promotion.description,
    discountPence: figures.discountPence,
    lineDiscounts: figures.lineDiscounts,
    deliveryDiscountPence: figures.deliveryDiscountPence,
  };
}
