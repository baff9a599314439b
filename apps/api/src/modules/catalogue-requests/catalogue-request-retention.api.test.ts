import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueRequestsClient } from '@shop/api-client';
import type { PrintedCatalogueRequestData } from '@shop/contracts';
import type { Clock } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';

let api: TestApi;
let now = new Date('2026-01-10T10:00:00Z');
const clock: Clock = { now: () => now };
let retention: Job;
let visitors = 0;

beforeAll(async () => {
  api = await startTestApi({ seed: false, clock });
  // The job as the module hands it to the runner.
  retention = api.app.composed.modules.find((module) => module.name === 'catalogue-requests')!.jobs!(api.app).find(
    (job) => job.name === 'catalogue-request-retention',
  )!;
});
afterAll(() => api.close());

const ask = (change: Partial<PrintedCatalogueRequestData>) =>
  createCatalogueRequestsClient({ baseUrl: api.serviceUrl('accounts'), headers: { 'x-forwarded-for': `198.51.100.${++visitors}` } }).requestPrintedCatalogue({
    body: { name: 'Pat Plumber', line1: '7 Station Road', town: 'Leeds', postcode: 'LS1 4AP', ...change },
  });
const names = async () =>
  ((await api.database.db.execute(sql`select name from catalogue_requests order by requested_at`)) as unknown as { rows: { name: string }[] }).rows.map(
    (row) => row.name,
  );
const consents = async () =>
  ((await api.database.db.execute(sql`select count(*)::int as n from postal_marketing_consents`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
const runJob = async () => (await retention.runOnce({ db: api.database.db, clock, log: api.app.log })).claimed;

describe('catalogue requests are kept six months', () => {
  it('removes a request six months after it was made, keeping newer ones and consent to offers by post', async () => {
    expect(retention).toMatchObject({ everyMs: 60 * 60 * 1000 });
    await ask({ name: 'Early Asker', marketingConsent: true });
    now = new Date('2026-03-01T10:00:00Z');
    await ask({ name: 'Later Asker', line1: '9 Station Road' });

    // The day before six months are up, nothing goes.
    now = new Date('2026-07-09T10:00:00Z');
    expect(await runJob()).toBe(0);
    expect(await names()).toEqual(['Early Asker', 'Later Asker']);

    now = new Date('2026-07-10T10:00:01Z');
    expect(await runJob()).toBe(1);
    expect(await names()).toEqual(['Later Asker']);
    expect(await consents()).toBe(1);
    // The address may ask again: the removed request no longer counts.
    expect(await ask({ name: 'Early Asker' })).toMatchObject({ recorded: true });

    now = new Date('2027-01-11T10:00:00Z');
    expect(await runJob()).toBe(2);
    expect(await names()).toEqual([]);
  });
});
