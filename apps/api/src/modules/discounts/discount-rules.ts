/**
 * The pure rules of a promotion: its status, what it discounts in a basket and by how much, and the
 * checks on its terms. Money is integer pence; a percentage is in basis points (1000 = 10%).
 */
import { DISCOUNT_TYPES, formatPenceShort, TARGET_TYPES, type DiscountType, type PromotionStatus, type TargetType } from '@shop/contracts';
import type { PromotionRow } from './discounts.repository.ts';

export interface PromotionTerms {
  targetType: TargetType;
  targetSkus: readonly string[];
  targetCategoryIds: readonly number[];
  targetBrandIds: readonly number[];
  discountType: DiscountType;
  value: number;
  minimumSpendPence: number;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
}

export interface BasketLineFigures {
  sku: string;
  categoryId: number;
  brandId: number;
  lineTotalPence: number;
}

export interface DiscountFigures {
  /** What the promotion applies to: the qualifying lines' total, or the delivery charge. */
  eligiblePence: number;
  discountPence: number;
  /** The discount spread over the qualifying lines (largest remainder), each at most its line's total. */
  lineDiscounts: { sku: string; discountPence: number }[];
  deliveryDiscountPence: number;
}

export function promotionStatus(terms: Pick<PromotionTerms, 'startsAt' | 'endsAt'>, now: Date): PromotionStatus {
  if (now < terms.startsAt) return 'scheduled';
  if (terms.endsAt && now >= terms.endsAt) return 'expired';
  return 'active';
}

function qualifies(terms: PromotionTerms, line: BasketLineFigures): boolean {
  switch (terms.targetType) {
    case TARGET_TYPES.AllProducts:
      return true;
    case TARGET_TYPES.SpecificProducts:
      return terms.targetSkus.includes(line.sku);
    case TARGET_TYPES.SpecificCategories:
      return terms.targetCategoryIds.includes(line.categoryId);
    case TARGET_TYPES.SpecificBrands:
      return terms.targetBrandIds.includes(line.brandId);
    default:
      return false;
  }
}

/** The amount off `eligiblePence`: a percentage rounds to the nearest penny; neither exceeds the amount. */
function amountOff(terms: Pick<PromotionTerms, 'discountType' | 'value'>, eligiblePence: number): number {
  const off = terms.discountType === DISCOUNT_TYPES.Percentage ? Math.round((eligiblePence * terms.value) / 10_000) : terms.value;
  return Math.max(0, Math.min(off, eligiblePence));
}

/** Spreads `total` over `weights` in proportion, in whole pence summing exactly to `total`. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).toSorted((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export function computeDiscount(terms: PromotionTerms, lines: readonly BasketLineFigures[], deliveryPence: number): DiscountFigures {
  if (terms.targetType === TARGET_TYPES.Delivery) {
    const discountPence = amountOff(terms, Math.max(0, deliveryPence));
    return { eligiblePence: Math.max(0, deliveryPence), discountPence, lineDiscounts: [], deliveryDiscountPence: discountPence };
  }
  const qualifying = lines.filter((line) => line.lineTotalPence > 0 && qualifies(terms, line));
  const eligiblePence = qualifying.reduce((sum, line) => sum + line.lineTotalPence, 0);
  const discountPence = amountOff(terms, eligiblePence);
  const shares = allocate(
    discountPence,
    qualifying.map((line) => line.lineTotalPence),
  );
  return {
    eligiblePence,
    discountPence,
    lineDiscounts: qualifying.map((line, index) => ({ sku: line.sku, discountPence: shares[index]! })),
    deliveryDiscountPence: 0,
  };
}

const TARGET_WORDS: Record<TargetType, string> = {
  201: 'everything',
  202: 'selected products',
  203: 'selected categories',
  204: 'selected brands',
  205: 'delivery',
};

/** What the promotion takes off, in words: "10% off everything", "£5 off delivery". */
export function describeOffer(terms: Pick<PromotionTerms, 'discountType' | 'value' | 'targetType' | 'minimumSpendPence'>): string {
  const amount = terms.discountType === DISCOUNT_TYPES.Percentage ? `${(terms.value / 100).toLocaleString('en-GB')}%` : formatPenceShort(terms.value);
  const offer =
    terms.targetType === TARGET_TYPES.Delivery && terms.discountType === DISCOUNT_TYPES.Percentage && terms.value === 10_000
      ? 'Free delivery'
      : `${amount} off ${TARGET_WORDS[terms.targetType]}`;
  return terms.minimumSpendPence > 0 ? `${offer} when you spend ${formatPenceShort(terms.minimumSpendPence)}` : offer;
}

/** The words a shopper is told the code covers, for "nothing in your basket qualifies". */
export const targetWords = (targetType: TargetType): string => TARGET_WORDS[targetType];

/** Checks across fields of a promotion's terms: each problem as [field, message]. */
export function checkTerms(terms: PromotionTerms, claimCount = 0): [string, string][] {
  const problems: [string, string][] = [];
  if (terms.discountType === DISCOUNT_TYPES.Percentage && terms.value > 10_000) {
    problems.push(['value', 'A percentage is in basis points: at most 10000 (100%)']);
  }
  if (terms.endsAt && terms.endsAt <= terms.startsAt) problems.push(['endsAt', 'Must be after startsAt']);
  const lists: [TargetType, string, number][] = [
    [TARGET_TYPES.SpecificProducts, 'targetSkus', terms.targetSkus.length],
    [TARGET_TYPES.SpecificCategories, 'targetCategoryIds', terms.targetCategoryIds.length],
    [TARGET_TYPES.SpecificBrands, 'targetBrandIds', terms.targetBrandIds.length],
  ];
  for (const [type, field, length] of lists) {
    if (terms.targetType === type && length === 0) problems.push([field, `Name at least one for target type ${type}`]);
    if (terms.targetType !== type && length > 0) problems.push([field, `Only used with target type ${type}`]);
  }
  if (terms.usageLimit !== null && terms.usageLimit < claimCount) {
    problems.push(['usageLimit', `The promotion has already been claimed ${claimCount} times`]);
  }
  return problems;
}

/** A stored promotion's terms, as the rules read them. */
export const termsOf = (row: PromotionRow): PromotionTerms => ({
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
