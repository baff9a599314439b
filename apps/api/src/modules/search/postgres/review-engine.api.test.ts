import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFromEndpoints } from '@shop/api-client';
import { reviewListingEndpoints, type AdvancedReviewSearch } from '@shop/contracts';
import { buildApi } from '../../../api.ts';
import { loadApiConfig } from '../../../config.ts';
import type { Actor } from '../../../platform/context.ts';
import { startTestApi, type TestApi } from '../../../testing/test-api.ts';

/**
 * Staff's review search on the PostgreSQL engine against the memory engine (decision 0061): two
 * apps on one database, the demo reviews and a few with accents, hyphens, photos and votes, give
 * equal pages and facet counts for a table of searches, and a review written is found at once.
 */
const actors: Record<string, Actor> = { mia: { userId: 'user-engines-mia', roles: ['review-moderator'] } };
const authenticate = async (authorization: string | undefined) => actors[(authorization ?? '').replace(/^Bearer /, '')] ?? null;

let memory: TestApi;
let postgres: FastifyInstance;
const clientOf = (origin: string) => createClientFromEndpoints(reviewListingEndpoints, { baseUrl: `${origin}/api/reviews`, getAccessToken: () => 'mia' });
let inMemory: ReturnType<typeof clientOf>;
let inPostgres: ReturnType<typeof clientOf>;
let brand: string;
let category: string;

beforeAll(async () => {
  memory = await startTestApi({ env: { SEARCH_ENGINE: 'memory' }, authenticate });
  const db = memory.database.db;
  const [product] = (
    (await db.execute(
      sql`select p.id, (select o.sku from offerings o where o.product_id = p.id order by o.id limit 1) as sku, b.name as brand, c.slug as category
        from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
        where exists (select 1 from reviews r where r.product_id = p.id) order by p.id limit 1`,
    )) as unknown as { rows: { id: number; sku: string; brand: string; category: string }[] }
  ).rows;
  [brand, category] = [product!.brand, product!.category];
  // Words the memory engine folds (accents, case, hyphens, ligatures), with photos and votes, some written in one millisecond.
  const texts = ['Café-style basin, naïve but ﬁne', 'A WELL-MADE basin: Crème brûlée colour', 'Well made, fits 32mm waste (café)', 'Über quiet; naive? no'];
  for (const [n, text] of texts.entries()) {
    const source = n % 2 === 0 ? 'VerifiedOrder' : 'Website';
    await db.execute(sql`insert into reviews (id, product_id, sku, source, display_name, rating, title, text, status, version, created_at,
        photo_count, helpful_count, published_text)
      values (gen_random_uuid(), ${Number(product!.id)}, ${product!.sku}, ${source}, ${`Tester ${n}`}, ${1 + n}, ${`Review ${n}`}, ${text},
        ${n === 3 ? 'pending' : 'published'}, 1, timestamptz '2026-03-01T10:00:00.123456Z' + ${n % 2} * interval '1 microsecond', ${n % 2}, ${n * 3},
        ${n === 1 ? 'Moderated: Zanzibar edition' : null})`);
  }
  const config = loadApiConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEARCH_ENGINE: 'postgres' });
  postgres = await buildApi({ config, database: memory.database, logger: false, authenticate });
  await postgres.listen({ port: 0, host: '127.0.0.1' });
  const address = postgres.server.address();
  inMemory = clientOf(memory.origin);
  inPostgres = clientOf(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
afterAll(async () => {
  await postgres?.close();
  await memory?.close();
});

const SEARCHES: AdvancedReviewSearch[] = [
  {},
  { sort: 'oldest', page: 3, size: 7 },
  { text: 'basin' },
  { text: 'bas', sort: 'highest', size: 50 },
  { text: 'cafe' },
  { text: 'CAFÉ naive', sort: 'oldest' },
  { text: 'well-made' },
  { text: 'fine' },
  { text: '32' },
  { text: 'zanzibar' },
  { text: 'über' },
  { text: '!!!' },
  { text: 'the', sort: 'lowest', page: 2 },
  { text: 'the fitted', status: 'published', ratingFrom: 4 },
  { text: 'good', ratingFrom: 2, ratingTo: 3, sort: 'most_helpful' },
  { sort: 'most_helpful', size: 30 },
  { hasPhotos: true, sort: 'most_helpful' },
  { hasPhotos: false, verifiedOnly: true, sort: 'lowest', page: 2 },
  { status: 'pending' },
  { status: 'rejected', source: 'Website' },
  { source: 'Website', verifiedOnly: true },
  { sort: 'highest', page: 4, size: 25 },
  { text: 'qwertyuiop' },
  { page: 1000 },
];

describe("the PostgreSQL engine's staff review search", () => {
  it('pages and counts as the memory engine does', async () => {
    const totals: Record<string, number> = {};
    for (const search of [...SEARCHES, { brand }, { category, sort: 'oldest' as const }, { brand, text: 'basin' }, { brand: 'No Such Brand' }]) {
      const body = search;
      const answer = await inPostgres.searchReviewsAdvancedV2({ body });
      expect({ search, answer }).toEqual({ search, answer: await inMemory.searchReviewsAdvancedV2({ body }) });
      totals[JSON.stringify(search)] = answer.totalCount;
    }
    // The table means something: the words folded find the reviews written for it, and most searches find some.
    expect([totals['{"text":"cafe"}'], totals['{"text":"zanzibar"}'], totals['{"text":"!!!"}']]).toEqual([2, 1, 0]);
    expect(Object.values(totals).filter((total) => total > 0).length).toBeGreaterThan(20);
  });

  it('finds a review by its words as soon as it is written', async () => {
    await memory.database.db.execute(sql`update reviews set text = text || ' Kookaburra' where id = (select id from reviews order by created_at, id limit 1)`);
    const found = await inPostgres.searchReviewsAdvancedV2({ body: { text: 'kookab' } });
    expect(found.totalCount).toBe(1);
    expect(found).toEqual(await inMemory.searchReviewsAdvancedV2({ body: { text: 'kookab' } }));
  });
});
