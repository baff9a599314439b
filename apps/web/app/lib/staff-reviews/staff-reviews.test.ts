import { ApiError } from '@shop/api-client';
import { describe, expect, it } from 'vitest';
import { bulkSummary, oneByOne, REVIEW_CHANGED_MESSAGE } from './bulk.ts';
import { axisTop, monthName, monthSeries } from './insights.ts';
import { historyNote, reviewFilters, reviewsHref, searchBody, type QueueReview } from './queue.ts';
import { csvTime, readAllPages, reviewCsvRow, reviewsCsv, reviewsCsvFilename, REVIEWS_CSV_HEADINGS } from './reviews-csv.ts';

const review = (extra: Partial<QueueReview> = {}): QueueReview => ({
  id: '5b0c8a52-50b4-4f7e-9a43-9f0b3c1a2d11',
  sku: 'BAS-600-WHT',
  productName: 'Oval basin, 600 mm',
  productSlug: 'oval-basin',
  source: 'Website',
  status: 'pending',
  heldReason: null,
  rejectionReason: null,
  version: 1,
  rating: 4,
  title: 'Solid',
  text: 'Fitted it in an afternoon.',
  publishedTitle: null,
  publishedText: null,
  edited: false,
  displayName: 'Ann B.',
  town: 'Leeds',
  verifiedPurchase: false,
  shopReply: null,
  helpfulCount: 3,
  photoCount: 0,
  photos: [],
  createdAt: '2026-07-03T13:05:00Z',
  moderatedAt: null,
  ...extra,
});

describe('the queue’s filters in the address', () => {
  it('opens on pending reviews, oldest first, and leaves defaults out of the address', () => {
    const filters = reviewFilters(new URLSearchParams(''));
    expect(filters).toMatchObject({ tab: 'pending', page: 1, verifiedOnly: false });
    expect(reviewsHref(filters)).toBe('/staff/reviews');
    expect(searchBody(filters)).toEqual(expect.objectContaining({ status: 'pending', sort: 'oldest', page: 1, size: 20 }));
    expect(searchBody(reviewFilters(new URLSearchParams('status=published')))).toEqual(expect.objectContaining({ status: 'published', sort: 'newest' }));
    expect(searchBody(reviewFilters(new URLSearchParams('status=all'))).status).toBeUndefined();
  });

  it('keeps what was chosen and drops what no list holds', () => {
    const filters = reviewFilters(
      new URLSearchParams('status=rejected&q=%20leak%20&from=2&to=4&photos=with&verified=1&source=VerifiedOrder&brand=Aqua&sort=lowest&page=3'),
    );
    expect(reviewsHref(filters)).toBe(
      '/staff/reviews?status=rejected&q=leak&from=2&to=4&photos=with&verified=1&source=VerifiedOrder&brand=Aqua&sort=lowest&page=3',
    );
    expect(searchBody(filters, 1, 100)).toEqual({
      text: 'leak',
      ratingFrom: 2,
      ratingTo: 4,
      hasPhotos: true,
      verifiedOnly: true,
      source: 'VerifiedOrder',
      brand: 'Aqua',
      category: undefined,
      status: 'rejected',
      sort: 'lowest',
      page: 1,
      size: 100,
    });
    expect(reviewFilters(new URLSearchParams('status=negative&from=9&to=0&sort=worst&photos=maybe&page=-2'))).toEqual(reviewFilters(new URLSearchParams()));
  });

  it('names the first pass’s holds in the history', () => {
    expect(historyNote('held: phone_number')).toBe('Held: phone number');
    expect(historyNote('published with an edited title')).toBe('Published with an edited title');
    expect(historyNote(null)).toBeNull();
  });
});

describe('the reviews CSV', () => {
  it('has the listed columns, the shown words, and names for codes', () => {
    const csv = reviewsCsv([
      review(),
      review({ status: 'rejected', rejectionReason: 'personal_data', heldReason: 'phone_number', verifiedPurchase: true, town: null }),
      review({ status: 'published', edited: true, publishedTitle: 'Solid, easy to fit' }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(REVIEWS_CSV_HEADINGS.join(','));
    expect(lines[1]).toBe(
      '5b0c8a52-50b4-4f7e-9a43-9f0b3c1a2d11,2026-07-03 14:05,Pending,BAS-600-WHT,"Oval basin, 600 mm",4,Solid,Fitted it in an afternoon.,Ann B.,Leeds,No,,,3',
    );
    expect(lines[2]).toContain(',Rejected,');
    expect(lines[2]).toContain(',,Yes,phone number,Contains personal data,3');
    expect(lines[3]).toContain(',Published,');
    expect(lines[3]).toContain(',"Solid, easy to fit",');
    expect(lines).toHaveLength(4);
  });

  it('quotes commas, quotes and line breaks, and defuses formulas in what customers typed', () => {
    const row = reviewCsvRow(review({ title: '=HYPERLINK("http://evil.example")', text: 'Line one,\r\n"two"', displayName: '+44 7700', town: '@home' }));
    const csv = reviewsCsv([review({ title: '=HYPERLINK("http://evil.example")', text: 'Line one,\r\n"two"', displayName: '-1+1', town: '@home' })]);
    expect(row[6]).toBe('=HYPERLINK("http://evil.example")');
    const line = csv.slice(csv.indexOf('\r\n') + 2);
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(line).toContain('"Line one,\r\n""two"""');
    expect(line).toContain(",'-1+1,'@home,");
  });

  it('dates in UK time, names the file by the tab and the day', () => {
    expect(csvTime('2026-01-15T09:30:00Z')).toBe('2026-01-15 09:30');
    expect(csvTime('2026-07-15T23:30:00Z')).toBe('2026-07-16 00:30');
    expect(reviewsCsvFilename('pending', new Date('2026-11-21T18:00:00Z'))).toBe('reviews-pending-2026-11-21.csv');
  });

  it('reads every page up to the cap, each review once, saying how far it got', async () => {
    const all = Array.from({ length: 7 }, (_, index) => ({ id: `r${index}` }));
    const progress: string[] = [];
    const pages: number[] = [];
    const read = async (page: number) => {
      pages.push(page);
      // The queue moved on between pages: page 2 repeats the last review of page 1.
      const start = page === 1 ? 0 : (page - 1) * 3 - 1;
      return { items: all.slice(start, start + 3), totalCount: all.length, totalPages: 3 };
    };
    const everything = await readAllPages(read, (done, total) => progress.push(`${done}/${total}`));
    expect(everything).toEqual({ items: all, totalCount: 7, capped: false });
    expect(pages).toEqual([1, 2, 3]);
    expect(progress).toEqual(['3/7', '5/7', '7/7']);

    const capped = await readAllPages(read, () => undefined, 4);
    expect(capped.items.map((item) => item.id)).toEqual(['r0', 'r1', 'r2', 'r3']);
    expect(capped.capped).toBe(true);
    const none = await readAllPages(
      async () => ({ items: [], totalCount: 0, totalPages: 1 }),
      () => undefined,
    );
    expect(none).toEqual({ items: [], totalCount: 0, capped: false });
  });
});

describe('moderating many at once', () => {
  it('goes on after a refusal, and says what happened to each', async () => {
    const tried: string[] = [];
    const changed = new ApiError(409, { code: 'REVIEW_CHANGED' }, 'Someone else changed this review');
    const outcomes = await oneByOne(['a', 'b', 'c'], async (item) => {
      tried.push(item);
      if (item === 'b') throw changed;
    });
    expect(tried).toEqual(['a', 'b', 'c']);
    expect(outcomes).toEqual([
      { item: 'a', ok: true },
      { item: 'b', ok: false, message: REVIEW_CHANGED_MESSAGE },
      { item: 'c', ok: true },
    ]);
    expect(bulkSummary('publish', outcomes)).toBe('Published 2 of 3 reviews. 1 could not be published:');
    expect(bulkSummary('reject', [{ item: 'a', ok: true }])).toBe('Rejected 1 review.');
    expect(bulkSummary('reject', [{ item: 'a', ok: false, message: 'x' }])).toBe('The review could not be rejected:');
    expect(bulkSummary('reject', [outcomes[1]!, outcomes[1]!])).toBe('None of the 2 reviews could be rejected:');
  });
});

describe('the insights chart’s months', () => {
  it('fills the months without reviews, keeps the latest, and names them', () => {
    const series = monthSeries([
      { month: '2025-11', count: 2, averageRating: 4.5 },
      { month: '2026-02', count: 1, averageRating: 2 },
    ]);
    expect(series).toEqual([
      { month: '2025-11', count: 2, averageRating: 4.5 },
      { month: '2025-12', count: 0, averageRating: null },
      { month: '2026-01', count: 0, averageRating: null },
      { month: '2026-02', count: 1, averageRating: 2 },
    ]);
    expect(
      monthSeries(
        [
          { month: '2024-01', count: 1, averageRating: 5 },
          { month: '2026-12', count: 1, averageRating: 4 },
        ],
        24,
      ),
    ).toHaveLength(24);
    expect(monthSeries([])).toEqual([]);
    expect(monthName('2026-03')).toBe('Mar 2026');
    expect([0, 1, 2, 3, 7, 11, 49, 51].map(axisTop)).toEqual([1, 1, 2, 5, 10, 20, 50, 100]);
  });
});
