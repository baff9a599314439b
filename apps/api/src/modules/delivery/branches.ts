/**
 * The trade counters an order can be collected from (docs/domain.md §4.5: click & collect from the
 * trade counter). Data, not rules: one counter today, at the warehouse that holds the stock, so whatever
 * is in stock can be picked there. It closes on its division's bank holidays (gov.uk's feed,
 * `bank-holidays.ts`, which says how far ahead it reaches).
 */
import type { HolidayRegion } from './postcode.ts';

/** 0 Sunday … 6 Saturday, as `Date.getUTCDay()` counts a London calendar day. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface Branch {
  id: string;
  name: string;
  address: { line1: string; line2?: string; town: string; postcode: string };
  /** Whose bank holidays it closes on. */
  region: HolidayRegion;
  /** London wall-clock opening hours by weekday; a day left out is closed. */
  hours: Readonly<Partial<Record<Weekday, readonly [opens: string, closes: string]>>>;
}

const WEEKDAY_HOURS = ['07:00', '17:00'] as const;

export const LEEDS_TRADE_COUNTER: Branch = {
  id: 'leeds',
  name: 'Plumbline Leeds trade counter',
  address: { line1: 'Unit 4 Canal Wharf', town: 'Leeds', postcode: 'LS11 5PS' },
  region: 'england-and-wales',
  hours: { 1: WEEKDAY_HOURS, 2: WEEKDAY_HOURS, 3: WEEKDAY_HOURS, 4: WEEKDAY_HOURS, 5: WEEKDAY_HOURS, 6: ['08:00', '12:00'] },
};

/** Where click & collect orders wait. */
export const COLLECTION_BRANCH = LEEDS_TRADE_COUNTER;
