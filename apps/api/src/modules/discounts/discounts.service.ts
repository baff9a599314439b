import {
  DISCOUNT_TYPES,
  type CreateDiscount,
  type Discount,
  type DiscountClaim,
  type DiscountSearchPage,
  type DiscountType,
  type IssueCode,
  type PromotionStatus,
  type PromotionSummary,
  type SalesChannel,
  TARGET_TYPES,
  type TargetType,
  type UpdateDiscount,
} from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import type { CallerContext, ServiceContext, TransactionContext } from '../../platform/context.ts';
import { checkTerms, computeDiscount, promotionStatus, targetWords, type PromotionTerms } from './discount-rules.ts';
import { DiscountErrors } from './discounts.errors.ts';
import * as repository from './discounts.repository.ts';
import type { ClaimRow, IssueCodeRow, PromotionRow, PromotionWithCounts } from './discounts.repository.ts';
import { generateIssueCode, normaliseCode } from './issue-codes.ts';

/** A promotion keeps at most this many issue codes: enough for a leaflet drop, small enough to export. */
export const MAX_ISSUE_CODES = 100_000;
const RECENT_CLAIMS = 100;
/** `/Discount/DiscountClaim/{id}` would shadow a promotion with this code. */
const RESERVED_CODES = new Set(['DISCOUNTCLAIM']);

const termsOf = (row: PromotionRow): PromotionTerms => ({
  targetType: row.targetType as TargetType,
  targetSkus: row.targetSkus,
  targetCategoryIds: row.targetCategoryIds,
  targetBrandIds: row.targetBrandIds,
  discountType: row.discountType as DiscountType,
  value: row.value,
  minimumSpendPence: row.minimumSpendPence,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  usageLimit: row.usageLimit,
  perCustomerLimit: row.perCustomerLimit,
});

function assertTerms(terms: PromotionTerms, claimCount = 0): void {
  const problems = checkTerms(terms, claimCount);
  if (problems.length > 0) throw DiscountErrors.termsInvalid(problems);
}

// ---------------------------------------------------------------------------------------------
// Staff calls
// ---------------------------------------------------------------------------------------------

async function createDiscount(ctx: CallerContext, body: CreateDiscount): Promise<Discount> {
  const { promotionCode, issueCodeCount, ...rest } = body;
  if (RESERVED_CODES.has(promotionCode)) throw DiscountErrors.invalid('body.promotionCode', `"${promotionCode}" is reserved; choose another code`);
  const values = { ...rest, startsAt: new Date(rest.startsAt), endsAt: rest.endsAt ? new Date(rest.endsAt) : null };
  assertTerms(values);
  // Codes share one namespace at the basket: a promotion code may not equal an issue code.
  if (await repository.issueCodeExists(ctx.db, promotionCode)) throw DiscountErrors.duplicatePromotionCode(promotionCode);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    const created = await repository.insertPromotion(db, { promotionCode, ...values, createdAt: now, updatedAt: now });
    if (!created) throw DiscountErrors.duplicatePromotionCode(promotionCode);
    await generateIssueCodes(db, created.id, issueCodeCount);
  });
  return getDiscount(ctx, promotionCode, promotionCode);
}

/**
 * Adds `wanted` new codes. Candidates are drawn at random; the unique index settles clashes, also
 * with a concurrent batch (ON CONFLICT DO NOTHING), and any shortfall is drawn again.
 */
export async function generateIssueCodes(db: Database, promotionId: number, wanted: number): Promise<void> {
  let missing = wanted;
  for (let round = 0; missing > 0; round += 1) {
    if (round === 10) throw new Error(`Could not draw ${wanted} free issue codes`);
    const candidates = new Set<string>();
    while (candidates.size < missing) candidates.add(generateIssueCode());
    const taken = await repository.takenPromotionCodes(db, [...candidates]);
    // Batches of 5,000 rows stay well inside PostgreSQL's bind parameter limit.
    const free = [...candidates].filter((code) => !taken.has(code));
    for (let start = 0; start < free.length; start += 5000) {
      missing -= (await repository.insertIssueCodes(db, promotionId, free.slice(start, start + 5000))).length;
    }
  }
}

async function findPromotionOr404(db: Database, promotionCode: string): Promise<PromotionWithCounts> {
  const promotion = await repository.findPromotion(db, promotionCode);
  if (!promotion) throw DiscountErrors.promotionNotFound(promotionCode);
  return promotion;
}

async function findIssueCodeOr404(db: Database, promotion: PromotionRow, issueCode: string): Promise<IssueCodeRow> {
  const row = await repository.findIssueCode(db, issueCode);
  if (!row || row.promotionId !== promotion.id) throw DiscountErrors.issueCodeNotFound(promotion.promotionCode, issueCode);
  return row;
}

async function getDiscount(ctx: CallerContext, promotionCode: string, issueCode: string): Promise<Discount> {
  const promotion = await findPromotionOr404(ctx.db, promotionCode);
  const now = ctx.clock.now();
  if (issueCode === promotion.promotionCode) {
    const [codes, claims] = await Promise.all([
      repository.listIssueCodes(ctx.db, promotion.id),
      repository.recentClaims(ctx.db, { promotionId: promotion.id }, RECENT_CLAIMS),
    ]);
    return { promotion: toDetail(promotion, now), issueCode: null, issueCodes: codes.map(toIssueCode), recentClaims: claims.map(toClaim) };
  }
  const code = await findIssueCodeOr404(ctx.db, promotion, issueCode);
  const claims = await repository.recentClaims(ctx.db, { promotionId: promotion.id, issueCodeId: code.id }, RECENT_CLAIMS);
  return { promotion: toDetail(promotion, now), issueCode: toIssueCode(code), issueCodes: [], recentClaims: claims.map(toClaim) };
}

async function updateDiscount(ctx: CallerContext, promotionCode: string, issueCode: string, body: UpdateDiscount): Promise<Discount> {
  const { addIssueCodes, issueCodeVoided, ...changes } = body;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    const promotion = await findPromotionOr404(db, promotionCode);
    const code = issueCode === promotion.promotionCode ? null : await findIssueCodeOr404(db, promotion, issueCode);
    if (issueCodeVoided !== undefined && !code) {
      throw DiscountErrors.invalid('body.issueCodeVoided', 'Name an issue code in the path to withdraw or reinstate it');
    }
    const { startsAt, endsAt, ...rest } = changes;
    const values = {
      ...rest,
      ...(startsAt !== undefined && { startsAt: new Date(startsAt) }),
      ...(endsAt !== undefined && { endsAt: endsAt ? new Date(endsAt) : null }),
    };
    assertTerms({ ...termsOf(promotion), ...values }, promotion.claimCount);
    if (addIssueCodes && promotion.issueCodeCount + addIssueCodes > MAX_ISSUE_CODES) {
      throw DiscountErrors.invalid('body.addIssueCodes', `A promotion can have at most ${MAX_ISSUE_CODES} issue codes; it has ${promotion.issueCodeCount}`);
    }
    await repository.updatePromotion(db, promotion.id, { ...values, updatedAt: now });
    if (addIssueCodes) await generateIssueCodes(db, promotion.id, addIssueCodes);
    if (code && issueCodeVoided !== undefined && !(await repository.setIssueCodeVoided(db, code.id, issueCodeVoided ? now : null))) {
      throw DiscountErrors.issueCodeAlreadyClaimed(code.code);
    }
  });
  return getDiscount(ctx, promotionCode, issueCode);
}

export interface SearchQuery {
  channel?: SalesChannel;
  status?: PromotionStatus;
  text?: string;
  from?: string;
  to?: string;
  pageNumber: number;
  pageSize: number;
}

const DAY_MS = 86_400_000;

async function searchDiscounts(ctx: CallerContext, query: SearchQuery): Promise<DiscountSearchPage> {
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  const to = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined;
  if (from && to && to <= from) throw DiscountErrors.invalid('query.to', 'Must be on or after from');
  const now = ctx.clock.now();
  const { rows, total } = await repository.searchPromotions(ctx.db, { channel: query.channel, status: query.status, text: query.text, from, to }, now, {
    offset: (query.pageNumber - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    items: rows.map((row) => toSummary(row, now)),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount: total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

async function getDiscountClaim(ctx: CallerContext, id: number): Promise<DiscountClaim> {
  const claim = await repository.findClaim(ctx.db, id);
  if (!claim) throw DiscountErrors.claimNotFound(id);
  return toClaim(claim);
}

export const DISCOUNT_TYPE_LIST = [
  {
    id: DISCOUNT_TYPES.Percentage,
    name: 'Percentage',
    description: 'A percentage off what the promotion targets; value in basis points (1000 = 10%), at most 10000',
  },
  {
    id: DISCOUNT_TYPES.FixedAmount,
    name: 'Fixed amount',
    description: 'An amount off what the promotion targets, never more than it costs; value in pence inc VAT',
  },
] as const;

function toSummary(row: PromotionWithCounts, now: Date): PromotionSummary {
  return {
    promotionCode: row.promotionCode,
    description: row.description,
    channels: row.channels as SalesChannel[],
    targetType: row.targetType as TargetType,
    discountType: row.discountType as DiscountType,
    value: row.value,
    minimumSpendPence: row.minimumSpendPence,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    status: promotionStatus(row, now),
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    combinesWithTradePricing: row.combinesWithTradePricing,
    requiresIssueCode: row.requiresIssueCode,
    claimCount: row.claimCount,
    issueCodeCount: row.issueCodeCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toDetail = (row: PromotionWithCounts, now: Date) => ({
  ...toSummary(row, now),
  targetSkus: row.targetSkus,
  targetCategoryIds: row.targetCategoryIds,
  targetBrandIds: row.targetBrandIds,
});

const toIssueCode = (row: IssueCodeRow): IssueCode => ({
  code: row.code,
  status: row.claimedAt ? 'claimed' : row.voidedAt ? 'voided' : 'available',
  claimedAt: row.claimedAt?.toISOString() ?? null,
  claimId: row.claimId,
});

const toClaim = (row: ClaimRow): DiscountClaim => ({
  ...row,
  channel: row.channel as SalesChannel,
  claimedAt: row.claimedAt.toISOString(),
});

// ---------------------------------------------------------------------------------------------
// Applying and claiming codes (the basket and the checkout, through index.ts)
// ---------------------------------------------------------------------------------------------

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
}

/** The promotion a typed code names: one of its issue codes, or its own code (unless it needs an issue code). */
async function resolveCode(db: Database, typed: string): Promise<Resolved> {
  const code = normaliseCode(typed);
  const issued = code ? await repository.findIssueCode(db, code) : undefined;
  if (issued && !issued.voidedAt) {
    const promotion = await repository.findPromotionById(db, issued.promotionId);
    if (promotion) return { code, promotion, issueCode: issued };
  }
  const promotion = issued || !code ? undefined : await repository.findPromotion(db, code);
  if (!promotion || promotion.requiresIssueCode) throw DiscountErrors.unknown(typed.trim());
  return { code, promotion, issueCode: null };
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
  const resolved = await resolveCode(db, code);
  const claims = await customerClaimsOf(db, resolved.promotion, customerId);
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
  };
}
