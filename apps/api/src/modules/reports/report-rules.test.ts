import { describe, expect, it } from 'vitest';
import { carouselClickThrough, carouselDays, everyDay, funnel, reportRange } from './report-rules.ts';

describe('a report’s range', () => {
  const now = new Date('2026-07-01T23:30:00Z'); // already 2 July in London
  it('covers the last 28 London days without dates', () => {
    expect(reportRange({}, now)).toEqual({ from: '2026-06-05', to: '2026-07-02' });
  });
  it('takes the dates asked for, one day included', () => {
    expect(reportRange({ from: '2026-03-01', to: '2026-03-01' }, now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });
  it('refuses an end before the start and a range past a year', () => {
    expect(reportRange({ from: '2026-03-02', to: '2026-03-01' }, now)).toEqual({ refusal: 'end-before-start' });
    expect(reportRange({ from: '2025-01-01', to: '2026-03-01' }, now)).toEqual({ refusal: 'too-long' });
  });
});

describe('drawing a report', () => {
  it('draws every day, a day without figures as zeros', () => {
    const days = everyDay('2026-02-27', '2026-03-02', [{ day: '2026-03-01', orders: 2, netPence: 500 }], { orders: 0, netPence: 0 });
    expect(days.map((day) => [day.day, day.orders])).toEqual([
      ['2026-02-27', 0],
      ['2026-02-28', 0],
      ['2026-03-01', 2],
      ['2026-03-02', 0],
    ]);
  });
  it('lists the funnel’s steps in order', () => {
    const steps = funnel({
      cartViewed: 9,
      checkoutStarted: 5,
      steps: new Map([
        ['1', 4],
        ['3', 2],
      ]),
      ordersPlaced: 1,
    });
    expect(steps.map((step) => step.count)).toEqual([9, 5, 4, 0, 2, 0, 1]);
    expect(steps.at(-1)!.step).toBe('Placed an order');
  });
});

describe('carousel click-through', () => {
  it('is presses over views per carousel, presses never above views, the unseen and unknown left out, most viewed first', () => {
    const rows = carouselClickThrough(
      [
        { subject: 'recently-viewed', count: 3 },
        { subject: 'bought-together', count: 8 },
        { subject: 'made-up', count: 50 },
      ],
      [
        { subject: 'bought-together', count: 1 },
        { subject: 'recently-viewed', count: 7 },
        { subject: 'new-in', count: 4 },
      ],
    );
    expect(rows).toEqual([
      { carousel: 'bought-together', title: 'Frequently bought together', viewed: 8, clicked: 1, ratePercent: 12.5 },
      { carousel: 'recently-viewed', title: 'Recently viewed', viewed: 3, clicked: 3, ratePercent: 100 },
    ]);
  });
});

describe('carousel click-through per day', () => {
  const row = (day: string, metric: string, subject: string, count: number) => ({ day, metric, subject, count });
  it('gives each carousel seen every day of the range, a day unseen without a rate, presses capped per day, forged lists left out', () => {
    const days = carouselDays('2026-03-01', '2026-03-03', [
      row('2026-03-01', 'carousel-viewed', 'home-category', 4),
      row('2026-03-01', 'carousel-clicked', 'home-category', 1),
      row('2026-03-03', 'carousel-viewed', 'home-category', 2),
      // More presses than views that day: capped at the views, though the range has more views.
      row('2026-03-03', 'carousel-clicked', 'home-category', 5),
      row('2026-03-02', 'carousel-viewed', 'best-sellers', 10),
      row('2026-03-02', 'carousel-viewed', 'made-up', 99),
      // Pressed, never seen: no row.
      row('2026-03-02', 'carousel-clicked', 'new-in', 3),
    ]);
    expect(days).toEqual([
      {
        carousel: 'best-sellers',
        title: 'Best sellers',
        days: [
          { day: '2026-03-01', viewed: 0, clicked: 0, ratePercent: null },
          { day: '2026-03-02', viewed: 10, clicked: 0, ratePercent: 0 },
          { day: '2026-03-03', viewed: 0, clicked: 0, ratePercent: null },
        ],
      },
      {
        carousel: 'home-category',
        title: 'A category’s products on the home page',
        days: [
          { day: '2026-03-01', viewed: 4, clicked: 1, ratePercent: 25 },
          { day: '2026-03-02', viewed: 0, clicked: 0, ratePercent: null },
          { day: '2026-03-03', viewed: 2, clicked: 2, ratePercent: 100 },
        ],
      },
    ]);
  });
  it('is empty when no carousel was seen', () => {
    expect(carouselDays('2026-03-01', '2026-03-01', [row('2026-03-01', 'carousel-clicked', 'best-sellers', 2)])).toEqual([]);
  });
});
