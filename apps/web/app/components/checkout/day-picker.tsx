import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { calendarWeeks, formatDay, moveInCalendar, type CalendarDay } from '../../lib/checkout/checkout-logic.ts';
import { cn } from '../../lib/cn.ts';
import { formatPence } from '@shop/contracts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The specific-day calendar as a radio group laid out in weeks: Tab reaches the chosen (or first
 * open) day, arrow keys move by a day or a week to the next open day, Home/End to the first and
 * last, Space or Enter chooses. Closed days are shown but cannot be chosen.
 */
export function DayPicker({ days, value, onChange, labelledBy }: { days: CalendarDay[]; value: string | null; onChange: (date: string) => void; labelledBy: string }) {
  const chosenIndex = days.findIndex((day) => day.date === value);
  const firstOpen = days.findIndex((day) => day.available);
  const [focusIndex, setFocusIndex] = useState(chosenIndex >= 0 ? chosenIndex : firstOpen);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const hintId = useId();
  const indexOf = new Map(days.map((day, index) => [day.date, index]));
  const months = [...new Set(days.map((day) => monthFormat.format(new Date(`${day.date}T00:00:00Z`))))];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = moveInCalendar(days, index, event.key);
    if (next === index && !['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    setFocusIndex(next);
    buttons.current.get(next)?.focus();
  };

  return (
    <div>
      <p className="text-sm font-semibold text-navy-950" aria-hidden="true">
        {months.join(' – ')}
      </p>
      <p id={hintId} className="sr-only">
        Use the arrow keys to move between days, and Space to choose one.
      </p>
      <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={hintId} className="mt-2 max-w-md">
        <div className="grid grid-cols-7 gap-1 text-center text-xs font-semibold text-navy-700" aria-hidden="true">
          {WEEKDAYS.map((weekday) => (
            <span key={weekday}>{weekday}</span>
          ))}
        </div>
        {calendarWeeks(days).map((week, row) => (
          <div key={row} className="mt-1 grid grid-cols-7 gap-1">
            {week.map((day, column) => {
              if (!day) return <span key={`blank-${column}`} aria-hidden="true" />;
              const index = indexOf.get(day.date)!;
              const chosen = day.date === value;
              return (
                <button
                  key={day.date}
                  ref={(element) => {
                    if (element) buttons.current.set(index, element);
                    else buttons.current.delete(index);
                  }}
                  type="button"
                  role="radio"
                  aria-checked={chosen}
                  aria-disabled={!day.available || undefined}
                  aria-label={`${formatDay(day.date)}${day.available ? `, ${formatPence(day.priceIncVat)}` : ', not available'}`}
                  tabIndex={index === focusIndex ? 0 : -1}
                  onKeyDown={(event) => onKeyDown(event, index)}
                  onClick={() => {
                    if (!day.available) return;
                    setFocusIndex(index);
                    onChange(day.date);
                  }}
                  className={cn(
                    'flex h-11 flex-col items-center justify-center rounded-lg text-sm font-semibold tabular-nums',
                    chosen
                      ? 'bg-navy-900 text-white'
                      : day.available
                        ? 'bg-white text-navy-950 ring-1 ring-navy-200 ring-inset hover:bg-teal-50'
                        : 'cursor-not-allowed bg-sand-100 text-navy-600 line-through',
                  )}
                >
                  {Number(day.date.slice(8))}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
