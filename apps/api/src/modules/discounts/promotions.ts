/**
 * Staff's promotions: creating and changing them and their issue codes, finding them, and the
 * claims made with them.
 */
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
  type TargetType,
  type UpdateDiscount,
} from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { CallerContext } from '../../platform/context.ts';
import { checkTerms, promotionStatus, termsOf, type PromotionTerms } from './discount-rules.ts';
import { DiscountErrors } from './discounts.errors.ts';
import * as repository from './discounts.repository.ts';
import type { ClaimRow, IssueCodeRow, PromotionRow, PromotionWithCounts } from './discounts.repository.ts';
import { generateIssueCode } from './issue-codes.ts';

/** A promotion keeps at most this many issue codes: enough for a leaflet drop, small enough to export. */
export const MAX_ISSUE_CODES = 100_000;
const RECENT_CLAIMS = 100;
/** `/Discount/DiscountClaim/{id}` would shadow a promotion with this code. */
const RESERVED_CODES = new Set(['DISCOUNTCLAIM']);

function assertTerms(terms: PromotionTerms, claimCount = 0): void {
  const problems = checkTerms(terms, claimCount);
  if (problems.length > 0) throw DiscountErrors.termsInvalid(problems);
}

export async function createDiscount(ctx: CallerContext, body: CreateDiscount): Promise<Discount> {
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

export async function getDiscount(ctx: CallerContext, promotionCode: string, issueCode: string): Promise<Discount> {
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

export async function updateDiscount(ctx: CallerContext, promotionCode: string, issueCode: string, body: UpdateDiscount): Promise<Discount> {
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

export async function searchDiscounts(ctx: CallerContext, query: SearchQuery): Promise<DiscountSearchPage> {
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

export async function getDiscountClaim(ctx: CallerContext, id: number): Promise<DiscountClaim> {
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
