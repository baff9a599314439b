import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { emailOutboxJob } from './dispatcher.ts';
import type { EmailTransport } from './email-transport.ts';
import { openSameDatabase } from '../../testing/test-database.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { systemClock } from '../../platform/context.ts';
import { createJobRunner } from '../../platform/jobs.ts';

/**
 * Two workers on one PostgreSQL database (docs/scaling.md): each runs the e-mail outbox on the
 * shop's runner, with a pool of its own, at once. Every e-mail is sent, and by one of them only:
 * a batch claims its rows with `FOR UPDATE SKIP LOCKED` and a lease.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const EMAILS = 300;

let api: TestApi;
let second: DatabaseHandle;
beforeAll(async () => {
  if (!onPostgres) return;
  api = await startTestApi({ seed: false });
  second = await openSameDatabase(api.database);
});
afterAll(async () => {
  if (!onPostgres) return;
  await second.close();
  await api.close();
});

/** A transport that counts what it is handed, taking a moment over each (as an SMTP server does), so the workers' batches overlap. */
function countingTransport(sent: string[]): EmailTransport {
  return {
    kind: 'smtp',
    async send(message) {
      await sleep(2);
      sent.push(message.id);
      return { messageId: `<${message.id}@test>` };
    },
    close: () => {},
  };
}

describe.runIf(onPostgres)('two workers on one database', () => {
  it('send every e-mail of the outbox once between them', async () => {
    const { notifications } = api.app.composed.services;
    for (let index = 0; index < EMAILS; index += 1) {
      await notifications.enqueueEmail(
        { db: api.database.db },
        { to: `buyer${index}@example.com`, subject: 'Your order', html: '<p>Thanks</p>', text: 'Thanks', template: 'test.two-workers' },
      );
    }
    const sentBy = { first: [] as string[], second: [] as string[] };
    const runners = [
      createJobRunner({
        jobs: [emailOutboxJob({ transport: countingTransport(sentBy.first), everyMs: 20 })],
        context: { db: api.database.db, clock: systemClock, log: api.app.log },
        selection: 'all',
      }),
      createJobRunner({
        jobs: [emailOutboxJob({ transport: countingTransport(sentBy.second), everyMs: 20 })],
        context: { db: second.db, clock: systemClock, log: api.app.log },
        selection: 'all',
      }),
    ];
    for (const runner of runners) runner.start();
    const pending = async () => {
      const result = (await api.database.db.execute(
        sql`select count(*)::int as n from email_outbox where template = 'test.two-workers' and status <> 'sent'`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    await expect.poll(pending, { timeout: 60_000, interval: 100 }).toBe(0);
    await Promise.all(runners.map((runner) => runner.stop()));

    const all = [...sentBy.first, ...sentBy.second];
    expect(all).toHaveLength(EMAILS);
    expect(new Set(all).size).toBe(EMAILS);
    // Both took part: the claims kept them apart, not one of them idling.
    expect(sentBy.first.length).toBeGreaterThan(0);
    expect(sentBy.second.length).toBeGreaterThan(0);
  }, 90_000);
});
