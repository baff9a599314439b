import { describe, expect, it } from 'vitest';
import { ReviewListingQuerySchema } from '@shop/contracts';
import { addFigures, averageTenths, figuresOf, histogram, NO_REVIEWS, percentage, summarise, topWords, totalPages } from './review-listing-rules.ts';

const review = (rating: number, extra: Partial<Parameters<typeof figuresOf>[0]> = {}) =>
  figuresOf({ rating, qualityRating: null, valueRating: null, fittingRating: null, wouldRecommend: null, ...extra });
const sum = (...reviews: ReturnType<typeof figuresOf>[]) => reviews.reduce(addFigures, NO_REVIEWS);

describe('averages', () => {
  it('are to one decimal, half up, and 0 with no reviews', () => {
    expect(averageTenths(0, 0)).toBe(0);
    expect(averageTenths(17, 4)).toBe(43); // 4.25
    expect(averageTenths(14, 3)).toBe(47); // 4.666…
    expect(averageTenths(13, 3)).toBe(43); // 4.333…
    expect(averageTenths(5, 1)).toBe(50);
    expect(summarise(sum(review(5), review(4), review(4), review(4))).averageRating).toBe(4.3);
  });
});

describe('the histogram', () => {
  it('counts each star, 5 first, with whole percentages', () => {
    const figures = sum(review(5), review(5), review(1));
    expect(histogram(figures)).toEqual([
      { stars: 5, count: 2, percentage: 67 },
      { stars: 4, count: 0, percentage: 0 },
      { stars: 3, count: 0, percentage: 0 },
      { stars: 2, count: 0, percentage: 0 },
      { stars: 1, count: 1, percentage: 33 },
    ]);
    expect(histogram(NO_REVIEWS).every((bar) => bar.count === 0 && bar.percentage === 0)).toBe(true);
  });
});

describe('sub-ratings and recommending', () => {
  it('average only those who gave one, and the recommend share only of those who said', () => {
    const summary = summarise(
      sum(
        review(5, { qualityRating: 5, wouldRecommend: true }),
        review(2, { qualityRating: 2, valueRating: 3, wouldRecommend: false }),
        review(4, { wouldRecommend: true }),
      ),
    );
    expect(summary.subRatings).toEqual({ quality: 3.5, value: 3, fitting: null });
    expect(summary.recommendPercentage).toBe(67);
    expect(summarise(sum(review(3))).recommendPercentage).toBeNull();
    expect(percentage(1, 8)).toBe(13); // 12.5 → 13
  });
});

describe('paging', () => {
  it('is 10 a page and page 1 by default, and always at least one page', () => {
    expect(ReviewListingQuerySchema.parse({ slug: 'oval-basin' })).toMatchObject({ size: 10, page: 1, sort: 'newest' });
    expect(ReviewListingQuerySchema.safeParse({ slug: 'oval-basin', size: '51' }).success).toBe(false);
    expect(ReviewListingQuerySchema.safeParse({ slug: 'oval-basin', page: '0' }).success).toBe(false);
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
  });
});

describe('most used words', () => {
  it('counts words of three letters or more, common ones aside, most first', () => {
    expect(topWords(['The tap leaked, leaked badly.', 'Leaked after a week; the tap is poor'], 3)).toEqual([
      { word: 'leaked', count: 3 },
      { word: 'tap', count: 2 },
      { word: 'badly', count: 1 },
    ]);
  });
});
