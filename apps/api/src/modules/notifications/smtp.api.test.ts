import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotificationsClient } from '@shop/api-client';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { systemClock, type Clock } from '../../platform/context.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createJobRunner } from '../../platform/jobs.ts';
import { dispatchDueEmails, emailOutboxJob } from './dispatcher.ts';
import { createSmtpTransport } from './email-transport.ts';
import { createNotificationsService, readOutbox } from './notifications.service.ts';
import { emailOutbox } from './notifications.tables.ts';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.testing.ts';
import { defaultShopDetails } from '../../config.ts';

const notifications = createNotificationsService({ shop: defaultShopDetails() });

const FROM = 'Plumbline <no-reply@plumbline.example>';
const silent = { warn: () => {}, error: () => {}, child: () => silent } as never;

const verifyEmail = (to: string, extra: { dedupeKey?: string } = {}) => ({
  to,
  template: 'identity.verify-email',
  ...notifications.renderEmail({
    subject: 'Confirm your e-mail address',
    preheader: 'One click and your account is ready.',
    heading: 'Confirm your e-mail address',
    paragraphs: ['Thanks for opening a Plumbline account.', 'Prices & delivery dates are saved in your account.'],
    action: { label: 'Confirm my address', url: 'https://shop.example/verify?token=abc&user=1' },
    footnote: 'You are receiving this because someone opened an account with this address.',
  }),
  ...extra,
});

describe('SMTP delivery through a real SMTP receiver', () => {
  let database: DatabaseHandle;
  let db: Database;
  let receiver: SmtpReceiver;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await db.delete(emailOutbox);
    receiver = await startSmtpReceiver();
  });
  afterEach(() => receiver.close());

  it('sends the queued message: envelope, headers, subject, text and HTML arrive as queued', async () => {
    const transport = createSmtpTransport({ smtpUrl: receiver.url, from: FROM });
    const { id } = await notifications.enqueueEmail({ db }, verifyEmail('new.customer@example.com'));
    expect(await dispatchDueEmails(db, transport, systemClock)).toMatchObject({ claimed: 1, sent: 1 });
    transport.close();

    expect(receiver.received).toHaveLength(1);
    const [{ envelopeTo, parsed }] = receiver.received as [(typeof receiver.received)[number]];
    const queued = verifyEmail('new.customer@example.com');
    expect(envelopeTo).toEqual(['new.customer@example.com']);
    expect(parsed.to?.map((address) => address.address)).toEqual(['new.customer@example.com']);
    expect(parsed.from).toMatchObject({ name: 'Plumbline', address: 'no-reply@plumbline.example' });
    expect(parsed.subject).toBe('Confirm your e-mail address');
    expect(parsed.messageId).toBe(`<${id}@plumbline.example>`);
    expect(parsed.text?.trim()).toBe(queued.text.trim());
    expect(parsed.html?.trim()).toBe(queued.html.trim());
    expect(parsed.html).toContain('href="https://shop.example/verify?token=abc&amp;user=1"');

    const [row] = await readOutbox(db);
    expect(row).toMatchObject({ id, status: 'sent', transport: 'smtp', attempts: 1, messageId: `<${id}@plumbline.example>` });
  });

  it('retries while the SMTP server is down and delivers once it is back, exactly once', async () => {
    const { port } = receiver;
    await receiver.close(); // Nothing listens on the port now.
    const transport = createSmtpTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
    const base = Date.now();
    const at = (offsetMs: number): Clock => ({ now: () => new Date(base + offsetMs) });
    await notifications.enqueueEmail({ db }, verifyEmail('patient@example.com'));

    expect(await dispatchDueEmails(db, transport, at(0))).toMatchObject({ claimed: 1, retrying: 1 });
    let [row] = await readOutbox(db);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/ECONNREFUSED/);
    expect(row?.nextAttemptAt?.getTime()).toBe(base + 30_000);

    receiver = await startSmtpReceiver(port);
    expect((await dispatchDueEmails(db, transport, at(29_000))).claimed).toBe(0); // backing off
    expect(await dispatchDueEmails(db, transport, at(30_000))).toMatchObject({ claimed: 1, sent: 1 });
    expect(await dispatchDueEmails(db, transport, at(3_600_000))).toMatchObject({ claimed: 0 });
    transport.close();

    [row] = await readOutbox(db);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(receiver.received.map((email) => email.parsed.to?.[0]?.address)).toEqual(['patient@example.com']);
  });

  it('two dispatchers on one database (two API instances) deliver each e-mail once', async () => {
    const count = 40;
    for (let i = 0; i < count; i++) await notifications.enqueueEmail({ db }, verifyEmail(`customer${i}@example.com`));
    // Each dispatcher has its own SMTP transport, as each instance would; on PostgreSQL they claim
    // on separate connections of the pool, so their claims really race.
    const dispatchers = [1, 2].map(() =>
      createJobRunner({
        jobs: [emailOutboxJob({ transport: createSmtpTransport({ smtpUrl: receiver.url, from: FROM }), everyMs: 5, policy: { batchSize: 3 } })],
        context: { db, clock: systemClock, log: silent },
        selection: 'all',
      }),
    );
    for (const dispatcher of dispatchers) dispatcher.start();
    await receiver.waitForCount(count);
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));

    const messageIds = receiver.received.map((email) => email.parsed.messageId);
    expect(messageIds).toHaveLength(count);
    expect(new Set(messageIds).size).toBe(count);
    const rows = await readOutbox(db);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});

describe('the running API', () => {
  let api: TestApi;
  let receiver: SmtpReceiver;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    api = await startTestApi({
      env: { SMTP_URL: receiver.url, JOBS: 'email-outbox' },
      authenticate: async () => ({ userId: 'staff-1', roles: ['admin'] }),
    });
  });
  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  it('sends what a committed transaction queued through SMTP_URL, and the mailbox shows it sent', async () => {
    await api.database.db.transaction(async (tx) => {
      await notifications.enqueueEmail({ db: tx }, verifyEmail('via-app@example.com'));
    });
    const [received] = await receiver.waitForCount(1);
    expect(received?.parsed.subject).toBe('Confirm your e-mail address');

    const client = createNotificationsClient({ baseUrl: api.serviceUrl('notifications'), getAccessToken: () => 'token' });
    // The receiver has the message a moment before the dispatcher records it: wait, up to a deadline.
    await vi.waitFor(
      async () => {
        const page = await client.listMailbox({ query: { to: 'via-app@example.com' } });
        expect(page.items).toEqual([expect.objectContaining({ status: 'sent', transport: 'smtp', attempts: 1 })]);
      },
      { timeout: 20_000, interval: 50 },
    );
  });
});
