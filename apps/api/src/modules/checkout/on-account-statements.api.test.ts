/**
 * How many statements placing an order on account sends (decision 0121), beside `statements.api.test.ts`'s card
 * payments: the trade account read once for the terms, the provider's customer and counting the order; the bands as
 * pricing keeps them; the stock taken in the placing transaction, with no hold of its own before the provider is asked.
 * The figures print with the test (`STATEMENTS=1` lists each statement); the bound fails a change that reads again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { countStatements, type StatementCounter } from '../../testing/statement-counter.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { reviewIndexLoaded } from '../reviews/testing.ts';
import { onAccountBasket, onAccountClients, onAccountCustomer } from '../trade-credit/testing.ts';

/**
 * At most this many statements (BEGIN and COMMIT counted) for an order on account with the credit sandbox: 38 before
 * decision 0121 (the trade account read three times with its application and the terms in two more, the VAT rates and
 * bands read in the placing transaction, the stock held in a transaction of its own first), 27 after, 25 after decision
 * 0133 (the trade order written by the statement that sums the business's year, and the sandbox's order looked up with
 * the credit in use). Of those, the sandbox's own order (its lock, the order by its key with the business's open
 * orders, and the new one, in a transaction) is 5. 22 once the stock is taken in one statement after the basket's lock
 * (its own holds and the run-out ones given back and each line taken, where three statements and one per line were).
 * 21 once the confirmation is queued by the order's own statement (decision 0159).
 */
const PAY_ON_ACCOUNT_BOUND = 21;
/**
 * On PostgreSQL, at most this many waits for the database (statements sent behind another share its wait, decision 0078):
 * 18 measured, 16 with the stock in one statement, 15 with the confirmation in the order's statement.
 */
const PAY_ON_ACCOUNT_ROUND_TRIPS = 15;

let api: TestApi;
let counter: StatementCounter;
let sku: string;
const actors: Record<string, Actor> = { reviewer: { userId: 'user-reviewer', name: 'Rita Reviewer', roles: ['trade-reviewer'] } };

beforeAll(async () => {
  api = await startTestApi({
    env: { SANDBOX_WEBHOOK_CHAOS: 'off' },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  // Approved on £5,000 and verified with the sandbox (trade-credit/sandbox-companies.ts).
  await onAccountCustomer(api, actors, { name: 'ada', companyNumber: '07654321', reviewer: 'reviewer' });
  sku = (
    await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 500 and 2000 and s.on_hand >= 20`,
    )
  ).sku;
  // The shop loads the staff review index as it starts, in slices: counting starts once that is done.
  await reviewIndexLoaded(api.app);
  counter = countStatements(api.database);
}, 180_000);
afterAll(async () => {
  counter.stop();
  await api.close();
});

describe('statements per order on account', () => {
  it('a trade customer paying a basket of one line on account', async () => {
    const ada = onAccountClients(() => api)('ada');
    const stock = async () =>
      (
        (await api.database.db.execute(sql`select on_hand - committed - reserved as available, committed from stock_counts where sku = ${sku}`)) as unknown as {
          rows: { available: number; committed: number }[];
        }
      ).rows[0]!;
    const placeOne = async () => {
      const { params, total } = await onAccountBasket(api, 'ada', sku, 2);
      const before = await stock();
      counter.take();
      counter.takeRoundTrips();
      const placed = await ada.checkout.payOnAccount({ params });
      const sent = counter.take();
      const trips = counter.takeRoundTrips();
      expect(placed).toMatchObject({ status: 'placed', totalIncVat: total });
      // Taken from what is available into committed, as a hold then its commit would.
      expect(await stock()).toEqual({ available: before.available - 2, committed: before.committed + 2 });
      return { sent, trips };
    };
    // The second order is the one counted: the first warms what the instance keeps (the bands and rates, the offerings).
    await placeOne();
    const { sent, trips } = await placeOne();
    const postgres = api.database.kind === 'postgres';
    process.stdout.write(`payOnAccount (${api.database.kind}): ${sent.length} statements${postgres ? `, ${trips} waits` : ''}\n`);
    if (process.env.STATEMENTS) process.stdout.write(`${sent.map((text) => `  ${text.slice(0, 220)}`).join('\n')}\n`);
    expect(sent.length).toBeLessThanOrEqual(PAY_ON_ACCOUNT_BOUND);
    // Read once: the trade account, the VAT rates and the bands are not read again on the way.
    expect(sent.filter((text) => /from "trade_accounts"/.test(text))).toHaveLength(1);
    expect(sent.filter((text) => /from "(vat_rates|trade_bands)"/.test(text))).toHaveLength(0);
    // PGlite, in the process, has no waits.
    expect(postgres ? trips : 0).toBeLessThanOrEqual(PAY_ON_ACCOUNT_ROUND_TRIPS);
  });
});
