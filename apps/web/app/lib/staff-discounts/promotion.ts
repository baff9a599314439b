import {
  DISCOUNT_TYPES,
  formatPence,
  londonShortDate,
  londonShortDateTime,
  SALES_CHANNELS,
  TARGET_TYPES,
  type DiscountType,
  type PromotionStatus,
  type PromotionSummary,
  type SalesChannel,
  type TargetType,
} from '@shop/contracts';
import type { BadgeTone } from '../../components/ui/badge.tsx';
import { basisPointsToText } from './amounts.ts';

/** Who the discount pages are for (their contract: role `discount-manager`), as the pages say so. */
export const DISCOUNTS_AUDIENCE = { what: 'Managing discounts', who: 'discount managers' };
export const DISCOUNT_ROLES = ['discount-manager'] as const;

export const CHANNEL_LABELS: Record<SalesChannel, string> = {
  [SALES_CHANNELS.Website]: 'Website',
  [SALES_CHANNELS.TradeSite]: 'Trade site',
  [SALES_CHANNELS.TradeApp]: 'Trade app',
};
export const CHANNELS = Object.values(SALES_CHANNELS);

export const TARGET_LABELS: Record<TargetType, string> = {
  [TARGET_TYPES.AllProducts]: 'All products',
  [TARGET_TYPES.SpecificProducts]: 'Specific products (SKUs)',
  [TARGET_TYPES.SpecificCategories]: 'Specific categories',
  [TARGET_TYPES.SpecificBrands]: 'Specific brands',
  [TARGET_TYPES.Delivery]: 'Delivery charge',
};
export const TARGETS = Object.values(TARGET_TYPES);

export const STATUS_BADGES: Record<PromotionStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  scheduled: { label: 'Scheduled', tone: 'info' },
  expired: { label: 'Expired', tone: 'neutral' },
};

export const ISSUE_CODE_STATUS: Record<'available' | 'claimed' | 'voided', { label: string; tone: BadgeTone }> = {
  available: { label: 'Available', tone: 'success' },
  claimed: { label: 'Claimed', tone: 'info' },
  voided: { label: 'Withdrawn', tone: 'neutral' },
};

/** "10%", "12.5%" or "£5.00": what a promotion takes off. */
export function formatDiscount(discountType: DiscountType, value: number): string {
  return discountType === DISCOUNT_TYPES.Percentage ? `${basisPointsToText(value)}%` : formatPence(value);
}

export const formatChannels = (channels: readonly SalesChannel[]) => channels.map((channel) => CHANNEL_LABELS[channel]).join(', ');

/** "3 of 100", "3 (no limit)". */
export function formatUsage(promotion: Pick<PromotionSummary, 'claimCount' | 'usageLimit'>): string {
  return promotion.usageLimit === null ? `${promotion.claimCount} (no limit)` : `${promotion.claimCount} of ${promotion.usageLimit}`;
}

/** "21 Nov 2026", in UK time. */
export const formatDay = (iso: string) => londonShortDate(iso);
/** "21 Nov 2026, 14:12", in UK time (the staff pages share one way of showing times). */
export const formatDateTime = londonShortDateTime;

/** The address of a promotion's page. */
export const promotionHref = (promotionCode: string) => `/staff/discounts/${encodeURIComponent(promotionCode)}`;
