import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import { countStatements } from '../../testing/statement-counter.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { backoffMs, defaultDispatchPolicy, dispatchDueEmails } from './dispatcher.ts';
import { createMailboxTransport, type EmailTransport, type OutgoingEmail } from './email-transport.ts';
import { createNotificationsService, readOutbox } from './notifications.service.ts';
import { claimDueEmails, markSent } from './notifications.repository.ts';
import { emailOutbox } from './notifications.tables.ts';
import { defaultShopDetails } from '../../config.ts';

const notifications = createNotificationsService({ shop: defaultShopDetails() });

let database: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());
beforeEach(async () => {
  await db.delete(emailOutbox);
});

const FROM = 'Plumbline <no-reply@plumbline.example>';
const start = Date.now();
/** A clock `offsetMs` after the start of the suite. */
const at = (offsetMs: number): Clock => ({ now: () => new Date(start + offsetMs) });

const message = (to: string, extra: { dedupeKey?: string } = {}) => ({
  to,
  template: 'test.hello',
  ...notifications.renderEmail({ subject: `Hello ${to}`, heading: 'Hello', paragraphs: ['A test message.'] }),
  ...extra,
});

/** A transport that records what it was asked to send, and fails while `failing` is set. */
function recordingTransport(options: { failing?: () => Error | null; delayMs?: number } = {}) {
  const sent: OutgoingEmail[] = [];
  const transport: EmailTransport = {
    kind: 'smtp',
    async send(email) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const failure = options.failing?.();
      if (failure) throw failure;
      sent.push(email);
      return { messageId: `<${email.id}@test>` };
    },
    close: () => {},
  };
  return { transport, sent };
}

describe('enqueueEmail', () => {
  it('queues a pending e-mail, due at once', async () => {
    const { id } = await notifications.enqueueEmail({ db }, message('ann@example.com'));
    const [row] = await readOutbox(db, { to: 'ann@example.com' });
    expect(row).toMatchObject({ id, to: 'ann@example.com', subject: 'Hello ann@example.com', template: 'test.hello', status: 'pending', attempts: 0 });
  });

  it('queues nothing when the transaction that caused the e-mail rolls back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await notifications.enqueueEmail({ db: tx }, message('rolled@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await readOutbox(db)).toEqual([]);
  });

  it('queues with the transaction that commits, and is not sent before commit', async () => {
    const { transport, sent } = recordingTransport();
    const claimedBeforeCommit = await db.transaction(async (tx) => {
      await notifications.enqueueEmail({ db: tx }, message('committed@example.com'));
      // PGlite has one connection, so a concurrent pass would wait for the commit; on PostgreSQL
      // another connection's pass runs now and must see nothing.
      return database.kind === 'postgres' ? (await dispatchDueEmails(db, transport, at(1000))).claimed : 0;
    });
    expect(claimedBeforeCommit).toBe(0);
    await dispatchDueEmails(db, transport, at(1000));
    expect(sent.map((email) => email.to)).toEqual(['committed@example.com']);
  });

  it('is idempotent by dedupe key: the same key twice queues one e-mail', async () => {
    const first = await notifications.enqueueEmail({ db }, message('dup@example.com', { dedupeKey: 'verify:user-1:1' }));
    const second = await notifications.enqueueEmail({ db }, message('dup@example.com', { dedupeKey: 'verify:user-1:1' }));
    const other = await notifications.enqueueEmail({ db }, message('dup@example.com', { dedupeKey: 'verify:user-1:2' }));
    expect(second.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    expect(await readOutbox(db, { to: 'dup@example.com' })).toHaveLength(2);
  });

  it('keeps the dedupe key after the e-mail is sent, so a later enqueue does not send it again', async () => {
    const { transport, sent } = recordingTransport();
    const first = await notifications.enqueueEmail({ db }, message('once@example.com', { dedupeKey: 'order-confirmation:42' }));
    await dispatchDueEmails(db, transport, at(1000));
    const again = await notifications.enqueueEmail({ db }, message('once@example.com', { dedupeKey: 'order-confirmation:42' }));
    await dispatchDueEmails(db, transport, at(2000));
    expect(again.id).toBe(first.id);
    expect(sent).toHaveLength(1);
  });

  it('refuses what is not one plain address (header injection) and empty keys', async () => {
    for (const to of ['not-an-address', 'a@b.example\r\nBcc: victim@example.com', 'a@b.example, c@d.example', 'Ann <a@b.example>']) {
      await expect(notifications.enqueueEmail({ db }, message(to))).rejects.toThrow('not a single e-mail address');
    }
    await expect(notifications.enqueueEmail({ db }, message('a@b.example', { dedupeKey: '' }))).rejects.toThrow('empty dedupe key');
    await expect(notifications.enqueueEmail({ db }, { ...message('a@b.example'), subject: 'Line one\r\nBcc: x@y.example' })).resolves.toBeTruthy();
    const [row] = await readOutbox(db);
    expect(row?.subject).toBe('Line one Bcc: x@y.example');
  });
});

describe('dispatchDueEmails', () => {
  it('delivers to the staff mailbox when no SMTP server is configured', async () => {
    const { id } = await notifications.enqueueEmail({ db }, message('mailbox@example.com'));
    const result = await dispatchDueEmails(db, createMailboxTransport({ from: FROM }), at(1000));
    expect(result).toEqual({ claimed: 1, sent: 1, retrying: 0, failed: 0 });
    const [row] = await readOutbox(db, { to: 'mailbox@example.com' });
    expect(row).toMatchObject({ id, status: 'sent', transport: 'mailbox', attempts: 1, messageId: `<${id}@plumbline.example>`, lockedUntil: null });
    expect(row?.sentAt?.getTime()).toBe(start + 1000);
  });

  it('records a pass in two statements however many it sends: the claim, then what went, each with its own id', async () => {
    for (let i = 0; i < 6; i++) await notifications.enqueueEmail({ db }, message(`pass${i}@example.com`));
    const { transport } = recordingTransport({ failing: () => null });
    const counter = countStatements(database);
    try {
      expect(await dispatchDueEmails(db, transport, at(1000))).toEqual({ claimed: 6, sent: 6, retrying: 0, failed: 0 });
      expect(counter.take()).toHaveLength(2);
    } finally {
      counter.stop();
    }
    const rows = await readOutbox(db);
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row).toMatchObject({ status: 'sent', attempts: 1, transport: 'smtp', messageId: `<${row.id}@test>`, lockedUntil: null });
  });

  it('records those sent when others in the same pass fail', async () => {
    for (const to of ['fine1@example.com', 'bounce@example.com', 'fine2@example.com']) await notifications.enqueueEmail({ db }, message(to));
    const sending: string[] = [];
    const transport: EmailTransport = {
      kind: 'smtp',
      async send(email) {
        sending.push(email.to);
        if (email.to === 'bounce@example.com') throw new Error('connect ECONNRESET');
        return { messageId: `<${email.id}@test>` };
      },
      close: () => {},
    };
    expect(await dispatchDueEmails(db, transport, at(1000))).toEqual({ claimed: 3, sent: 2, retrying: 1, failed: 0 });
    const status = Object.fromEntries((await readOutbox(db)).map((row) => [row.to, row.status]));
    expect(status).toEqual({ 'fine1@example.com': 'sent', 'bounce@example.com': 'pending', 'fine2@example.com': 'sent' });
  });

  it('never sends an e-mail twice when passes run concurrently', async () => {
    for (let i = 0; i < 30; i++) await notifications.enqueueEmail({ db }, message(`many${i}@example.com`));
    const { transport, sent } = recordingTransport({ delayMs: 5 });
    const passes = await Promise.all(Array.from({ length: 4 }, () => dispatchDueEmails(db, transport, at(1000), { batchSize: 10 })));
    // Passes keep going until the outbox is empty, as the running dispatcher does.
    while ((await dispatchDueEmails(db, transport, at(1000))).claimed > 0);
    expect(passes.reduce((sum, pass) => sum + pass.sent, 0)).toBeGreaterThan(0);
    expect(sent).toHaveLength(30);
    expect(new Set(sent.map((email) => email.id)).size).toBe(30);
    expect((await readOutbox(db)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('retries with exponential backoff, keeping the error, then delivers once the server is back', async () => {
    let down = true;
    const { transport, sent } = recordingTransport({ failing: () => (down ? new Error('connect ECONNREFUSED 127.0.0.1:2525') : null) });
    await notifications.enqueueEmail({ db }, message('retry@example.com'));

    expect(await dispatchDueEmails(db, transport, at(0))).toMatchObject({ claimed: 1, retrying: 1 });
    let [row] = await readOutbox(db);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:2525', transport: 'smtp' });
    expect(row?.nextAttemptAt?.getTime()).toBe(start + 30_000);

    // Not due before its time.
    expect((await dispatchDueEmails(db, transport, at(29_999))).claimed).toBe(0);
    expect(await dispatchDueEmails(db, transport, at(30_000))).toMatchObject({ claimed: 1, retrying: 1 });
    [row] = await readOutbox(db);
    expect(row?.nextAttemptAt?.getTime()).toBe(start + 30_000 + 60_000);

    down = false;
    expect((await dispatchDueEmails(db, transport, at(89_999))).claimed).toBe(0);
    expect(await dispatchDueEmails(db, transport, at(90_000))).toMatchObject({ claimed: 1, sent: 1 });
    [row] = await readOutbox(db);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(sent).toHaveLength(1);
    expect(await dispatchDueEmails(db, transport, at(10 * 3_600_000))).toMatchObject({ claimed: 0 });
  });

  it('gives up as failed after the last attempt, with the error kept', async () => {
    const { transport } = recordingTransport({ failing: () => new Error('421 try later') });
    await notifications.enqueueEmail({ db }, message('doomed@example.com'));
    let now = 0;
    for (let attempt = 1; attempt <= 3; attempt++) {
      await dispatchDueEmails(db, transport, at(now), { maxAttempts: 3 });
      now += backoffMs(attempt);
    }
    const [row] = await readOutbox(db);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: '421 try later' });
    expect(await dispatchDueEmails(db, transport, at(now + 86_400_000), { maxAttempts: 3 })).toMatchObject({ claimed: 0 });
  });

  it('gives up at once when the server refuses the recipient for good (5xx)', async () => {
    const refusal = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 No such user"), {
      code: 'EENVELOPE',
      responseCode: 550,
    });
    const { transport } = recordingTransport({ failing: () => refusal });
    await notifications.enqueueEmail({ db }, message('nobody@example.com'));
    expect(await dispatchDueEmails(db, transport, at(0))).toMatchObject({ failed: 1 });
    expect((await readOutbox(db))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('retries a row whose sender crashed once its lease expires; the stale sender cannot mark it', async () => {
    const { transport, sent } = recordingTransport();
    await notifications.enqueueEmail({ db }, message('crash@example.com'));
    // A sender claims the row and dies before recording anything.
    const [stale] = await claimDueEmails(db, at(0).now(), defaultDispatchPolicy.leaseMs, 10);
    expect(stale).toMatchObject({ status: 'sending', attempts: 1 });

    expect((await dispatchDueEmails(db, transport, at(defaultDispatchPolicy.leaseMs - 1))).claimed).toBe(0);
    expect(await dispatchDueEmails(db, transport, at(defaultDispatchPolicy.leaseMs))).toMatchObject({ claimed: 1, sent: 1 });
    expect(sent).toHaveLength(1);

    // The crashed sender wakes up late: its claim is gone, so it changes nothing.
    expect(await markSent(db, [{ claim: stale!, messageId: 'stale' }], { transport: 'smtp', sentAt: new Date() })).toEqual(new Set());
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, stale!.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, messageId: `<${stale!.id}@test>` });
  });
});

describe('backoffMs', () => {
  it('doubles from 30 s and stops at an hour', () => {
    expect([1, 2, 3, 4, 8, 9, 20].map((attempts) => backoffMs(attempts))).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000]);
  });
});
