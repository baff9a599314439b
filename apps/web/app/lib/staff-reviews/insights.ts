import type { OfferingInsights } from '@shop/contracts';

/**
 * A product's insights page (issue 21): the months of its rating chart, gaps included, and their
 * names. The chart is drawn from these; the same figures fill the table beside it.
 */

export type MonthFigures = OfferingInsights['ratingTrend'][number];

/** The chart shows at most this many months: the latest. */
export const CHART_MONTHS = 24;

const nextMonth = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
};

/** Every month from the first with a review to the last, those without any at 0 (no average), the latest `limit` of them. */
export function monthSeries(trend: readonly MonthFigures[], limit = CHART_MONTHS): { month: string; count: number; averageRating: number | null }[] {
  if (trend.length === 0) return [];
  const byMonth = new Map(trend.map((entry) => [entry.month, entry]));
  const months: { month: string; count: number; averageRating: number | null }[] = [];
  const last = trend.at(-1)!.month;
  for (let month = trend[0]!.month; month <= last; month = nextMonth(month)) {
    const figures = byMonth.get(month);
    months.push({ month, count: figures?.count ?? 0, averageRating: figures ? figures.averageRating : null });
  }
  return months.slice(-limit);
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-03" → "Mar 2026". */
export function monthName(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTH_NAMES[Number(number) - 1] ?? number} ${year}`;
}

/** A round top for the count axis: 1, 2, 5, 10, 20, 50… at or above the busiest month. */
export function axisTop(max: number): number {
  if (max <= 1) return 1;
  for (let step = 1; ; step *= 10) {
    for (const top of [step, step * 2, step * 5]) if (top >= max) return top;
  }
}
