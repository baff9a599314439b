/**
 * When a click & collect order is ready at a trade counter, and the counter's hours as a shopper
 * reads them. docs/domain.md §4.5: in-stock goods are ready in an hour, else the next day. Pure.
 */
import { clockText, londonClock, londonWeekday } from '@shop/contracts';
import type { Branch, Weekday } from './branches.ts';
import { addDays, isBankHoliday, londonDateTime, londonInstant, weekday, type IsoDate } from './delivery-calendar.ts';

/** Where and from when a click & collect order waits. */
export interface Collection {
  branch: BranchFacts;
  /** ISO 8601 with the UK offset. */
  readyFrom: string;
}

/** Picking an in-stock order at the counter takes up to an hour of its opening time. */
const PICKING_MINUTES = 60;
/** A ready time leaves half an hour to come for it before the counter closes. */
const COLLECT_BEFORE_CLOSING_MINUTES = 30;
/** Ready times are promised on the half hour: "from 2:30pm". */
const READY_STEP_MINUTES = 30;
/** A counter shut for longer than this (a fortnight's closure) offers no collection. */
const LOOK_AHEAD_DAYS = 14;

const MINUTE = 60_000;

/** The hours a branch is open on a day: none on its closed weekdays and its region's bank holidays. */
export function openingOn(branch: Branch, date: IsoDate): { opens: Date; closes: Date } | null {
  const hours = branch.hours[weekday(date) as Weekday];
  if (!hours || isBankHoliday(branch.region, date)) return null;
  return { opens: londonInstant(date, hours[0]), closes: londonInstant(date, hours[1]) };
}

export interface ReadyToCollect {
  /** The first half hour at which the order waits at the counter. */
  readyFrom: Date;
  /** Order by then to collect today; null when the order is ready on a later day. */
  orderBy: Date | null;
}

/**
 * When an order of goods on the shelf, placed `now`, is ready: picking starts now if the counter is
 * open (else when it opens) and takes an hour, rounded up to the half hour; a ready time too close to
 * closing moves to an hour after the next opening. Null when the counter stays shut a fortnight.
 */
export function readyToCollect(branch: Branch, now: Date): ReadyToCollect | null {
  const today = londonDateTime(now).date;
  for (let offset = 0; offset <= LOOK_AHEAD_DAYS; offset++) {
    const day = addDays(today, offset);
    const open = openingOn(branch, day);
    if (!open) continue;
    const start = Math.max(now.getTime(), open.opens.getTime());
    const step = READY_STEP_MINUTES * MINUTE;
    const readyFrom = new Date(Math.ceil((start + PICKING_MINUTES * MINUTE) / step) * step);
    const lastReady = open.closes.getTime() - COLLECT_BEFORE_CLOSING_MINUTES * MINUTE;
    if (readyFrom.getTime() > lastReady) continue;
    const orderBy = day === today ? new Date(lastReady - PICKING_MINUTES * MINUTE) : null;
    return { readyFrom, orderBy };
  }
  return null;
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** The shop's week, Monday first, as opening hours are read. */
const WEEK: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];

export interface OpeningHours {
  /** Runs of days with the same hours: "Monday to Friday", 07:00–17:00. */
  openingHours: { days: string; opens: string; closes: string }[];
  /** When it is shut: "Closed on Sundays and bank holidays". */
  closed: string;
}

export function openingHours(branch: Branch): OpeningHours {
  const runs: { first: Weekday; last: Weekday; opens: string; closes: string }[] = [];
  const closedDays: string[] = [];
  for (const day of WEEK) {
    const hours = branch.hours[day];
    if (!hours) {
      closedDays.push(`${DAY_NAMES[day]}s`);
      continue;
    }
    const run = runs.at(-1);
    const follows = run && WEEK.indexOf(run.last) === WEEK.indexOf(day) - 1;
    if (run && follows && run.opens === hours[0] && run.closes === hours[1]) run.last = day;
    else runs.push({ first: day, last: day, opens: hours[0], closes: hours[1] });
  }
  return {
    openingHours: runs.map((run) => ({
      days: run.first === run.last ? DAY_NAMES[run.first] : `${DAY_NAMES[run.first]} to ${DAY_NAMES[run.last]}`,
      opens: run.opens,
      closes: run.closes,
    })),
    closed: `Closed on ${[...closedDays, 'bank holidays'].join(', ').replace(/, ([^,]*)$/, ' and $1')}`,
  };
}

/** A branch as the API answers it: where it is and when it is open. */
export interface BranchFacts extends OpeningHours {
  id: string;
  name: string;
  address: Branch['address'];
}

export const branchFacts = (branch: Branch): BranchFacts => ({ id: branch.id, name: branch.name, address: branch.address, ...openingHours(branch) });

/**
 * Where a collected order waits and from when, for an e-mail:
 * `the Plumbline Leeds trade counter, Unit 4 Canal Wharf, Leeds LS11 5PS (open …), from 2pm on Tuesday 24 November`;
 * without the time (`{ when: false }`) once it is there.
 */
export function collectionText(collection: Collection, { when }: { when: boolean } = { when: true }): string {
  const { branch } = collection;
  const ready = new Date(collection.readyFrom);
  const address = [branch.address.line1, branch.address.line2, `${branch.address.town} ${branch.address.postcode}`].filter(Boolean).join(', ');
  const hours = branch.openingHours.map((run) => `${run.days} ${clockText(run.opens)} to ${clockText(run.closes)}`).join(', ');
  const where = `the ${branch.name}, ${address} (open ${hours})`;
  return when ? `${where}, from ${clockText(londonClock(ready))} on ${londonWeekday(ready)}` : where;
}
