/**
 * Demo reviews (issue 21): most products get 0–15 published reviews, with sub-ratings and would-
 * recommend answers; some wait as pending (a few held by the first pass) and some were rejected
 * for a listed reason; about one product in four has answered questions. Summaries are summed from
 * these rows and the catalogue's rating and counts set from the summaries, so every star and count
 * a shopper sees has review rows behind it. No verified purchases yet (the demo orders are made
 * later and by other seeds) and no helpful votes; review-photos.seed.ts adds photos to some. Bulk inserts: PGlite is slow per statement.
 */
import { randomUUID } from 'node:crypto';
import type { ReviewHoldReason, ReviewRejectionReason } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { Seed } from '../../seed/seed.ts';
import { createRandom } from '@shop/demo/seeds';
import type { CatalogueService } from '../catalogue/index.ts';
import { addFigures, averageTenths, figuresOf, NO_REVIEWS, type SummaryFigures } from './review-listing-rules.ts';
import { productQuestions, reviews, reviewSummaries } from './reviews.tables.ts';

const DAY_MS = 86_400_000;
/** Demo "now": fixed, so the seed makes the same rows on every run. */
const SEEDED_AT = new Date('2026-11-01T10:00:00Z');

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const subRating = (random: () => number, rating: number) => (random() < 0.6 ? Math.max(1, Math.min(5, rating + pick(random, [-1, 0, 0, 0, 1]))) : null);

/** Mostly 4s and 5s, as real shop reviews are, leaning a little per product. */
function ratingOf(random: () => number, leaning: number): number {
  const draw = Math.min(0.999, Math.max(0, random() + leaning));
  if (draw < 0.04) return 1;
  if (draw < 0.09) return 2;
  if (draw < 0.2) return 3;
  if (draw < 0.5) return 4;
  return 5;
}

/** What people write at each rating: general enough for any bathroom product. */
const WORDS: Record<number, { titles: readonly string[]; texts: readonly string[] }> = {
  1: {
    titles: ['Disappointed', 'Not as described', 'Would not buy again'],
    texts: [
      'The finish marked within a week and the fixings supplied were too short for our wall. Returned it.',
      'Arrived with a chip on the edge. The replacement was fine but it took two weeks to come.',
      'Looks nothing like the photos in person and the instructions were missing a whole step.',
    ],
  },
  2: {
    titles: ['Not great', 'Fiddly to fit', 'Just about OK'],
    texts: [
      'It does the job but feels cheaper than the price suggests. The chrome shows every water mark.',
      'Took our plumber twice as long as expected because the waste did not line up with the pipework.',
      'Smaller than I expected from the pictures, so check the dimensions carefully before ordering.',
    ],
  },
  3: {
    titles: ['Decent for the price', 'Does the job', 'Good, with one niggle'],
    texts: [
      'Solid enough and looks smart, but the instructions could be clearer about which way round the seal goes.',
      'Happy overall. Delivery was a day later than promised, but the product itself is as described.',
      'Nice finish and easy to clean. Not the most robust feel, but fine for a family bathroom.',
    ],
  },
  4: {
    titles: ['Very pleased', 'Good quality', 'Looks great in our bathroom'],
    texts: [
      'Well made and looks more expensive than it was. Fitting was straightforward with the parts supplied.',
      'Our fitter said it was one of the easier ones to install. Only lost a star for the packaging waste.',
      'Exactly what we wanted for the en-suite. Sturdy, easy to clean, and it arrived well packed.',
    ],
  },
  5: {
    titles: ['Excellent', 'Highly recommend', 'Perfect for our new bathroom'],
    texts: [
      'Superb quality and the finish is lovely. Arrived on the day chosen, well packed, and fitted in an afternoon.',
      'Second time buying this for a different bathroom. Still as good as the first one three years on.',
      'Really happy with it. Great value compared with the high street and it feels built to last.',
    ],
  },
};

const NAMES = ['Sarah', 'James', 'Priya', 'Tom', 'Aisha', 'David', 'Emma', 'Callum', 'Megan', 'Rhys', 'Fiona', 'Gareth', 'Olivia', 'Hamza', 'Claire'] as const;
const INITIALS = 'ABCDEFGHJKLMNPRSTW';
const TOWNS = ['Leeds', 'Bristol', 'Cardiff', 'Glasgow', 'Norwich', 'York', 'Belfast', 'Derby', 'Swindon', 'Exeter', 'Preston', 'Reading'] as const;

const REPLIES = [
  'We are sorry this did not meet your expectations. Our customer care team has been in touch to put it right.',
  'Thank you for letting us know. We have passed your comments on the fixings to the manufacturer.',
] as const;

/** Pending reviews the first pass held back, each for the reason it names. */
const HELD: readonly { title: string; text: string; reason: ReviewHoldReason }[] = [
  { title: 'Great basin', text: 'Lovely basin, cheaper than www.example-discounts.co.uk too. Would buy again from here.', reason: 'link' },
  { title: 'Happy to help', text: 'Fitted it myself in an hour. Call me on 07700 900123 if you want tips on fitting one.', reason: 'phone_number' },
];

/** Rejected reviews, each for one of the listed reasons (never for being negative). */
const REJECTED: readonly { title: string; text: string; reason: ReviewRejectionReason }[] = [
  {
    title: 'Delivery driver',
    text: 'The driver was late and parked across our drive for twenty minutes. Nothing about the product itself.',
    reason: 'not_about_product',
  },
  { title: 'Free product review', text: 'I was given this free in exchange for a five star review. Five stars from me.', reason: 'fake_or_incentivised' },
  { title: 'My details', text: 'Contact me at my home address if you need more photos of the installation please.', reason: 'personal_data' },
];

const QUESTIONS: readonly { question: string; answer: string }[] = [
  {
    question: 'Does this come with the fixings?',
    answer: 'Yes: wall fixings suitable for solid walls are in the box. Hollow walls need cavity fixings, sold separately.',
  },
  {
    question: 'Is it suitable for a low-pressure system?',
    answer: 'It works from 0.5 bar, so it suits most gravity-fed systems; check the specification table for the exact figure.',
  },
  {
    question: 'What guarantee does it have?',
    answer: 'The manufacturer’s guarantee is shown in the specification table, and registering the product with them keeps it valid.',
  },
  {
    question: 'Can I see the finish before buying?',
    answer: 'Our Leeds trade counter has most finishes on display, and we can post a small finish sample free of charge.',
  },
];

type ReviewRow = typeof reviews.$inferInsert;
type QuestionRow = typeof productQuestions.$inferInsert;

/** Bulk inserts a few hundred rows at a time: PGlite is slow per statement, and one statement has a parameter limit. */
export async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 400): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

export function reviewsDemoSeed(catalogue: CatalogueService): Seed {
  return {
    name: 'reviews-demo',
    size: 100,
    async run(db: Database, progress) {
      const random = createRandom(21);
      const products = await catalogue.listReviewableProducts({ db });
      const reviewRows: ReviewRow[] = [];
      const questionRows: QuestionRow[] = [];
      const figures = new Map<number, SummaryFigures>();
      const questionCounts = new Map<number, number>();
      for (const product of products) {
        const leaning = (random() - 0.5) * 0.3;
        const publishedCount = Math.floor(Math.pow(random(), 1.6) * 16);
        const extra = random();
        const pendingCount = extra < 0.15 ? 1 : 0;
        const count = publishedCount + pendingCount + (extra > 0.92 ? 1 : 0);
        let summary = NO_REVIEWS;
        for (let index = 0; index < count; index += 1) {
          const createdAt = new Date(SEEDED_AT.getTime() - Math.floor(random() * 700 * DAY_MS) - Math.floor(random() * DAY_MS));
          const rating = ratingOf(random, leaning);
          const words = WORDS[rating]!;
          const row: ReviewRow = {
            id: randomUUID(),
            productId: product.id,
            sku: product.sku,
            source: 'Website',
            displayName: `${pick(random, NAMES)} ${pick(random, INITIALS.split(''))}.`,
            town: pick(random, TOWNS),
            rating,
            qualityRating: subRating(random, rating),
            valueRating: subRating(random, rating),
            fittingRating: subRating(random, rating),
            wouldRecommend: random() < 0.85 ? rating >= 3 : null,
            title: pick(random, words.titles),
            text: pick(random, words.texts),
            status: 'published',
            createdAt,
            moderatedAt: new Date(createdAt.getTime() + DAY_MS),
            moderatedBy: 'Demo moderator',
            shopReply: rating <= 2 && random() < 0.5 ? pick(random, REPLIES) : null,
          };
          if (index === publishedCount && pendingCount === 1) {
            // One waiting for a moderator: an ordinary one, or one the first pass held.
            const held = random() < 0.5 ? pick(random, HELD) : null;
            Object.assign(row, { status: 'pending', moderatedAt: null, moderatedBy: null, shopReply: null, createdAt: new Date(SEEDED_AT.getTime() - DAY_MS) });
            if (held) Object.assign(row, { title: held.title, text: held.text, heldReason: held.reason });
          } else if (index >= publishedCount) {
            const rejected = pick(random, REJECTED);
            Object.assign(row, { status: 'rejected', title: rejected.title, text: rejected.text, rejectionReason: rejected.reason, shopReply: null });
          } else {
            summary = addFigures(
              summary,
              figuresOf({
                ...row,
                qualityRating: row.qualityRating ?? null,
                valueRating: row.valueRating ?? null,
                fittingRating: row.fittingRating ?? null,
                wouldRecommend: row.wouldRecommend ?? null,
              }),
            );
          }
          reviewRows.push(row);
        }
        if (summary.count > 0) figures.set(product.id, summary);
        if (random() < 0.25) {
          const asked = 1 + Math.floor(random() * 3);
          for (let index = 0; index < asked; index += 1) {
            const { question, answer } = QUESTIONS[(product.id + index) % QUESTIONS.length]!;
            const createdAt = new Date(SEEDED_AT.getTime() - Math.floor(random() * 400 * DAY_MS));
            questionRows.push({
              id: randomUUID(),
              productId: product.id,
              sku: product.sku,
              askerName: pick(random, NAMES),
              question,
              answer,
              answeredBy: 'Plumbline customer care',
              answeredAt: new Date(createdAt.getTime() + DAY_MS),
              status: 'published',
              createdAt,
            });
          }
          questionCounts.set(product.id, asked);
        }
      }
      progress(10, 100);
      await insertInChunks(reviewRows, (chunk) => db.insert(reviews).values(chunk));
      progress(60, 100);
      await insertInChunks(questionRows, (chunk) => db.insert(productQuestions).values(chunk));
      const summaryRows = [...figures].map(([productId, sums]) => ({ productId, ...sums, updatedAt: SEEDED_AT }));
      await insertInChunks(summaryRows, (chunk) => db.insert(reviewSummaries).values(chunk));
      progress(80, 100);
      const productFigures = new Map(
        products.map((product) => {
          const sums = figures.get(product.id) ?? NO_REVIEWS;
          return [
            product.id,
            { ratingTenths: averageTenths(sums.ratingSum, sums.count), reviewsCount: sums.count, questionsCount: questionCounts.get(product.id) ?? 0 },
          ];
        }),
      );
      await catalogue.setReviewFiguresOf({ db }, productFigures);
      progress(100, 100);
    },
  };
}
