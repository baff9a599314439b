import type { CreateDiscount, Discount, DiscountClaim, DiscountSearchPage, UpdateDiscount } from '@shop/contracts';
import type { CallerContext, ServiceContext, TransactionContext } from '../../platform/context.ts';
import { createDiscount, DISCOUNT_TYPE_LIST, getDiscount, getDiscountClaim, searchDiscounts, updateDiscount, type SearchQuery } from './promotions.ts';
import {
  claimDiscount,
  evaluateDiscount,
  giveBackDiscountClaim,
  reevaluateOrderClaim,
  loadDiscount,
  type AppliedDiscount,
  type DiscountCheck,
  type LoadedDiscount,
} from './redeeming.ts';

type DbContext = Pick<ServiceContext, 'db'>;

/**
 * Discount codes: staff create and change promotions and their issue codes; the basket and checkout
 * judge a code against a basket's figures and claim it with the order; orders give a claim back when
 * an order is cancelled in full. Claims and give-backs run in the caller's transaction (`ctx.db`).
 */
export interface DiscountsService {
  createDiscount(ctx: CallerContext, body: CreateDiscount): Promise<Discount>;
  getDiscount(ctx: CallerContext, promotionCode: string, issueCode: string): Promise<Discount>;
  updateDiscount(ctx: CallerContext, promotionCode: string, issueCode: string, body: UpdateDiscount): Promise<Discount>;
  searchDiscounts(ctx: CallerContext, query: SearchQuery): Promise<DiscountSearchPage>;
  getDiscountClaim(ctx: CallerContext, id: number): Promise<DiscountClaim>;
  /** The kinds of discount staff can create. */
  discountTypes(): typeof DISCOUNT_TYPE_LIST;
  /** Reads what judging a code needs once (refusing an unknown code); `judge` weighs it against figures as often as they change. */
  loadDiscount(ctx: DbContext, code: string, customerId: string | null): Promise<LoadedDiscount>;
  /** What a code takes off a basket's figures at `now`, or why not (AppError). */
  evaluateDiscount(ctx: DbContext, check: DiscountCheck, now: Date): Promise<AppliedDiscount>;
  /** Records one redemption in the caller's transaction, all or nothing; limits hold under concurrency. */
  claimDiscount(ctx: TransactionContext, input: DiscountCheck & { orderId: string; amountPence: number }, now: Date): Promise<{ claimId: number }>;
  /** A placed order's code weighed again against its changed figures, by its terms only (AppError when it no longer applies); null without a claim. */
  reevaluateOrderClaim(ctx: DbContext, orderId: string, check: Omit<DiscountCheck, 'code' | 'customerId'>): Promise<AppliedDiscount | null>;
  /** Gives back the claim of an order cancelled in full, once; null when it claimed nothing. */
  giveBackDiscountClaim(ctx: DbContext, orderId: string): Promise<{ promotionId: number; issueCodeId: number | null; amountPence: number } | null>;
}

export function createDiscountsService(): DiscountsService {
  return {
    createDiscount,
    getDiscount,
    updateDiscount,
    searchDiscounts,
    getDiscountClaim,
    discountTypes: () => DISCOUNT_TYPE_LIST,
    loadDiscount: (ctx, code, customerId) => loadDiscount(ctx.db, code, customerId),
    evaluateDiscount: (ctx, check, now) => evaluateDiscount(ctx.db, check, now),
    claimDiscount: (ctx, input, now) => claimDiscount(ctx.db, input, now),
    giveBackDiscountClaim: (ctx, orderId) => giveBackDiscountClaim(ctx.db, orderId),
    reevaluateOrderClaim: (ctx, orderId, check) => reevaluateOrderClaim(ctx.db, orderId, check),
  };
}
