import type { ProductSummary } from '@shop/contracts';
import { formatPence, londonClock, londonShortDay } from '@shop/contracts';
import { savingPence } from '../../lib/money.ts';

export type Price = ProductSummary['price'];
export type StockStatus = ProductSummary['stockStatus'];

// Calendar days (YYYY-MM-DD) are read at noon UTC and shown in UTC, so the server and the
// browser print the same day whatever their time zones.
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const weekdayDayMonth = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

const asDay = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

/** "2026-12-03" → "3 December". */
export const formatDayMonth = (isoDate: string) => dayMonth.format(asDay(isoDate));
/** "2026-12-03" → "Thursday 3 December". */
export const formatLongDay = (isoDate: string) => weekdayDayMonth.format(asDay(isoDate)).replace(',', '');
/** "2026-12-03" → "Thu 3 Dec". */
export const formatShortDay = (isoDate: string) => shortDay.format(asDay(isoDate)).replace(',', '');
/** An ISO instant → "16:00 on Mon 24 Nov": cut-offs are instants, and the shop's day is London's. */
export const formatCutOff = (instant: string) => `${londonClock(instant)} on ${londonShortDay(instant)}`;

/** The shopper-facing stock line (spec §3): "Made to order — dispatches from 3 December". */
export function stockText(stock: StockStatus): string {
  switch (stock.status) {
    case 'in_stock':
      return 'In stock';
    case 'low_stock':
      return 'Low stock';
    case 'made_to_order':
      return stock.eta ? `Made to order — dispatches from ${formatDayMonth(stock.eta)}` : 'Made to order';
    case 'out_of_stock':
      return stock.eta ? `Out of stock — expected ${formatDayMonth(stock.eta)}` : 'Out of stock';
  }
}

/** schema.org availability for a stock status. */
export function schemaAvailability(status: StockStatus['status']): string {
  const names = { in_stock: 'InStock', low_stock: 'LimitedAvailability', made_to_order: 'MadeToOrder', out_of_stock: 'OutOfStock' } as const;
  return `https://schema.org/${names[status]}`;
}

/** "Save £30.00 (17%)", or null without a real saving. */
export function savingText(price: Price): string | null {
  const saving = savingPence(price.priceIncTax, price.wasPriceIncTax);
  if (saving === null || price.wasPriceIncTax === null) return null;
  const percent = price.discountPercentage > 0 ? price.discountPercentage : Math.round((saving / price.wasPriceIncTax) * 100);
  return `Save ${formatPence(saving)} (${percent}%)`;
}

/** Pence as the pounds string schema.org offers expect: 12999 → "129.99". */
export const poundsString = (pence: number) => (pence / 100).toFixed(2);

const BADGE_LABELS: Record<string, string> = {
  best_seller: 'Best seller',
  new: 'New in',
  free_waste: 'Free waste',
  premium: 'Premium',
  recommended: 'Recommended',
};

/** "best_seller" → "Best seller"; unknown codes are made readable rather than hidden. */
export function badgeLabel(code: string): string {
  return BADGE_LABELS[code] ?? code.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());
}
