import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFromEndpoints } from '@shop/api-client';
import { reviewListingEndpoints } from '@shop/contracts';
import { REVIEW_PHOTOS_DIR } from '@shop/demo/seeds';
import { runSeeds, type Seed } from '../../seed/seed.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';

/**
 * The demo reviews' photos: stored as files in the shop's store and served by the photo route, on
 * reviews a shopper may see them on, with every review's `photo_count` equal to its rows. The
 * tests' template database has no file store, so its reviews have no photos until this seed runs.
 */
let api: TestApi;
let filesDir = '';
/** The seed as the app's composition made it, with the app's own files service. */
let photosSeed: Seed;
const noProgress = () => {};
const rows = async <T>(query: ReturnType<typeof sql>) => ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const first = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-demo-photos-'));
  api = await startTestApi({ env: { FILES_DIR: filesDir } });
  photosSeed = api.app.composed.seeds.find((seed) => seed.name === 'reviews-demo-photos')!;
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('demo review photos', () => {
  it('wait, unrecorded, for a run with a file store', async () => {
    expect(await runSeeds(api.database, [photosSeed], noProgress)).toEqual([]);
    expect(await rows(sql`select name from seed_runs where name = 'reviews-demo-photos'`)).toEqual([]);
    expect(await rows(sql`select id from review_photos`)).toEqual([]);
  });

  it('are stored files on some reviews rated 3 or more, each counted, and run once', async () => {
    expect(await runSeeds(api.database, [photosSeed], noProgress, { files: api.config.files })).toEqual(['reviews-demo-photos']);
    const reviews = await rows<{ status: string; rating: number; photo_count: number; photos: number }>(
      sql`select r.status, r.rating, r.photo_count, count(p.id)::int as photos
          from reviews r left join review_photos p on p.review_id = r.id group by r.id having r.photo_count > 0 or count(p.id) > 0`,
    );
    const { total } = await first<{ total: number }>(sql`select count(*)::int as total from reviews where rating >= 3 and status <> 'rejected'`);
    // About one in sixteen: a share, not a handful.
    expect(reviews.length).toBeGreaterThan(total / 32);
    expect(reviews.length).toBeLessThan(total / 8);
    for (const review of reviews) {
      expect(review.photo_count).toBe(review.photos);
      expect(review.rating).toBeGreaterThanOrEqual(3);
      expect(['published', 'pending']).toContain(review.status);
    }
    const { photos } = await first<{ photos: number }>(sql`select count(*)::int as photos from review_photos`);
    // One stored file (and its details beside it) per photo: none shared, none left over.
    const stored = fs.readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && !entry.name.endsWith('.json'));
    expect(stored).toHaveLength(photos);
    expect(await runSeeds(api.database, [photosSeed], noProgress, { files: api.config.files })).toEqual([]);
    const { again } = await first<{ again: number }>(sql`select count(*)::int as again from review_photos`);
    expect(again).toBe(photos);
  });

  it('show on the product page’s listing and open as JPEGs', async () => {
    const [product] = await rows<{ slug: string }>(
      sql`select p.slug from reviews r join products p on p.id = r.product_id where r.status = 'published' and r.photo_count > 0 order by p.id limit 1`,
    );
    const listings = createClientFromEndpoints(reviewListingEndpoints, { baseUrl: api.serviceUrl('reviews') });
    const page = await listings.listReviews({ query: { slug: product!.slug, withPhotos: 'true' } });
    expect(page.items.length).toBeGreaterThan(0);
    const photo = page.items[0]!.photos[0]!;
    // One request, so the connection is closed after it: kept alive, it sometimes held up the server's close past the hook's limit.
    const response = await fetch(`${api.origin}${photo.url}`, { headers: { connection: 'close' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    // One of the demo photos, as the files module keeps every upload: re-encoded, so the same size of picture rather than the same bytes.
    const served = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    const sizeOf = ({ width, height }: { width: number; height: number }) => `${width}×${height}`;
    const demo = await Promise.all(fs.readdirSync(REVIEW_PHOTOS_DIR).map(async (name) => sizeOf(await sharp(path.join(REVIEW_PHOTOS_DIR, name)).metadata())));
    expect(served.format).toBe('jpeg');
    expect(demo).toContain(sizeOf(served));
  });
});
