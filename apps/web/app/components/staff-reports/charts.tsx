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

/** A line's look: a colour and a dash, so lines differ for people who do not tell the colours apart. */
const LINE_COLOURS = ['stroke-teal-700', 'stroke-navy-900', 'stroke-brass-600', 'stroke-teal-400', 'stroke-navy-400'];
const LINE_DASHES = [undefined, '10 5', '3 4', '12 4 3 4'];
const lineLook = (index: number) => ({ className: LINE_COLOURS[index % LINE_COLOURS.length]!, dash: LINE_DASHES[index % LINE_DASHES.length] });

export interface DayLine {
  key: string;
  label: string;
  /** Each day's value in order, null where there is none (the line breaks there). */
  values: readonly (number | null)[];
}

/**
 * Lines of a percentage per day, one per row, on one 0–100% scale, with a key naming each; a day
 * without a value breaks its line, and a lone day is a dot. The figures are for the table beside it.
 */
export function DayLines({ days, lines, label }: { days: readonly string[]; lines: readonly DayLine[]; label: string }) {
  const [width, height, left] = [700, 200, 40];
  const x = (index: number) => left + (days.length === 1 ? (width - left) / 2 : (index / (days.length - 1)) * (width - left));
  const y = (percent: number) => height - (percent / 100) * (height - 8);
  return (
    <figure className="space-y-3">
      <svg viewBox={`0 0 ${width} ${height + 24}`} role="img" aria-label={label} className="h-auto w-full overflow-visible">
        {[0, 50, 100].map((percent) => (
          <g key={percent}>
            <line x1={left} x2={width} y1={y(percent)} y2={y(percent)} className="stroke-navy-100" strokeWidth="1" />
            <text x={left - 6} y={y(percent) + 4} textAnchor="end" className="fill-navy-700 text-[13px]">
              {percent}%
            </text>
          </g>
        ))}
        {lines.map((line, index) => {
          const { className, dash } = lineLook(index);
          // Runs of days with a value, each drawn as one line.
          const runs: [number, number][][] = [[]];
          line.values.forEach((value, day) => (value === null ? runs.push([]) : runs.at(-1)!.push([x(day), y(value)])));
          return (
            <g key={line.key} className={className} fill="none" strokeWidth="2.5" strokeLinejoin="round">
              {runs.map((points, run) =>
                points.length === 1 ? (
                  <circle key={run} cx={points[0]![0]} cy={points[0]![1]} r="3" />
                ) : points.length > 1 ? (
                  <polyline key={run} points={points.map((point) => point.join(',')).join(' ')} strokeDasharray={dash} />
                ) : null,
              )}
            </g>
          );
        })}
        <text x={left} y={height + 18} className="fill-navy-700 text-[13px]">
          {dayLabel(days[0]!)}
        </text>
        <text x={width} y={height + 18} textAnchor="end" className="fill-navy-700 text-[13px]">
          {dayLabel(days.at(-1)!)}
        </text>
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-navy-900" aria-label="Key">
          {lines.map((line, index) => {
            const { className, dash } = lineLook(index);
            return (
              <li key={line.key} className="flex items-center gap-2">
                <svg viewBox="0 0 32 8" aria-hidden="true" className="h-2 w-8">
                  <line x1="0" x2="32" y1="4" y2="4" className={className} strokeWidth="3" strokeDasharray={dash} />
                </svg>
                {line.label}
              </li>
            );
          })}
        </ul>
      </figcaption>
    </figure>
  );
}
