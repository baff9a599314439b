import { londonIsoDate } from '@shop/contracts';
/**
 * The arithmetic of review summaries and listings (issue 21), kept apart so it is tested on its
 * own: averages to one decimal (half up, so 4.25 is 4.3), the stars histogram with whole
 * percentages, the share who would recommend, the catalogue's rating in tenths, paging, and the
 * words most used in a set of reviews.
 */

/** A summary row's figures: sums and counts of published reviews. */
export interface SummaryFigures {
  count: number;
  ratingSum: number;
  stars1: number;
  stars2: number;
  stars3: number;
  stars4: number;
  stars5: number;
  qualitySum: number;
  qualityCount: number;
  valueSum: number;
  valueCount: number;
  fittingSum: number;
  fittingCount: number;
  recommendYes: number;
  recommendCount: number;
}

export const NO_REVIEWS: SummaryFigures = {
  count: 0,
  ratingSum: 0,
  stars1: 0,
  stars2: 0,
  stars3: 0,
  stars4: 0,
  stars5: 0,
  qualitySum: 0,
  qualityCount: 0,
  valueSum: 0,
  valueCount: 0,
  fittingSum: 0,
  fittingCount: 0,
  recommendYes: 0,
  recommendCount: 0,
};

/** The average in tenths (4.25 → 43), half up, in whole numbers so no float rounding creeps in; 0 with none. */
export function averageTenths(sum: number, count: number): number {
  if (count <= 0) return 0;
  return Math.floor((sum * 20 + count) / (count * 2));
}

/** The average to one decimal (4.25 → 4.3); null with none. */
export const averageOrNull = (sum: number, count: number): number | null => (count > 0 ? averageTenths(sum, count) / 10 : null);

/** Whole percentage, half up; 0 of 0 is 0. */
export const percentage = (part: number, whole: number): number => (whole > 0 ? Math.floor((part * 200 + whole) / (whole * 2)) : 0);

/** Stars 5 to 1, each with its count and whole percentage of all. */
export function histogram(figures: SummaryFigures): { stars: number; count: number; percentage: number }[] {
  const counts = [figures.stars5, figures.stars4, figures.stars3, figures.stars2, figures.stars1];
  return counts.map((count, index) => ({ stars: 5 - index, count, percentage: percentage(count, figures.count) }));
}

/** What a product's summary shows. */
export function summarise(figures: SummaryFigures) {
  return {
    count: figures.count,
    averageRating: averageTenths(figures.ratingSum, figures.count) / 10,
    histogram: histogram(figures),
    subRatings: {
      quality: averageOrNull(figures.qualitySum, figures.qualityCount),
      value: averageOrNull(figures.valueSum, figures.valueCount),
      fitting: averageOrNull(figures.fittingSum, figures.fittingCount),
    },
    recommendPercentage: figures.recommendCount > 0 ? percentage(figures.recommendYes, figures.recommendCount) : null,
  };
}

/** A review's own contribution to a summary (what publishing it adds, or taking it down subtracts). */
export function figuresOf(review: {
  rating: number;
  qualityRating: number | null;
  valueRating: number | null;
  fittingRating: number | null;
  wouldRecommend: boolean | null;
}): SummaryFigures {
  return {
    count: 1,
    ratingSum: review.rating,
    stars1: review.rating === 1 ? 1 : 0,
    stars2: review.rating === 2 ? 1 : 0,
    stars3: review.rating === 3 ? 1 : 0,
    stars4: review.rating === 4 ? 1 : 0,
    stars5: review.rating === 5 ? 1 : 0,
    qualitySum: review.qualityRating ?? 0,
    qualityCount: review.qualityRating === null ? 0 : 1,
    valueSum: review.valueRating ?? 0,
    valueCount: review.valueRating === null ? 0 : 1,
    fittingSum: review.fittingRating ?? 0,
    fittingCount: review.fittingRating === null ? 0 : 1,
    recommendYes: review.wouldRecommend === true ? 1 : 0,
    recommendCount: review.wouldRecommend === null ? 0 : 1,
  };
}

/** Adds figures together (the seed sums many reviews this way). */
export function addFigures(a: SummaryFigures, b: SummaryFigures): SummaryFigures {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof SummaryFigures)[]) sum[key] += b[key];
  return sum;
}

/** Pages of `size` needed for `totalCount` (at least 1, so page 1 of nothing is a page). */
export const totalPages = (totalCount: number, size: number): number => Math.max(1, Math.ceil(totalCount / size));

/** Words too common to tell anything about a product. */
const STOP_WORDS = new Set(
  (
    'a about after all also am an and any are as at be been but by can could did do does for from had has have he her him his how i if in into is it its ' +
    'just me more my no not of on one only or our out she so than that the their them then there these they this to too up us very was we were what ' +
    "when which who will with would you your it’s it's i’m i'm don’t don't didn’t didn't ve ll re get got"
  ).split(' '),
);

/** The `limit` words used most in these texts (3 letters or more, common words aside), most first, ties alphabetical. */
export function topWords(texts: readonly string[], limit = 10): { word: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of text.toLowerCase().match(/\p{L}[\p{L}’'-]*\p{L}/gu) ?? []) {
      if (word.length < 3 || STOP_WORDS.has(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([word, count]) => ({ word, count }))
    .toSorted((a, b) => b.count - a.count || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .slice(0, limit);
}

/** The UK month of an instant, as YYYY-MM. */
export const ukMonth = (at: Date): string => londonIsoDate(at).slice(0, 7);
