/**
 * How many statements opening a project sends to the database: the project page opens a 200-line
 * project with refresh, 50 lines a page, and the bench asks it at 100 a second (issue 38). The figures
 * print with the test (`STATEMENTS=1` lists each statement); the bounds fail a change that goes back
 * to reading line by line or everything again.
 *
 * Decision 0111: the project, its lines with what the viewer saw of each, its shares and baskets are
 * one statement (were four), the variants of the page's products are kept with the offerings' facts
 * (were a statement each open); the lines' stock is read each time. The first refresh writes what the
 * viewer saw. Before: 7 the first time, 6 after.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectsClient, type ProjectsClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { countStatements, type StatementCounter } from '../../testing/statement-counter.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { reviewIndexLoaded } from '../reviews/testing.ts';

let api: TestApi;
let counter: StatementCounter;
let owner: ProjectsClient;
let skus: string[];
const actors: Record<string, Actor> = {
  trader: { userId: 'user-ps-trader', email: 'fitter@example.com', name: 'Sam Fitter', roles: ['shopper', 'trade'] },
};
const figures: Record<string, number> = {};

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  owner = createProjectsClient({ baseUrl: api.serviceUrl('projects'), getAccessToken: () => 'trader' });
  const result = (await api.database.db.execute(
    sql`select o.sku from offerings o join products p on p.id = o.product_id join stock_levels s on s.sku = o.sku
        where s.status = 'in_stock' and s.on_hand >= 20 and not p.is_bundle order by o.sku limit 200`,
  )) as unknown as { rows: { sku: string }[] };
  skus = result.rows.map((row) => row.sku);
  await reviewIndexLoaded(api.app);
  counter = countStatements(api.database);
});
afterAll(async () => {
  counter.stop();
  process.stdout.write(`statements per call (${api.database.kind}):\n${JSON.stringify(figures, null, 2)}\n`);
  await api.close();
});

async function measure<T>(name: string, bound: number, call: () => Promise<T>): Promise<T> {
  counter.take();
  const result = await call();
  const sent = counter.take();
  figures[name] = sent.length;
  if (process.env.STATEMENTS) process.stdout.write(`── ${name} (${sent.length})\n${sent.map((text) => `  ${text.slice(0, 300)}`).join('\n')}\n`);
  expect(sent.length, `${name}\n${sent.join('\n')}`).toBeLessThanOrEqual(bound);
  return result;
}

describe('statements per project call', () => {
  it('opening a 200-line project with refresh, as its page asks', async () => {
    expect(skus).toHaveLength(200);
    const project = await owner.createProject({ body: { name: 'Whole-house refit', items: skus.map((sku, i) => ({ sku, quantity: 1 + (i % 3) })) } });
    const params = { projectId: project.projectId };
    const query = { refreshProject: 'true', pageSize: 50 } as const;
    const first = await measure('open with refresh, first time', 3, () => owner.getProject({ params, query }));
    expect(first).toMatchObject({ totalCount: 200, totals: { lineCount: 200 } });
    expect(first.lines).toHaveLength(50);
    const again = await measure('open with refresh, nothing changed', 2, () => owner.getProject({ params, query }));
    expect(again.notices).toEqual([]);
    expect(again.totals).toEqual(first.totals);
    // Asked beside the project by its page, a call of its own so opening a project stays the figures above (decision 0144).
    await measure('complete your bathroom', 8, () => owner.completeYourBathroom({ params }));
  });
});
