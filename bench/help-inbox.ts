/**
 * `npm run bench:help-inbox`: issue 20's inbox goal on PostgreSQL: the staff inbox with 50,000
 * requests, filtered by type and status (with the overdue counts every page carries), p99 ≤ 30 ms at
 * 50 requests/s. The database (`bench_help_inbox`, made afresh each run) gets the demo data and
 * 50,000 requests in bulk: every type, statuses spread as a busy inbox has them (most closed), sent
 * over the last year, a third of the open ones past their routing time. The requests vary type,
 * status, sort and page as staff vary them, in a seeded order; the API runs in its own process with
 * signing keys given here, so an order administrator's token is signed here too. The median of
 * BENCH_ROUNDS rounds is reported.
 */
import type { Request as LoadRequest } from 'autocannon';
import { HELP_REQUEST_STATUSES, HELP_REQUEST_TYPES } from '@shop/contracts';
import { createTokenSigner, freshDatabase, load, median, psql as runSql, report, seededRandom, startServer, type LoadResult } from './lib.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const RATE = 50;
const GOAL_P99_MS = 30;
const REQUESTS = 50_000;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_help_inbox';
const PUBLIC_URL = 'http://bench.help.test';

const psql = (sql: string) => runSql(postgresUrl, sql);

/** 50,000 requests with a first message each: 60% closed, the rest new, in progress or waiting. */
function addRequests(): void {
  const types = `array[${HELP_REQUEST_TYPES.map((type) => `'${type}'`).join(',')}]`;
  psql(`
    insert into help_requests (id, reference, type, status, version, name, email_address, summary, details, reply_token_hash,
                               due_at, created_at, updated_at, closed_at)
    select gen_random_uuid(), 'HC-B' || lpad(to_hex(n), 5, '0'), (${types})[1 + n % ${HELP_REQUEST_TYPES.length}],
           s.status, 1, 'Bench Customer ' || n, 'bench' || n || '@help.bench.test', 'Bench request ' || n,
           jsonb_build_object('message', 'Bench request ' || n), md5('bench-token-' || n),
           -- open ones: one in three past its routing time, the rest due in the coming days
           case when s.status <> 'closed' and n % 3 = 0 then now() - interval '1 day' else now() + interval '2 days' end,
           s.created_at, s.created_at, case when s.status = 'closed' then s.created_at + interval '1 day' end
    from generate_series(1, ${REQUESTS}) n
    cross join lateral (
      select (array['closed','closed','closed','closed','closed','closed','new','in_progress','waiting_for_customer','new'])[1 + (n * 7) % 10] as status,
             now() - (n % 365) * interval '1 day' - (n % 1440) * interval '1 minute' as created_at
    ) s;
    insert into help_request_messages (request_id, author, author_name, body, at)
    select id, 'customer', name, summary, created_at from help_requests where reference like 'HC-B%';
    analyze;
  `);
}

/** The inbox filtered by type and status as staff use it: mostly the first page, newest first. */
function inboxRequests(authorization: string) {
  const next = seededRandom(20);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return (request: LoadRequest): LoadRequest => {
    const query = new URLSearchParams({
      type: pick(HELP_REQUEST_TYPES),
      status: pick(HELP_REQUEST_STATUSES),
      sort: pick(['newest', 'newest', 'newest', 'oldest']),
      pageNumber: String(pick([1, 1, 1, 1, 2, 3])),
      pageSize: '20',
    });
    return { ...request, method: 'GET', path: `/api/help-centre/Staff/Help?${query}`, headers: { authorization } };
  };
}

freshDatabase(postgresUrl);
const signer = createTokenSigner('bench-help', PUBLIC_URL);
const server = await startServer('servers/api.ts', { DATABASE_URL: postgresUrl, PUBLIC_URL, IDENTITY_JWKS: signer.jwks });
try {
  addRequests();
  const total = Number(psql('select count(*) from help_requests'));
  const overdue = Number(psql("select count(*) from help_requests where status <> 'closed' and due_at < now()"));
  const authorization = `Bearer ${signer.tokenFor('bench-order-admin', ['order-admin'])}`;
  const url = `http://127.0.0.1:${server.port}/api/help-centre/Staff/Help`;
  const check = await fetch(`${url}?type=GENERAL_ENQUIRY&status=new`, { headers: { authorization } });
  if (!check.ok) throw new Error(`the inbox answered ${check.status}: ${await check.text()}`);
  const results: LoadResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    results.push(await load(`inbox by type and status @${RATE}/s`, url, { overallRate: RATE, connections: 10, setupRequest: inboxRequests(authorization) }));
  }
  const result = median(results, 'p99');
  report(`Staff help inbox on PostgreSQL: ${total} requests, ${overdue} open past their routing time (median of ${rounds} rounds)`, [result], {
    goal: `p99 ≤ ${GOAL_P99_MS} ms at ${RATE} requests/s`,
    'p99 per round (ms)': results.map((run) => run.p99).join(' / '),
    met: result.p99 <= GOAL_P99_MS && results.every((run) => run.errors + run.non2xx === 0),
  });
} finally {
  await server.stop();
}
