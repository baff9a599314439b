import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperationsClient, type OperationsClient } from '@shop/api-client';
import type { Role } from '@shop/contracts';
import { defaultShopDetails } from '../../config.ts';
import { createNotificationsService } from './notifications.service.ts';
import { emailOutbox } from './notifications.tables.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { jobRunsRecorder } from '../../platform/jobs.repository.ts';

/**
 * Staff's operations page's calls (`/api/operations/jobs`): every job with what waits for it and
 * what it gave up on, and a retry that sends one given-up row round again, once however often it is asked.
 * No job runs here (tests choose none): the rows are put as a worker would have left them.
 */
const notifications = createNotificationsService({ shop: defaultShopDetails() });

let api: TestApi;
const as = (token?: Role): OperationsClient => createOperationsClient({ baseUrl: api.serviceUrl('operations'), getAccessToken: () => token });

beforeAll(async () => {
  api = await startTestApi({
    seed: false,
    authenticate: async (authorization) => {
      const token = authorization.replace(/^Bearer /, '');
      return { userId: `u-${token}`, roles: [token as Role] };
    },
  });
});
afterAll(() => api.close());

/** An e-mail the outbox gave up on after five attempts, its last error naming the recipient (as SMTP servers do). */
async function failedEmail(to: string) {
  const { db } = api.database;
  const content = notifications.renderEmail({ subject: 'Your order', heading: 'Your order', paragraphs: ['On its way.'] });
  const { id } = await notifications.enqueueEmail({ db }, { to, template: 'orders.dispatched', ...content });
  await db
    .update(emailOutbox)
    .set({ status: 'failed', attempts: 5, lastError: `550 mailbox ${to} unavailable` })
    .where(eq(emailOutbox.id, id));
  return id;
}

const outboxOf = async () => (await as('admin').listBackgroundJobs()).jobs.find((job) => job.name === 'email-outbox')!;

describe('staff operations: background jobs', () => {
  it('lists every job, the outbox with a failed e-mail and no address in what it says', async () => {
    const id = await failedEmail('ann.failed@example.com');
    const { jobs } = await as('admin').listBackgroundJobs();
    expect(jobs.map((job) => job.name)).toEqual(expect.arrayContaining(['email-outbox', 'identity-clean-up', 'payment-recovery']));
    const outbox = jobs.find((job) => job.name === 'email-outbox')!;
    expect(outbox.failed).toContainEqual(expect.objectContaining({ id, what: 'E-mail: orders.dispatched', attempts: 5 }));
    expect(JSON.stringify(jobs)).not.toContain('ann.failed@');
    expect(outbox.failed.find((item) => item.id === id)?.message).toBe('550 mailbox a***@example.com unavailable');
  });

  it('shows a job’s last failed batch, redacted, and when it last ran', async () => {
    const at = new Date('2026-11-20T10:00:00Z');
    await jobRunsRecorder(api.database.db).failed('identity-clean-up', at, 'could not reach bob@example.com');
    const job = (await as('admin').listBackgroundJobs()).jobs.find((candidate) => candidate.name === 'identity-clean-up')!;
    expect(job).toMatchObject({ lastRunAt: at.toISOString(), lastFailedAt: at.toISOString(), lastFailure: 'could not reach b***@example.com', waiting: null });
  });

  it('retries a failed e-mail once when two retries race: it waits in the outbox again, due now', async () => {
    const id = await failedEmail('cara@example.com');
    const waitingBefore = (await outboxOf()).waiting;
    const retry = () => as('admin').retryFailedJobItem({ params: { job: 'email-outbox', itemId: id } });
    const results = await Promise.all([retry(), retry()]);
    expect(results.filter((result) => result.retried)).toHaveLength(1);
    const [row] = await api.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: null });
    const outbox = await outboxOf();
    expect(outbox.waiting).toBe(waitingBefore! + 1);
    expect(outbox.failed.map((item) => item.id)).not.toContain(id);
    expect(await retry()).toEqual({ retried: false });
  });

  it('refuses a row that cannot be retried, a job it does not know, and anyone but an administrator', async () => {
    const missing = await failure(as('admin').retryFailedJobItem({ params: { job: 'email-outbox', itemId: '00000000-0000-4000-8000-000000000000' } }));
    expect([missing.status, missing.code]).toEqual([404, 'FAILED_JOB_ITEM_NOT_FOUND']);
    expect(await failure(as('admin').retryFailedJobItem({ params: { job: 'email-outbox', itemId: 'not-an-id' } }))).toMatchObject({ status: 404 });
    const noJob = await failure(as('admin').retryFailedJobItem({ params: { job: 'no-such-job', itemId: 'x' } }));
    expect([noJob.status, noJob.code]).toEqual([404, 'JOB_NOT_FOUND']);
    expect(await failure(as('order-admin').listBackgroundJobs())).toMatchObject({ status: 403 });
    expect(await failure(as().listBackgroundJobs())).toMatchObject({ status: 401 });
    const id = await failedEmail('dan@example.com');
    expect(await failure(as('order-admin').retryFailedJobItem({ params: { job: 'email-outbox', itemId: id } }))).toMatchObject({ status: 403 });
  });
});
