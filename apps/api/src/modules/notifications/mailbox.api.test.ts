import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNotificationsClient, type ApiError, type NotificationsClient } from '@shop/api-client';
import type { Role } from '@shop/contracts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createNotificationsService, readOutbox } from './notifications.service.ts';
import { defaultShopDetails } from '../../config.ts';

const notifications = createNotificationsService({ shop: defaultShopDetails() });

let api: TestApi;
const ids: string[] = [];

/** Tokens are role names here: `startTestApi`'s `authenticate` stands in for real sign-in. */
const as = (token?: Role | 'unknown'): NotificationsClient =>
  createNotificationsClient({ baseUrl: api.serviceUrl('notifications'), getAccessToken: () => token });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: ApiError) => error,
  );

beforeAll(async () => {
  api = await startTestApi({
    // As with SMTP or in production: staff never see a link that acts for its recipient.
    env: { JOBS: 'email-outbox', MAILBOX_ONE_TIME_LINKS: 'hidden' },
    authenticate: async (authorization) => {
      const token = authorization.replace(/^Bearer /, '');
      return token === 'unknown' ? null : { userId: `u-${token}`, roles: [token as Role] };
    },
  });
  // 25 e-mails, one statement each so each has its own created_at: 12 to Ann, 13 to Bob.
  for (let i = 0; i < 25; i++) {
    const to = i % 2 === 0 ? 'Ann@Example.com' : 'bob@example.com';
    const content = notifications.renderEmail({ subject: `Message ${i}`, heading: `Message ${i}`, paragraphs: [`Body of message ${i}.`] });
    ids.push((await notifications.enqueueEmail({ db: api.database.db }, { to, template: 'test.numbered', ...content })).id);
  }
});
afterAll(() => api.close());

describe('staff mailbox', () => {
  it('without SMTP, the running API delivers every queued e-mail to the mailbox', async () => {
    // The dispatcher polls on its own schedule: wait, up to a deadline, for all 25 to be sent.
    const page = await vi.waitFor(
      async () => {
        const current = await as('admin').listMailbox({ query: { pageSize: 100 } });
        expect(current.items.map((item) => item.status)).toEqual(Array(25).fill('sent'));
        return current;
      },
      { timeout: 20_000, interval: 50 },
    );
    for (const item of page.items) expect(item).toMatchObject({ status: 'sent', transport: 'mailbox', attempts: 1, lastError: null });
    expect(page.items.every((item) => item.sentAt !== null)).toBe(true);
  });

  it('lists newest first, paged, with totals; pages neither overlap nor skip', async () => {
    const pages = [];
    for (let pageNumber = 1; pageNumber <= 3; pageNumber++) {
      pages.push(await as('admin').listMailbox({ query: { pageSize: 10, pageNumber } }));
    }
    expect(pages.map(({ pageNumber, pageSize, totalCount, totalPages }) => ({ pageNumber, pageSize, totalCount, totalPages }))).toEqual(
      [1, 2, 3].map((pageNumber) => ({ pageNumber, pageSize: 10, totalCount: 25, totalPages: 3 })),
    );
    expect(pages.map((page) => page.items.length)).toEqual([10, 10, 5]);
    const items = pages.flatMap((page) => page.items);
    expect(new Set(items.map((item) => item.id))).toEqual(new Set(ids));
    // Newest first. E-mails queued in the same instant share a created time; their order is still
    // fixed (by id), which is what keeps the pages from overlapping.
    const created = items.map((item) => Date.parse(item.createdAt));
    expect(created).toEqual(created.toSorted((a, b) => b - a));
    expect(items.at(0)?.createdAt).toBe(items.find((item) => item.id === ids[24])?.createdAt);
    expect(items.at(-1)?.createdAt).toBe(items.find((item) => item.id === ids[0])?.createdAt);
    expect(items[0]).toMatchObject({ template: 'test.numbered' });
    expect(items[0]).not.toHaveProperty('html');

    const beyond = await as('admin').listMailbox({ query: { pageSize: 10, pageNumber: 4 } });
    expect(beyond).toMatchObject({ items: [], totalCount: 25, totalPages: 3 });
  });

  it('filters by recipient, ignoring letter case', async () => {
    const page = await as('admin').listMailbox({ query: { to: 'ann@example.COM', pageSize: 100 } });
    expect(page.totalCount).toBe(13);
    expect(page.items.every((item) => item.to === 'Ann@Example.com')).toBe(true);
    expect((await as('admin').listMailbox({ query: { to: 'nobody@example.com' } })).totalCount).toBe(0);
  });

  it('shows one e-mail with its HTML and plain text', async () => {
    const email = await as('admin').getMailboxEmail({ params: { emailId: ids[3]! } });
    const [stored] = (await readOutbox(api.database.db, { to: 'bob@example.com' })).filter((row) => row.id === ids[3]);
    expect(email).toMatchObject({ id: ids[3], subject: 'Message 3', to: 'bob@example.com', html: stored?.html, text: stored?.text });
    expect(email.text).toContain('Body of message 3.');
    expect(email.messageId).toBe(`<${ids[3]}@plumbline.example>`);
  });

  it('hides the links that act for the recipient, in the button, the address under it and the plain text', async () => {
    const reset = 'https://shop.example/identity/password/reset?token=k3J9xQ_vR2mT8pLw-4ZbN7cY1sHd6FgA0eUoIiKqWnE';
    const erasure = 'https://shop.example/help/contact/confirm-deletion/XqvTbLpRksWmyHcZadQwErTy';
    const content = notifications.renderEmail({
      subject: 'Two links',
      heading: 'Two links',
      paragraphs: ['One resets a password, one confirms an erasure.'],
      actions: [
        { label: 'Choose a new password', url: reset },
        { label: 'Confirm the request', url: erasure },
      ],
    });
    const { id } = await notifications.enqueueEmail({ db: api.database.db }, { to: 'cat@example.com', template: 'test.links', ...content });
    const email = await as('admin').getMailboxEmail({ params: { emailId: id } });
    expect(email.oneTimeLinks).toEqual({ count: 2, shown: false });
    for (const body of [email.html, email.text]) {
      expect(body).not.toMatch(/token=|confirm-deletion/);
      expect(body).toContain('[one-time link hidden]');
    }
    expect(email.html).toContain('>Choose a new password</a>');
    // The outbox still sends them as they were written.
    const [stored] = await readOutbox(api.database.db, { to: 'cat@example.com' });
    expect(stored!.text).toContain(reset);
    // Without SMTP outside production (MAILBOX_ONE_TIME_LINKS=shown) the mailbox is the delivery: shown, and counted.
    expect(await notifications.getMailboxEmail({ db: api.database.db }, id, 'shown')).toMatchObject({
      text: stored!.text,
      oneTimeLinks: { count: 2, shown: true },
    });
  });

  it('answers 404 EMAIL_NOT_FOUND for an unknown id and 400 for one that is not a uuid', async () => {
    const missing = await failure(as('admin').getMailboxEmail({ params: { emailId: '00000000-0000-4000-8000-000000000000' } }));
    expect(missing.status).toBe(404);
    expect(missing.code).toBe('EMAIL_NOT_FOUND');
    const malformed = await failure(as('admin').getMailboxEmail({ params: { emailId: 'not-an-id' } }));
    expect(malformed.status).toBe(400);
    expect(malformed.code).toBe('VALIDATION_FAILED');
  });

  it('refuses page sizes outside 1–100 and page numbers below 1, naming the field', async () => {
    for (const query of [{ pageSize: 0 }, { pageSize: 101 }, { pageNumber: 0 }]) {
      const error = await failure(as('admin').listMailbox({ query }));
      expect(error.status).toBe(400);
      const problem = error.data as { code: string; errors: { path: string }[] };
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors.map((item) => item.path)).toEqual([`query.${Object.keys(query)[0]}`]);
    }
  });

  // Reset and verification links are in these e-mails: only admins may read them.
  it('is for admins only: 401 anonymous, 403 other roles', async () => {
    expect((await failure(as().listMailbox())).status).toBe(401);
    expect((await failure(as('unknown').listMailbox())).status).toBe(401);
    expect((await failure(as().getMailboxEmail({ params: { emailId: ids[0]! } }))).status).toBe(401);
    for (const role of ['shopper', 'trade', 'content-editor', 'review-moderator', 'order-admin'] as const) {
      const error = await failure(as(role).listMailbox());
      expect(error.status).toBe(403);
      expect(error.code).toBe('FORBIDDEN');
      expect((await failure(as(role).getMailboxEmail({ params: { emailId: ids[0]! } }))).status).toBe(403);
    }
    expect((await as('admin').getMailboxEmail({ params: { emailId: ids[0]! } })).id).toBe(ids[0]);
  });
});
