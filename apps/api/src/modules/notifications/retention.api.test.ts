import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationsClient } from '@shop/api-client';
import type { Clock } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { dispatchDueEmails } from './dispatcher.ts';
import type { EmailTransport } from './email-transport.ts';
import { createNotificationsModule, createNotificationsService } from './index.ts';
import { defaultShopDetails } from '../../config.ts';

const notifications = createNotificationsService({ shop: defaultShopDetails() });
const DAY_MS = 24 * 60 * 60 * 1000;

let api: TestApi;
let retention: Job;
// The suite's clock: it starts now (a queued e-mail's created time is the database's) and is moved by days.
const start = Date.now();
let now = new Date(start);
const clock: Clock = { now: () => now };
const after = (days: number, minutes = 0) => (now = new Date(start + days * DAY_MS + minutes * 60_000));

/** Delivers every e-mail but two: one refused for good (a 550 from the server), one that keeps failing for now. */
const transport: EmailTransport = {
  kind: 'smtp',
  async send(email) {
    if (email.to.startsWith('bounced')) throw Object.assign(new Error('550 5.1.1 no such mailbox'), { code: 'EENVELOPE', responseCode: 550 });
    if (email.to.startsWith('waiting')) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    return { messageId: `<${email.id}@test>` };
  },
  close: () => {},
};

const queue = async (to: string) => {
  const content = notifications.renderEmail({
    subject: `For ${to}`,
    heading: 'Reset your password',
    paragraphs: ['Use the button.'],
    action: { label: 'Choose a new password', url: 'https://shop.example/identity/password/reset?token=k3J9xQ_vR2mT8pLw-4ZbN7cY1sHd6FgA0eUoIiKqWnE' },
  });
  return (await notifications.enqueueEmail({ db: api.database.db }, { to, template: 'test.retention', ...content })).id;
};

const admin = () => createNotificationsClient({ baseUrl: api.serviceUrl('notifications'), getAccessToken: () => 'admin' });
const mailbox = (id: string) => admin().getMailboxEmail({ params: { emailId: id } });
const clearBatch = async () => (await retention.runOnce({ db: api.database.db, clock, log: api.app.log })).claimed;

beforeAll(async () => {
  api = await startTestApi({ clock, authenticate: async () => ({ userId: 'u-admin', roles: ['admin'] }) });
  // The job as the module declares it to the runner, with the setting's default.
  retention = createNotificationsModule({ notifications }).jobs!(api.app).find((job) => job.name === 'email-body-retention')!;
});
afterAll(() => api.close());

describe('the outbox keeps e-mail bodies only as long as needed', () => {
  it('clears a sent or given-up e-mail 30 days after, keeps one not yet sent, and keeps the row for the mailbox', async () => {
    expect(api.config.mail.bodyRetentionDays).toBe(30);
    expect(retention).toMatchObject({ everyMs: 60 * 60 * 1000 });
    const sent = await queue('sent@example.com');
    const bounced = await queue('bounced@example.com');
    const waiting = await queue('waiting@example.com');
    expect(await dispatchDueEmails(api.database.db, transport, clock)).toMatchObject({ sent: 1, failed: 1, retrying: 1 });
    after(20);
    const recent = await queue('recent@example.com');
    expect(await dispatchDueEmails(api.database.db, transport, clock)).toMatchObject({ sent: 1, retrying: 1 });

    after(29, 23 * 60 + 59);
    expect(await clearBatch()).toBe(0);
    after(30, 1);
    expect(await clearBatch()).toBe(2);
    const cleared = await mailbox(sent);
    expect(cleared).toMatchObject({
      status: 'sent',
      to: 'sent@example.com',
      subject: 'For sent@example.com',
      html: '',
      text: '',
      bodiesClearedAt: now.toISOString(),
    });
    expect(cleared.oneTimeLinks.count).toBe(0);
    expect(await mailbox(bounced)).toMatchObject({ status: 'failed', html: '', text: '', bodiesClearedAt: now.toISOString() });
    for (const kept of [waiting, recent]) expect((await mailbox(kept)).bodiesClearedAt).toBeNull();
    const listed = await admin().listMailbox({ query: { to: 'sent@example.com' } });
    expect(listed.items.map((item) => item.bodiesClearedAt)).toEqual([now.toISOString()]);

    after(50, 1);
    expect(await clearBatch()).toBe(1);
    expect(await mailbox(recent)).toMatchObject({ html: '', text: '' });
    expect(await clearBatch()).toBe(0);

    // Still trying to send it, a year on: its bodies are what will be sent.
    after(400);
    expect(await clearBatch()).toBe(0);
    const stillWaiting = await mailbox(waiting);
    expect(stillWaiting).toMatchObject({ status: 'pending', bodiesClearedAt: null });
    expect(stillWaiting.text).toContain('Reset your password');
  });
});
