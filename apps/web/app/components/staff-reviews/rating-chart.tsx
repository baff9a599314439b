import { useId } from 'react';
import { axisTop, monthName, monthSeries, type MonthFigures } from '../../lib/staff-reviews/insights.ts';

const COLUMN = 44;
const PLOT_HEIGHT = 180;
const LEFT = 40;
const RIGHT = 40;
const TOP = 14;
const BOTTOM = 40;

const averageText = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/**
 * A product's published reviews by month: bars for how many, a line for their average stars. Drawn
 * at a fixed size (a phone scrolls it sideways, its words stay readable); the SVG is one image with
 * a summary for screen readers, and the same figures are in the table below it.
 */
export function RatingChart({ trend }: { trend: readonly MonthFigures[] }) {
  const id = useId();
  const months = monthSeries(trend);
  if (months.length === 0) return null;
  const top = axisTop(Math.max(...months.map((month) => month.count)));
  const width = LEFT + RIGHT + months.length * COLUMN;
  const height = TOP + PLOT_HEIGHT + BOTTOM;
  const yCount = (count: number) => TOP + PLOT_HEIGHT - (count / top) * PLOT_HEIGHT;
  const yStars = (stars: number) => TOP + PLOT_HEIGHT - (stars / 5) * PLOT_HEIGHT;
  const x = (index: number) => LEFT + index * COLUMN + COLUMN / 2;
  const rated = months.map((month, index) => ({ ...month, index })).filter((month) => month.averageRating !== null);
  const line = rated.map((month, n) => `${n === 0 ? 'M' : 'L'}${x(month.index)},${yStars(month.averageRating!)}`).join(' ');
  const first = monthName(months[0]!.month);
  const last = monthName(months.at(-1)!.month);
  const busiest = months.reduce((best, month) => (month.count > best.count ? month : best));
  const summary =
    `Reviews and their average stars by month, ${first} to ${last}. The busiest month was ${monthName(busiest.month)} with ${busiest.count} ` +
    `${busiest.count === 1 ? 'review' : 'reviews'}. Every month’s figures are in the table below the chart.`;

  return (
    <figure className="space-y-3">
      <figcaption className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-navy-700">
        <span className="inline-flex items-center gap-2">
          <span className="inline-block size-3 rounded-sm bg-teal-600" aria-hidden="true" />
          Reviews that month (left scale)
        </span>
        <span className="inline-flex items-center gap-2">
          <span className="inline-block h-0.5 w-5 bg-brass-600" aria-hidden="true" />
          Average stars (right scale, 0 to 5)
        </span>
      </figcaption>
      {/* Scrolls sideways on a phone: the keyboard can reach it to scroll it (axe: scrollable-region-focusable). */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="overflow-x-auto rounded-xl border border-navy-100 bg-white" tabIndex={0} role="region" aria-label="Rating by month, chart">
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-summary`} className="block">
          <title id={`${id}-summary`}>{summary}</title>
          {[0, 0.5, 1].map((share) => (
            <g key={share}>
              <line x1={LEFT} x2={width - RIGHT} y1={TOP + PLOT_HEIGHT * (1 - share)} y2={TOP + PLOT_HEIGHT * (1 - share)} className="stroke-navy-100" />
              <text x={LEFT - 8} y={TOP + PLOT_HEIGHT * (1 - share) + 4} textAnchor="end" className="fill-navy-700 text-xs tabular-nums">
                {Math.round(top * share)}
              </text>
              <text x={width - RIGHT + 8} y={TOP + PLOT_HEIGHT * (1 - share) + 4} className="fill-navy-700 text-xs tabular-nums">
                {(5 * share).toFixed(share === 0.5 ? 1 : 0)}★
              </text>
            </g>
          ))}
          {months.map((month, index) => (
            <g key={month.month}>
              {month.count > 0 && (
                <rect x={x(index) - 12} width={24} y={yCount(month.count)} height={TOP + PLOT_HEIGHT - yCount(month.count)} rx={3} className="fill-teal-600" />
              )}
              <text x={x(index)} y={TOP + PLOT_HEIGHT + 16} textAnchor="middle" className="fill-navy-800 text-xs">
                {monthName(month.month).slice(0, 3)}
              </text>
              {(index === 0 || month.month.endsWith('-01')) && (
                <text x={x(index)} y={TOP + PLOT_HEIGHT + 32} textAnchor="middle" className="fill-navy-600 text-xs">
                  {month.month.slice(0, 4)}
                </text>
              )}
            </g>
          ))}
          <path d={line} fill="none" strokeWidth={2.5} strokeLinejoin="round" className="stroke-brass-600" />
          {rated.map((month) => (
            <circle key={month.month} cx={x(month.index)} cy={yStars(month.averageRating!)} r={4} strokeWidth={2} className="fill-white stroke-brass-600" />
          ))}
        </svg>
      </div>
      <details className="group rounded-xl border border-navy-100 bg-white">
        <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-teal-700 underline underline-offset-3">The figures as a table</summary>
        {/* Scrolls when there are many months: focusable, so a keyboard can scroll it too. */}
        {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="max-h-80 overflow-y-auto border-t border-navy-100" role="region" aria-label="Reviews and average stars by month" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Reviews and average stars by month</caption>
            <thead className="sticky top-0 bg-sand-100 text-navy-800">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Month
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  Reviews
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  Average stars
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-navy-100">
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row" className="px-4 py-2 font-medium text-navy-950">
                    {monthName(month.month)}
                  </th>
                  <td className="px-4 py-2 text-right tabular-nums">{month.count}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{averageText(month.averageRating)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
