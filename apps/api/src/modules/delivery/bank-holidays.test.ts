import { describe, expect, it } from 'vitest';
import { addDays, londonDateTime, weekday } from './delivery-calendar.ts';
import { bankHolidayList, bankHolidayWarning, DIVISIONS, NOTICE_DAYS, parseBankHolidays } from './bank-holidays.ts';

const { holidays, listedUntil } = bankHolidayList;

describe('bank holidays', () => {
  it('are listed at least a year ahead of today (refresh bank-holidays.json from gov.uk before then)', () => {
    // The real date on purpose: this fails while there is still a year to add gov.uk's next one.
    const today = londonDateTime(new Date()).date;
    expect(bankHolidayWarning(today)).toBeNull();
  });

  it('cover every year listed in all three divisions, on weekdays only, sorted, each once', () => {
    const firstYear = Number(holidays['england-and-wales'][0]!.slice(0, 4));
    for (const division of DIVISIONS) {
      const dates = holidays[division];
      expect({ division, weekend: dates.filter((date) => weekday(date) === 0 || weekday(date) === 6) }).toEqual({ division, weekend: [] });
      expect(new Set(dates).size).toBe(dates.length);
      for (let year = firstYear; year <= Number(listedUntil.slice(0, 4)); year++) {
        expect({ division, year, enough: dates.filter((date) => date.startsWith(String(year))).length >= 8 }).toEqual({ division, year, enough: true });
      }
    }
  });

  it('are the days gov.uk names, substitute days included', () => {
    // Boxing Day 2026 is a Saturday; Christmas and Boxing Day 2027 fall on the weekend.
    expect(holidays['england-and-wales']).toEqual(expect.arrayContaining(['2026-12-25', '2026-12-28', '2027-12-27', '2027-12-28']));
    expect(holidays['england-and-wales']).not.toContain('2026-12-26');
    // Scotland: 2 January and St Andrew's Day, but no Easter Monday; its summer holiday is in early August.
    expect(holidays.scotland).toEqual(expect.arrayContaining(['2027-01-04', '2026-11-30', '2026-08-03', '2028-01-03', '2028-01-04']));
    expect(holidays.scotland).not.toContain('2026-04-06');
    expect(holidays.scotland).not.toContain('2026-08-31');
    // Northern Ireland: St Patrick's Day and the Battle of the Boyne (on Monday when 12 July is a Sunday).
    expect(holidays['northern-ireland']).toEqual(expect.arrayContaining(['2026-03-17', '2026-07-13', '2027-07-12']));
  });

  it('warn once less than a year is left, and say so louder when the list has ended', () => {
    const list = { listedUntil: '2028-12-31' };
    expect(bankHolidayWarning(addDays('2028-12-31', -NOTICE_DAYS), list)).toBeNull();
    expect(bankHolidayWarning(addDays('2028-12-31', -NOTICE_DAYS + 1), list)).toMatch(/end on 2028-12-31, 364 days from now.*holidays:refresh/);
    expect(bankHolidayWarning('2029-01-02', list)).toMatch(/ended on 2028-12-31: every weekday since counts as a working day/);
  });

  it('end with the last year every division covers, and refuse a file that is not the feed', () => {
    const event = (date: string) => ({ title: 'A day', date, notes: '' });
    const file = (divisions: object) => ({ source: 'https://www.gov.uk/bank-holidays.json', copiedOn: '2026-11-23', divisions });
    const feed = {
      'england-and-wales': { division: 'england-and-wales', events: [event('2029-12-25'), event('2028-12-25')] },
      scotland: { division: 'scotland', events: [event('2028-12-25')] },
      'northern-ireland': { division: 'northern-ireland', events: [event('2029-12-25')] },
    };
    const parsed = parseBankHolidays(file(feed));
    expect(parsed.listedUntil).toBe('2028-12-31');
    expect(parsed.holidays['england-and-wales']).toEqual(['2028-12-25', '2029-12-25']);
    expect(() => parseBankHolidays(file({ ...feed, scotland: undefined }))).toThrow(/no events for scotland/);
    expect(() => parseBankHolidays(file({ ...feed, scotland: { events: [event('25/12/2028')] } }))).toThrow(/not YYYY-MM-DD: "25\/12\/2028"/);
    expect(() => parseBankHolidays({ divisions: feed })).toThrow(/source/);
  });
});
