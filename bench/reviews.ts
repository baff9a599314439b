/**
 * `npm run bench:reviews`: issue 21's speed goals on PostgreSQL with 1,000,000 reviews. (1) A
 * product page's reviews: the listing and the summary, p99 ≤ 15 ms at 300 requests/s together. (2)
 * The staff advanced search with facets (`POST /Search/Reviews/Advanced/v2`, as a review
 * moderator), p99 ≤ 100 ms at 20 requests/s.
 *
 * The database (`bench_reviews`; made afresh unless BENCH_REUSE=1 finds it loaded) gets the demo
 * data, then BENCH_REVIEWS (default 1,000,000) reviews in one `insert … select` from
 * generate_series: spread over the demo catalogue's products with a steep skew (a few products hold
 * tens of thousands of reviews, most a few hundred), 93% published, 4% pending (some held), 3%
 * rejected; ratings leaning to 4 and 5; sub-ratings and "would recommend" on most; a third verified;
 * one in twelve with photos (and their photo rows); helpful votes on some; written over four years;
 * texts composed of phrases said as often as words are (a Zipf-like spread: "easy to fit" in a third
 * of all reviews, the rarest in a fraction of 1%). The table's indexes are dropped for the load and
 * built again after, as a bulk load is done. Summaries and the catalogue's figures are then summed
 * from the rows, as publishing keeps them, and the tables vacuumed and analysed (this machine's
 * PostgreSQL runs without autovacuum).
 *
 * Requests come from seeded generators, so every round sends the same sequence: product pages
 * choose products by popularity (1/rank), mostly the first page, newest first, sometimes another
 * sort, a star filter or "with photos"; searches combine words (mostly the rarer, problem phrases,
 * sometimes a common one or a misspelling), rating ranges, status, photos, verified, brand and
 * category, every sort and pages 1–5, and a third of the time page on through the search before. The API runs in its own process with
 * signing keys given here, so a moderator's token is signed here too. A third scenario, reported
 * beside the goals, sends product pages spread evenly over every product and pages 1–20, so most
 * answers are not kept (decision 0037's cache mostly misses): what a crawler costs.
 */
import os from 'node:os';
import type { Request as LoadRequest } from 'autocannon';
import { REVIEW_SEARCH_SORTS, REVIEW_SOURCES } from '@shop/contracts';
import {
  afterStartUpLoads,
  createTokenSigner,
  ensureDatabase,
  freshDatabase,
  load,
  machineStalls,
  median,
  psql as runSql,
  report,
  seededRandom,
  startServer,
  type LoadResult,
} from './lib.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 1_000_000);
const PAGE_RATE = 300;
const PAGE_GOAL_P99_MS = 15;
const SEARCH_RATE = 20;
const SEARCH_GOAL_P99_MS = 100;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_reviews';
const PUBLIC_URL = 'http://bench.reviews.test';

const psql = (sql: string) => runSql(postgresUrl, sql);

/** A pseudo-random number in [0, 1) for row `n` and a salt, the same on every run. */
const draw = (salt: string) => `((hashtext(n::text || '${salt}') & 2147483647)::float8 / 2147483648)`;

/** Phrases reviews are composed of: an opening by rating, a detail, a closing. */
const OPENINGS: Record<number, string[]> = {
  1: ['Very disappointed with this.', 'Would not buy again.', 'Not as described at all.', 'Poor quality for the money.'],
  2: ['Not great, to be honest.', 'Fiddly and cheap feeling.', 'Just about does the job.', 'Expected better from this brand.'],
  3: ['Decent for the price.', 'Does the job, with a niggle or two.', 'Average, nothing special.', 'Fine once it was in.'],
  4: ['Very pleased overall.', 'Good quality and looks smart.', 'Happy with this purchase.', 'Solid and well made.'],
  5: ['Excellent, highly recommend.', 'Perfect for our new bathroom.', 'Superb quality throughout.', 'Could not be happier with it.'],
};
/**
 * Details, most said first: the phrase at rank i is in about 1 in (i + 1.5) reviews' first or second
 * detail (a Zipf-like spread, as words are), so "easy to fit" is in a third of all reviews and the
 * last ones in well under 1%. Each has the words a moderator would search for it by.
 */
const DETAILS: [search: string, sentence: string][] = [
  ['easy to fit', 'It was easy to fit with the parts supplied.'],
  ['well packed', 'Arrived well packed and on the day chosen.'],
  ['good value', 'Good value compared with the high street.'],
  ['looks great', 'It looks great in our family bathroom.'],
  ['sturdy', 'Feels heavy and sturdy, not hollow like cheaper ones.'],
  ['easy to clean', 'Easy to clean and the glaze has not marked.'],
  ['plumber', 'Our plumber fitted it in an afternoon.'],
  ['instructions', 'The instructions were missing a step about the seal.'],
  ['chrome', 'The chrome finish shows every water mark.'],
  ['pressure', 'Water pressure is great even on our combi boiler.'],
  ['delivery', 'Delivery driver carried it upstairs for us.'],
  ['en-suite', 'Looks more expensive than it was in our en-suite.'],
  ['soft close', 'The soft close seat is quiet and feels solid.'],
  ['thermostatic', 'The thermostatic control keeps the temperature steady.'],
  ['dimensions', 'Check the dimensions before ordering, it is deeper than it looks.'],
  ['fixings', 'Installer said the fixings supplied were too short for our wall.'],
  ['waste', 'The waste did not line up with our pipework.'],
  ['vanity unit', 'Fits a standard 600 mm vanity unit exactly.'],
  ['cartridge', 'The brass body is solid and the cartridge runs smoothly.'],
  ['matt black', 'The matt black finish scratched within a month.'],
  ['leak', 'A small leak at the compression joint until we tightened it.'],
  ['chip', 'Came with a chip on the edge and the replacement took two weeks.'],
  ['concealed cistern', 'Took longer to fit than expected because of the concealed cistern.'],
  ['isolation valve', 'The isolation valve was stiff to turn at first.'],
  ['grout', 'The tiles needed more grout than the guide suggested.'],
  ['silicone', 'Needed a bead of silicone round the edge to stop drips.'],
  ['noisy', 'The extractor is noisier than we hoped at full speed.'],
  ['wobbly', 'The pedestal was wobbly until we packed it out.'],
  ['flush', 'The dual flush works well and saves water.'],
  ['drips', 'The spout drips for a minute after turning off.'],
  ['cracked', 'One panel arrived cracked and had to go back.'],
  ['rust', 'Some rust spots on the rail after a winter.'],
  ['limescale', 'Limescale builds up fast on the shower head in our hard water area.'],
  ['shower screen', 'The shower screen seal keeps the floor dry.'],
  ['towel rail', 'The towel rail heats up quickly and dries towels overnight.'],
  ['customer service', 'Customer service sorted a missing part the next day.'],
  ['refund', 'Asked for a refund because the colour was not as shown.'],
  ['wrong colour', 'They sent the wrong colour first time round.'],
  ['missing parts', 'Box had missing parts, the washers were not included.'],
  ['scratched', 'The basin was scratched on arrival under the overflow.'],
  ['discoloured', 'The white has discoloured slightly near the tap.'],
  ['stiff handle', 'A stiff handle that loosened up after a week.'],
  ['hot water', 'Takes a while for the hot water to come through.'],
  ['electrician', 'Needed an electrician for the pull cord switch.'],
  ['bath panel', 'The bath panel trimmed easily to fit our alcove.'],
  ['trap', 'The trap supplied was too shallow for our floor.'],
  ['overflow', 'The overflow gurgles when the basin drains.'],
  ['mirror cabinet', 'The mirror cabinet light is bright without glare.'],
  ['demister', 'The demister pad keeps the mirror clear after a shower.'],
  ['wet room', 'Perfect for our wet room, the drain copes easily.'],
  ['tray', 'The shower tray needed a riser kit we did not know about.'],
  ['back to wall', 'Back to wall pan sits flush against the unit.'],
  ['rimless', 'The rimless pan is much easier to keep clean.'],
  ['push button', 'The push button feels cheap compared with the pan.'],
  ['bidet', 'The bidet spray is gentle and easy to adjust.'],
  ['loft', 'Fitted in a loft bathroom with little headroom, no problem.'],
  ['warranty', 'Good to have the long warranty on the valve.'],
  ['counterfeit', 'Packaging looked different to the brand, worried it was counterfeit.'],
  ['asbestos', 'Found asbestos boarding behind the old unit, nothing to do with the product.'],
  ['hallmarked', 'Solid hallmarked brass fittings on the cistern.'],
];
const CLOSINGS = ['Would buy again.', 'Good value compared with the high street.', 'Check the dimensions before ordering.', 'Recommended to friends already.'];
const TITLES = ['Great buy', 'Does the job', 'Not for us', 'Lovely finish', 'Easy to fit', 'Good value', 'Disappointing', 'Solid quality'];
const NAMES = ['Sarah', 'James', 'Priya', 'Tom', 'Aisha', 'David', 'Emma', 'Callum', 'Megan', 'Rhys', 'Fiona', 'Gareth'];
const TOWNS = ['Leeds', 'Bristol', 'Cardiff', 'Glasgow', 'Norwich', 'York', 'Bath', 'Derby'];

/** Misspellings and words no review has: a search that finds nothing (the trigram index still has to look). */
const SEARCH_MISSES = ['thermostatc', 'leek', 'plumbr', 'zanzibar'];

const sqlArray = (values: readonly string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]`;

/** The reviews, their photos, then summaries and catalogue figures summed from them, as publishing keeps them. */
function loadReviews(): void {
  const openings = [1, 2, 3, 4, 5].map((rating) => sqlArray(OPENINGS[rating]!));
  const details = sqlArray(DETAILS.map(([, sentence]) => sentence));
  // Rank i with a chance of about 1 / (i + 1.5), as zipfPick below draws.
  const zipfIndex = (salt: string) => `least(${DETAILS.length - 1}, floor(exp(${draw(salt)} * ln(${DETAILS.length + 1}))) - 1)::int`;
  psql(`
    set maintenance_work_mem = '256MB';
    -- As a bulk load is done: the table's indexes dropped first and built again after, from their own definitions.
    create temporary table bench_indexes as
      select indexname, indexdef from pg_indexes i
      where i.tablename = 'reviews' and not exists (select 1 from pg_constraint c where c.conname = i.indexname);
    do $$ declare r record; begin
      for r in select indexname from bench_indexes loop execute 'drop index ' || quote_ident(r.indexname); end loop;
    end $$;
    create temporary table bench_products as
      select (row_number() over (order by md5(p.id::text)) - 1)::int as rank, p.id, min(o.sku) as sku
      from products p join offerings o on o.product_id = p.id group by p.id;
    insert into reviews (id, product_id, sku, source, customer_id, email_address, display_name, town, order_id, order_line_position,
                         rating, quality_rating, value_rating, fitting_rating, would_recommend, title, text, published_title, published_text,
                         edited, shop_reply, status, held_reason, rejection_reason, version, helpful_count, photo_count,
                         created_at, moderated_at, moderated_by)
    select gen_random_uuid(), p.id, p.sku,
           case when v.verified then 'VerifiedOrder' else 'Website' end,
           'bench-customer-' || n, 'bench' || n || '@reviews.bench.test',
           (${sqlArray(NAMES)})[1 + n % ${NAMES.length}] || ' ' || chr(65 + n % 26) || '.', (${sqlArray(TOWNS)})[1 + n % ${TOWNS.length}],
           null, null,
           v.rating,
           case when ${draw('q')} < 0.6 then greatest(1, least(5, v.rating + (n % 3) - 1)) end,
           case when ${draw('v')} < 0.55 then greatest(1, least(5, v.rating + (n % 5) / 2 - 1)) end,
           case when ${draw('f')} < 0.45 then greatest(1, least(5, v.rating - (n % 2))) end,
           case when ${draw('r')} < 0.7 then v.rating >= 3 end,
           (${sqlArray(TITLES)})[1 + (n / 7) % ${TITLES.length}],
           (array[${openings.join(', ')}])[v.rating][1 + n % 4] || ' ' || (${details})[1 + ${zipfIndex('d1')}] || ' ' ||
             (${details})[1 + ${zipfIndex('d2')}] || ' ' || (${sqlArray(CLOSINGS)})[1 + (n / 3) % ${CLOSINGS.length}],
           null, null, false,
           case when n % 97 = 0 then 'Thank you for your review.' end,
           v.status,
           case when v.status = 'pending' and n % 5 = 0 then 'link' end,
           case when v.status = 'rejected' then 'off_topic' end,
           case when v.status = 'pending' then 1 else 2 end,
           case when ${draw('h')} < 0.3 then floor(power(${draw('hh')}, 3) * 60)::int else 0 end,
           case when n % 12 = 0 then 1 + n % 4 else 0 end,
           v.created_at,
           case when v.status <> 'pending' then v.created_at + interval '1 day' end,
           case when v.status <> 'pending' then 'bench-moderator' end
    from generate_series(1, ${REVIEWS}) n
    cross join lateral (
      select case when d < 0.04 then 1 when d < 0.09 then 2 when d < 0.2 then 3 when d < 0.5 then 4 else 5 end as rating,
             case when s < 0.93 then 'published' when s < 0.97 then 'pending' else 'rejected' end as status,
             ${draw('src')} < 0.35 as verified,
             now() - interval '4 years' * ${draw('t')} as created_at,
             floor((select count(*) from bench_products) * power(${draw('p')}, 2.5))::int as rank
      from (select ${draw('d')} as d, ${draw('s')} as s) draws
    ) v
    join bench_products p on p.rank = v.rank;
    do $$ declare r record; begin
      for r in select indexdef from bench_indexes loop execute r.indexdef; end loop;
    end $$;
    insert into review_photos (id, review_id, file_id, content_type, size_bytes, position)
    select gen_random_uuid(), r.id, 'bench-photo-' || r.id || '-' || k, 'image/jpeg', 180000, k
    from reviews r cross join lateral generate_series(0, r.photo_count - 1) k
    where r.photo_count > 0 and r.customer_id like 'bench-customer-%';
    insert into review_summaries (product_id, count, rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5, quality_sum, quality_count,
                                  value_sum, value_count, fitting_sum, fitting_count, recommend_yes, recommend_count, updated_at)
    select product_id, count(*), sum(rating), count(*) filter (where rating = 1), count(*) filter (where rating = 2),
           count(*) filter (where rating = 3), count(*) filter (where rating = 4), count(*) filter (where rating = 5),
           coalesce(sum(quality_rating), 0), count(quality_rating), coalesce(sum(value_rating), 0), count(value_rating),
           coalesce(sum(fitting_rating), 0), count(fitting_rating), count(*) filter (where would_recommend), count(would_recommend), now()
    from reviews where status = 'published' group by product_id
    on conflict (product_id) do update set count = excluded.count, rating_sum = excluded.rating_sum, stars_1 = excluded.stars_1,
      stars_2 = excluded.stars_2, stars_3 = excluded.stars_3, stars_4 = excluded.stars_4, stars_5 = excluded.stars_5,
      quality_sum = excluded.quality_sum, quality_count = excluded.quality_count, value_sum = excluded.value_sum,
      value_count = excluded.value_count, fitting_sum = excluded.fitting_sum, fitting_count = excluded.fitting_count,
      recommend_yes = excluded.recommend_yes, recommend_count = excluded.recommend_count, updated_at = excluded.updated_at;
    update products p set reviews_count = s.count, rating_tenths = (s.rating_sum * 20 + s.count) / (s.count * 2)
    from review_summaries s where s.product_id = p.id and s.count > 0;
  `);
  psql('vacuum analyze reviews');
  psql('vacuum analyze review_photos');
  psql('vacuum analyze review_summaries');
  psql('vacuum analyze products');
}

interface Inputs {
  /** Product slugs, most reviewed first. */
  slugs: string[];
  brands: string[];
  categories: string[];
}

function gatherInputs(): Inputs {
  const list = (sql: string) => psql(sql).split('\n').filter(Boolean);
  return {
    slugs: list('select p.slug from products p join review_summaries s on s.product_id = p.id order by s.count desc, p.id'),
    brands: list('select b.name from brands b where exists (select 1 from products p where p.brand_id = b.id) order by b.id'),
    categories: list('select slug from categories order by id'),
  };
}

/** 1/(rank + 1): popular things first. */
const zipfPick = <T>(next: () => number, list: readonly T[]): T =>
  list[Math.min(list.length - 1, Math.floor(Math.exp(next() * Math.log(list.length + 1)) - 1))]!;

/** A product page's two calls, alternately: its listing (mostly the first page, newest first) and its summary. */
function productPageRequests(inputs: Inputs, spread: 'popular' | 'even') {
  const next = seededRandom(21);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  let summaryNext = false;
  let slug = inputs.slugs[0]!;
  return (request: LoadRequest): LoadRequest => {
    summaryNext = !summaryNext;
    if (summaryNext) {
      slug = spread === 'popular' ? zipfPick(next, inputs.slugs) : pick(inputs.slugs);
      return { ...request, method: 'GET', path: `/api/reviews/Reviews/Summaries/${slug}` };
    }
    const query = new URLSearchParams({
      slug,
      sort: pick(['newest', 'newest', 'newest', 'newest', 'newest', 'newest', 'highest', 'lowest', 'most_helpful', 'most_helpful']),
      page: String(spread === 'popular' ? pick([1, 1, 1, 1, 1, 1, 2, 2, 3, 5]) : 1 + Math.floor(next() * 20)),
    });
    const filter = next();
    if (filter < 0.1) query.set('rating', String(1 + Math.floor(next() * 5)));
    else if (filter < 0.15) query.set('withPhotos', 'true');
    return { ...request, method: 'GET', path: `/api/reviews/Listings/Reviews?${query}` };
  };
}

const searchRequest = (request: LoadRequest, body: Record<string, unknown>, authorization: string): LoadRequest => ({
  ...request,
  method: 'POST',
  path: '/api/reviews/Search/Reviews/Advanced/v2',
  headers: { 'content-type': 'application/json', authorization },
  body: JSON.stringify(body),
});

/** Moderators' searches: the pending queue most often, words, ratings, photos, verified, brand or category, every sort. */
function searchRequests(inputs: Inputs, authorization: string) {
  const next = seededRandom(22);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const maybe = (chance: number) => next() < chance;
  let previous: Record<string, unknown> | undefined;
  return (request: LoadRequest): LoadRequest => {
    // A third of the time a moderator pages on through the search before.
    if (previous && maybe(0.33)) {
      previous = { ...previous, page: Number(previous.page) + 1 };
      return searchRequest(request, previous, authorization);
    }
    const body: Record<string, unknown> = { sort: pick(REVIEW_SEARCH_SORTS), page: pick([1, 1, 1, 2, 3, 5]), size: pick([20, 20, 50]) };
    previous = body;
    const status = next();
    if (status < 0.3) body.status = 'pending';
    else if (status < 0.6) body.status = pick(['published', 'rejected']);
    // Words: mostly what moderators look for (problems, the less said half), now and then a common phrase or a miss.
    if (maybe(0.45)) {
      const half = DETAILS.length / 2;
      const kind = next();
      body.text = kind < 0.7 ? DETAILS[half + Math.floor(next() * half)]![0] : kind < 0.9 ? DETAILS[Math.floor(next() * half)]![0] : pick(SEARCH_MISSES);
    }
    if (maybe(0.3)) {
      const from = 1 + Math.floor(next() * 5);
      body.ratingFrom = from;
      body.ratingTo = Math.min(5, from + Math.floor(next() * 2));
    }
    if (maybe(0.15)) body.hasPhotos = maybe(0.8);
    if (maybe(0.15)) body.verifiedOnly = true;
    if (maybe(0.1)) body.source = pick(REVIEW_SOURCES);
    const products = next();
    if (products < 0.15) body.brand = pick(inputs.brands);
    else if (products < 0.3) body.category = pick(inputs.categories);
    return searchRequest(request, body, authorization);
  };
}

const loaded = () => Number(psql("select count(*) from reviews where customer_id like 'bench-customer-%'") || 0);

const reuse = process.env.BENCH_REUSE === '1';
if (reuse) ensureDatabase(postgresUrl);
else freshDatabase(postgresUrl);
const signer = createTokenSigner('bench-reviews', PUBLIC_URL);
// Only the measured calls run: the polling jobs (e-mail, invitations) would add their own load.
const server = await startServer('servers/api.ts', { DATABASE_URL: postgresUrl, PUBLIC_URL, IDENTITY_JWKS: signer.jwks, JOBS: 'none' });
try {
  if (!reuse || loaded() < REVIEWS) {
    const started = Date.now();
    loadReviews();
    process.stderr.write(`  loaded ${REVIEWS} reviews in ${Math.round((Date.now() - started) / 1000)} s\n`);
  }
  const inputs = gatherInputs();
  const total = Number(psql('select count(*) from reviews'));
  const top = psql("select max(count) || ' / ' || percentile_cont(0.5) within group (order by count) from review_summaries");
  const authorization = `Bearer ${signer.tokenFor('bench-moderator', ['review-moderator'])}`;
  const origin = `http://127.0.0.1:${server.port}`;
  const check = await fetch(`${origin}/api/reviews/Search/Reviews/Advanced/v2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ status: 'pending' }),
  });
  if (!check.ok) throw new Error(`advanced search answered ${check.status}: ${await check.text()}`);
  await afterStartUpLoads(`${origin}/api`);

  // BENCH_SCENARIOS=pages measures the product pages alone (round after round), to compare one change.
  const only = process.env.BENCH_SCENARIOS?.split(',');
  const measures = (scenario: 'pages' | 'search' | 'cold') => !only || only.includes(scenario);
  const results: Record<'pages' | 'search' | 'cold', LoadResult[]> = { pages: [], search: [], cold: [] };
  const loads: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    loads.push(
      os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' '),
    );
    if (measures('pages'))
      results.pages.push(
        await load(`product page reviews @${PAGE_RATE}/s`, `${origin}/api/reviews/Reviews/Summaries/${inputs.slugs[0]}`, {
          overallRate: PAGE_RATE,
          setupRequest: productPageRequests(inputs, 'popular'),
        }),
      );
    if (measures('search'))
      results.search.push(
        await load(`advanced search v2 @${SEARCH_RATE}/s`, `${origin}/api/reviews/Search/Reviews/Advanced/v2`, {
          overallRate: SEARCH_RATE,
          method: 'POST',
          connections: 10,
          setupRequest: searchRequests(inputs, authorization),
        }),
      );
    if (measures('cold'))
      results.cold.push(
        await load(`any product, pages 1–20 @${PAGE_RATE}/s`, `${origin}/api/reviews/Reviews/Summaries/${inputs.slugs[0]}`, {
          overallRate: PAGE_RATE,
          setupRequest: productPageRequests(inputs, 'even'),
        }),
      );
  }
  const health = (await (await fetch(`${origin}/api/health`)).json()) as { caches?: Record<string, { hitRate: number | null; entries: number }> };
  const kept = health.caches?.['reviews-listings'];
  const pages = results.pages.length ? median(results.pages, 'p99') : undefined;
  const search = results.search.length ? median(results.search, 'p99') : undefined;
  const clean = (runs: LoadResult[], rate: number) => runs.every((run) => run.errors + run.non2xx === 0 && run.requestsPerSecond >= rate * 0.95);
  const p99 = (runs: LoadResult[], round: number) => runs[round]?.p99 ?? 'not run';
  report(
    `Reviews on PostgreSQL: ${total} reviews over ${inputs.slugs.length} products (most reviewed / median: ${top}), median of ${rounds} rounds`,
    [pages, search, results.cold.length ? median(results.cold, 'p99') : undefined].filter((result) => result !== undefined),
    {
      goals:
        `product page reviews p99 ≤ ${PAGE_GOAL_P99_MS} ms at ${PAGE_RATE}/s; ` +
        `advanced search with facets p99 ≤ ${SEARCH_GOAL_P99_MS} ms at ${SEARCH_RATE}/s`,
      'p99 per round (ms), pages / search / any product': loads
        .map((_, round) => `${p99(results.pages, round)} / ${p99(results.search, round)} / ${p99(results.cold, round)}`)
        .join('; '),
      "an idle process woken late (p99/longest, machine.ts) and the generator's longest stall, per round, pages / search / any product": loads
        .map((_, round) => [results.pages, results.search, results.cold].map((runs) => machineStalls(runs[round])).join(' / '))
        .join('; '),
      'load average before each round (1, 5, 15 min)': loads.join('; '),
      'kept listings and summaries (decision 0037)': kept ? `${kept.entries} entries, hit rate ${kept.hitRate} over the whole run` : 'not reported',
      'pages goal met': pages ? pages.p99 <= PAGE_GOAL_P99_MS && clean(results.pages, PAGE_RATE) : 'not run',
      'search goal met': search ? search.p99 <= SEARCH_GOAL_P99_MS && clean(results.search, SEARCH_RATE) : 'not run',
    },
  );
} finally {
  await server.stop();
}
