import { useId, type KeyboardEvent } from 'react';
import { calendarWeeks, formatDay, moveInCalendar, type CalendarDay } from '../../lib/checkout/checkout-logic.ts';
import { cn } from '../../lib/cn.ts';
import { formatPence } from '@shop/contracts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The id of a day's radio, for the error summary's link. */
export const dayId = (date: string) => `delivery-day-${date}`;

/**
 * The specific-day calendar: the browser's own radios named `date`, laid out in weeks, so a day is
 * chosen and posted with the delivery step's form before the page's scripts run and without them.
 * Tab reaches the chosen (or first open) day and the arrow keys choose the next open one, as radios
 * do; once the scripts run, up and down move by a week and Home/End to the first and last open day.
 * Closed days are shown but cannot be chosen. The chosen day is drawn by the stylesheet (`:checked`).
 */
export function DayPicker({
  days,
  initial,
  labelledBy,
  describedBy,
}: {
  days: CalendarDay[];
  initial: string | null;
  labelledBy: string;
  describedBy?: string;
}) {
  const hintId = useId();
  const indexOf = new Map(days.map((day, index) => [day.date, index]));
  const months = [...new Set(days.map((day) => monthFormat.format(new Date(`${day.date}T00:00:00Z`))))];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next = document.getElementById(dayId(days[moveInCalendar(days, index, event.key)]!.date));
    if (!(next instanceof HTMLInputElement)) return;
    next.focus();
    // Checked as a radio is by its arrow keys, with the change event the page follows.
    if (!next.checked) next.click();
  };

  return (
    <div>
      <p className="text-sm font-semibold text-navy-950" aria-hidden="true">
        {months.join(' – ')}
      </p>
      <p id={hintId} className="sr-only">
        Use the arrow keys to move between open days.
      </p>
      <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={[describedBy, hintId].filter(Boolean).join(' ')} className="mt-2 max-w-md">
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
              return (
                <label
                  key={day.date}
                  htmlFor={dayId(day.date)}
                  className={cn(
                    'relative flex h-11 items-center justify-center rounded-lg text-sm font-semibold tabular-nums ' +
                      'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-600',
                    day.available
                      ? 'cursor-pointer bg-white text-navy-950 ring-1 ring-navy-200 ring-inset hover:bg-teal-50 ' +
                          'has-[:checked]:bg-navy-900 has-[:checked]:text-white has-[:checked]:ring-navy-900'
                      : 'cursor-not-allowed bg-sand-100 text-navy-600 line-through',
                  )}
                >
                  <input
                    id={dayId(day.date)}
                    type="radio"
                    name="date"
                    value={day.date}
                    defaultChecked={day.date === initial}
                    disabled={!day.available}
                    aria-label={`${formatDay(day.date)}${day.available ? `, ${formatPence(day.priceIncVat)}` : ', not available'}`}
                    onKeyDown={(event) => onKeyDown(event, index)}
                    // Unseen but covering its cell, so a press anywhere on the day lands on the radio.
                    className="absolute inset-0 size-full cursor-pointer appearance-none rounded-lg opacity-0 disabled:cursor-not-allowed"
                  />
                  <span aria-hidden="true">{Number(day.date.slice(8))}</span>
                </label>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
