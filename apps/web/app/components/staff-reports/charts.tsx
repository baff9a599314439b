import { formatPenceShort, londonDayMonth } from '@shop/contracts';
import type { ReactNode } from 'react';

/**
 * The staff reports' charts, drawn by the server as SVG (no chart library in any page's scripts):
 * a column per day for sales, and bars beside their labels for rankings. Each chart says its figures
 * in text too, for screen readers and for anyone who would rather read them.
 */

const dayLabel = (isoDay: string) => londonDayMonth(`${isoDay}T12:00:00Z`);

/** Orders' takings per day, one column each, the tallest day's figure marked. */
export function SalesColumns({ days, label }: { days: readonly { day: string; orders: number; netPence: number }[]; label: string }) {
  const most = Math.max(1, ...days.map((day) => day.netPence));
  const width = 700;
  const height = 180;
  const slot = width / days.length;
  const gap = Math.min(4, slot * 0.2);
  const total = days.reduce((sum, day) => sum + day.netPence, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${width} ${height + 24}`} role="img" aria-label={label} className="h-auto w-full overflow-visible">
        <line x1="0" x2={width} y1={height} y2={height} className="stroke-navy-200" strokeWidth="1" />
        {days.map((day, index) => {
          const barHeight = (day.netPence / most) * (height - 8);
          return (
            <rect
              key={day.day}
              x={index * slot + gap / 2}
              y={height - barHeight}
              width={Math.max(1, slot - gap)}
              height={barHeight}
              rx="2"
              className="fill-teal-700"
            >
              <title>{`${dayLabel(day.day)}: ${day.orders} ${day.orders === 1 ? 'order' : 'orders'}, ${formatPenceShort(day.netPence)}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 18} className="fill-navy-700 text-[13px]">
          {dayLabel(days[0]!.day)}
        </text>
        <text x={width} y={height + 18} textAnchor="end" className="fill-navy-700 text-[13px]">
          {dayLabel(days.at(-1)!.day)}
        </text>
      </svg>
      <figcaption className="text-navy-800">
        {orders} {orders === 1 ? 'order' : 'orders'}, {formatPenceShort(total)} after refunds; the best day {formatPenceShort(most === 1 ? 0 : most)}.
      </figcaption>
    </figure>
  );
}

export interface BarRow {
  key: string;
  label: ReactNode;
  value: number;
  /** The figure as written beside the bar ("12 views"). */
  text: string;
}

/** A ranking: each row's label, a bar as long as its share of the largest, and its figure. */
export function Bars({ rows, label }: { rows: readonly BarRow[]; label: string }) {
  const most = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ol aria-label={label} className="space-y-3">
      {rows.map((row) => (
        <li key={row.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto]">
          <span className="min-w-0 break-words text-navy-950">{row.label}</span>
          <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" className="col-span-2 row-start-2 h-3 w-full sm:col-span-1 sm:row-start-auto">
            <rect x="0" y="0" width="100" height="10" rx="2" className="fill-sand-100" />
            <rect x="0" y="0" width={Math.max(1, (row.value / most) * 100)} height="10" rx="2" className="fill-teal-700" />
          </svg>
          <span className="text-right font-semibold text-navy-950 tabular-nums">{row.text}</span>
        </li>
      ))}
    </ol>
  );
}
