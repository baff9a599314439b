import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAccountsClient, type AccountsClient } from '@shop/api-client';
import type { Role } from '@shop/contracts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { newsletterSubscriptions } from './accounts.tables.ts';
import { pruneUnconfirmed } from './newsletter.ts';

/**
 * The newsletter's double opt-in (decision 0044), through real HTTP on a real database: sign-up,
 * the one e-mail it sends, confirming and unsubscribing by the e-mailed links, the staff list and
 * export. The clock is the test's, so windows and expiry are moved through, never waited for.
 */

let api: TestApi;
let now = new Date('2026-11-25T10:00:00Z');
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};
let visitors = 0;

/** Each test signs up from its own address (the sign-up is limited per client); tokens are role names. */
const client = (token?: Role): AccountsClient =>
  createAccountsClient({
    baseUrl: api.serviceUrl('accounts'),
    headers: { 'x-forwarded-for': `198.51.100.${(visitors += 1) % 250}` },
    getAccessToken: () => token,
  });

const rowsFor = (emailKey: string) => api.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.emailKey, emailKey));
const mailsTo = (to: string, template = 'accounts.newsletter-confirm') => readOutbox(api.database.db, { to, template });
const linkIn = (text: string, kind: 'confirm' | 'unsubscribe') => {
  const link = new RegExp(`https?://\\S+/newsletter/${kind}\\?token=([\\w-]+)`).exec(text);
  expect(link, `the ${kind} link`).not.toBeNull();
  return { url: link![0], token: decodeURIComponent(link![1]!) };
};
/** The links of the newest confirmation e-mail to an address. */
async function linksFor(to: string) {
  const [mail] = await mailsTo(to);
  expect(mail, `a confirmation e-mail to ${to}`).toBeDefined();
  return { confirm: linkIn(mail!.text, 'confirm').token, unsubscribe: linkIn(mail!.text, 'unsubscribe').token, mail: mail! };
}

beforeAll(async () => {
  api = await startTestApi({
    clock: { now: () => now },
    authenticate: async (authorization) => {
      const role = authorization.replace(/^Bearer /, '') as Role;
      return { userId: `u-${role}`, roles: [role] };
    },
  });
});
afterAll(() => api?.close());

describe('signing up', () => {
  it('stores one pending subscription and e-mails a confirmation link and an unsubscribe link', async () => {
    const answer = await client().signUpForNewsletter({ body: { email: '  Sam.Jones+Bath@Example.co.uk ', source: 'footer' } });
    expect(answer).toEqual({ sentTo: 'Sam.Jones+Bath@Example.co.uk' });
    const rows = await rowsFor('sam.jones+bath@example.co.uk');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'Sam.Jones+Bath@Example.co.uk', status: 'pending', source: 'footer', confirmedAt: null });

    const { mail, confirm } = await linksFor('Sam.Jones+Bath@Example.co.uk');
    expect(mail.subject).toBe('Confirm your subscription to the Plumbline newsletter');
    expect(mail.text).toContain(`${api.config.publicUrl}/newsletter/confirm?token=`);
    expect(mail.text).toContain(`${api.config.publicUrl}/newsletter/unsubscribe?token=`);
    // Only a digest of the confirmation token is stored.
    expect(JSON.stringify(rows[0])).not.toContain(confirm);
  });

  it('answers exactly the same for a new, a waiting, a subscribed and an unsubscribed address', async () => {
    const signUp = async (email: string) => {
      const response = await fetch(`${api.serviceUrl('accounts')}/api/Newsletters`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${(visitors += 1) % 250}` },
        body: JSON.stringify({ email }),
      });
      return { status: response.status, body: await response.json() };
    };
    await client().signUpForNewsletter({ body: { email: 'kept@example.com' } });
    await client().confirmNewsletter({ params: { token: (await linksFor('kept@example.com')).confirm } });
    await client().signUpForNewsletter({ body: { email: 'gone@example.com' } });
    await client().unsubscribeNewsletter({ params: { token: (await linksFor('gone@example.com')).unsubscribe } });
    await client().signUpForNewsletter({ body: { email: 'waiting@example.com' } });

    for (const email of ['new@example.com', 'waiting@example.com', 'kept@example.com', 'gone@example.com']) {
      expect(await signUp(email)).toEqual({ status: 202, body: { sentTo: email } });
    }
  });

  it('sends one confirmation within ten minutes however often the address signs up, then a new link that replaces the old', async () => {
    for (let i = 0; i < 3; i++) await client().signUpForNewsletter({ body: { email: 'Again@example.com' } });
    later(5);
    await client().signUpForNewsletter({ body: { email: 'again@EXAMPLE.com' } });
    expect(await rowsFor('again@example.com')).toHaveLength(1);
    expect(await mailsTo('Again@example.com')).toHaveLength(1);
    const first = await linksFor('Again@example.com');

    later(6);
    await client().signUpForNewsletter({ body: { email: 'again@example.com' } });
    const mails = await mailsTo('again@example.com');
    expect(mails).toHaveLength(2);
    const second = linkIn(mails[0]!.text, 'confirm').token;
    expect(second).not.toBe(first.confirm);
    expect(linkIn(mails[0]!.text, 'unsubscribe').token).toBe(first.unsubscribe);
    expect(await failure(client().confirmNewsletter({ params: { token: first.confirm } }))).toMatchObject({ status: 404, code: 'NEWSLETTER_LINK_INVALID' });
    expect(await client().confirmNewsletter({ params: { token: second } })).toMatchObject({ email: 'again@example.com', status: 'confirmed' });
    expect(await rowsFor('again@example.com')).toHaveLength(1);
  });

  it('tells a subscriber who signs up again by e-mail (once per window), and changes nothing else', async () => {
    await client().signUpForNewsletter({ body: { email: 'loyal@example.com' } });
    await client().confirmNewsletter({ params: { token: (await linksFor('loyal@example.com')).confirm } });
    later(11);
    await client().signUpForNewsletter({ body: { email: 'loyal@example.com' } });
    await client().signUpForNewsletter({ body: { email: 'loyal@example.com' } });
    const notices = await mailsTo('loyal@example.com', 'accounts.newsletter-already-subscribed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('already gets it');
    linkIn(notices[0]!.text, 'unsubscribe');
    expect(await rowsFor('loyal@example.com')).toMatchObject([{ status: 'confirmed' }]);
  });

  it('two identical sign-ups at the same moment make one row and one e-mail', async () => {
    for (let round = 0; round < 5; round++) {
      const email = `race-${round}@example.com`;
      const answers = await Promise.all([client().signUpForNewsletter({ body: { email } }), client().signUpForNewsletter({ body: { email } })]);
      expect(answers).toEqual([{ sentTo: email }, { sentTo: email }]);
      expect(await rowsFor(email)).toHaveLength(1);
      expect(await mailsTo(email)).toHaveLength(1);
    }
  });

  it.each([
    ['no address', {}, 'VALIDATION_FAILED', 'Enter your email address'],
    ['an empty address', { email: '' }, 'VALIDATION_FAILED', 'Enter your email address'],
    ['only spaces', { email: '   ' }, 'VALIDATION_FAILED', 'Enter your email address'],
    ['not text', { email: 42 }, 'VALIDATION_FAILED', 'Enter your email address'],
    ['no @', { email: 'sam.example.com' }, 'VALIDATION_FAILED', 'Enter an email address in the correct format, like name@example.com'],
    ['no dot in the domain', { email: 'sam@example' }, 'VALIDATION_FAILED', 'Enter an email address in the correct format, like name@example.com'],
    ['a space inside', { email: 'sam jones@example.com' }, 'VALIDATION_FAILED', 'Enter an email address in the correct format, like name@example.com'],
    ['too long', { email: `${'a'.repeat(243)}@example.com` }, 'VALIDATION_FAILED', 'Email address must be 254 characters or fewer'],
    ['two addresses', { email: 'sam,pat@example.com' }, 'NEWSLETTER_EMAIL_INVALID', 'Enter an email address in the correct format, like name@example.com'],
    ['an unknown source', { email: 'sam@example.com', source: 'popup' }, 'VALIDATION_FAILED', '“source” must be one of: footer, newsletter-page'],
  ])('refuses %s with a plain message and stores nothing', async (_, body, code, message) => {
    const before = await api.database.db.select().from(newsletterSubscriptions);
    const error = await failure(client().signUpForNewsletter({ body: body as never }));
    expect(error.status).toBe(400);
    const problem = error.data as { code: string; detail: string; errors: { path: string; message: string }[] };
    expect(problem.code).toBe(code);
    expect(problem.errors[0]!.message).toBe(message);
    expect(problem.errors[0]!.path).toMatch(/^body\.(email|source)$/);
    expect(await api.database.db.select().from(newsletterSubscriptions)).toHaveLength(before.length);
  });

  it('refuses a body that is not a JSON object, in words', async () => {
    const response = await fetch(`${api.serviceUrl('accounts')}/api/Newsletters`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
      body: '"sam@example.com"',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ message: 'Send the details as a JSON object' }] });
  });

  it('limits sign-ups per client', async () => {
    const visitor = createAccountsClient({ baseUrl: api.serviceUrl('accounts'), headers: { 'x-forwarded-for': '192.0.2.99' } });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        await visitor.signUpForNewsletter({ body: { email: `bulk-${i}@example.com` } }).then(
          () => 202,
          (error: { status: number }) => error.status,
        ),
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
  });
});

describe('confirming', () => {
  it('shows the subscription without changing it, then confirms it once; a second time is fine', async () => {
    await client().signUpForNewsletter({ body: { email: 'confirm@example.com', source: 'newsletter-page' } });
    const { confirm } = await linksFor('confirm@example.com');
    expect(await client().getNewsletterConfirmation({ params: { token: confirm } })).toEqual({
      email: 'confirm@example.com',
      status: 'pending',
      confirmedAt: null,
      unsubscribedAt: null,
    });
    expect(await rowsFor('confirm@example.com')).toMatchObject([{ status: 'pending' }]);
    const confirmed = await client().confirmNewsletter({ params: { token: confirm } });
    expect(confirmed).toEqual({ email: 'confirm@example.com', status: 'confirmed', confirmedAt: now.toISOString(), unsubscribedAt: null });
    later(1);
    expect(await client().confirmNewsletter({ params: { token: confirm } })).toEqual(confirmed);
  });

  it('refuses an unknown link (404) and a link older than 7 days (410); signing up again gives a link that works', async () => {
    for (const token of ['not-a-real-token', 'x'.repeat(100)]) {
      expect(await failure(client().getNewsletterConfirmation({ params: { token } }))).toMatchObject({ status: 404, code: 'NEWSLETTER_LINK_INVALID' });
      expect(await failure(client().confirmNewsletter({ params: { token } }))).toMatchObject({ status: 404, code: 'NEWSLETTER_LINK_INVALID' });
    }
    await client().signUpForNewsletter({ body: { email: 'late@example.com' } });
    const old = await linksFor('late@example.com');
    later(7 * 24 * 60 + 1);
    const expired = await failure(client().confirmNewsletter({ params: { token: old.confirm } }));
    expect(expired).toMatchObject({ status: 410, code: 'NEWSLETTER_LINK_EXPIRED' });
    expect(expired.message).toContain('Sign up again');
    expect(await failure(client().getNewsletterConfirmation({ params: { token: old.confirm } }))).toMatchObject({ status: 410 });
    expect(await rowsFor('late@example.com')).toMatchObject([{ status: 'pending' }]);

    await client().signUpForNewsletter({ body: { email: 'late@example.com' } });
    const fresh = await linksFor('late@example.com');
    expect(await client().confirmNewsletter({ params: { token: fresh.confirm } })).toMatchObject({ status: 'confirmed' });
  });
});

describe('unsubscribing', () => {
  it('reading the link changes nothing; posting it unsubscribes; the confirmation link cannot undo it; signing up again asks again', async () => {
    await client().signUpForNewsletter({ body: { email: 'leaver@example.com' } });
    const links = await linksFor('leaver@example.com');
    await client().confirmNewsletter({ params: { token: links.confirm } });
    expect(await client().getNewsletterUnsubscribe({ params: { token: links.unsubscribe } })).toMatchObject({ status: 'confirmed' });
    expect(await rowsFor('leaver@example.com')).toMatchObject([{ status: 'confirmed' }]);

    const left = await client().unsubscribeNewsletter({ params: { token: links.unsubscribe } });
    expect(left).toMatchObject({ email: 'leaver@example.com', status: 'unsubscribed', unsubscribedAt: now.toISOString() });
    later(1);
    expect(await client().unsubscribeNewsletter({ params: { token: links.unsubscribe } })).toEqual(left);
    expect(await client().confirmNewsletter({ params: { token: links.confirm } })).toMatchObject({ status: 'unsubscribed' });

    later(11);
    await client().signUpForNewsletter({ body: { email: 'leaver@example.com' } });
    expect(await rowsFor('leaver@example.com')).toMatchObject([{ status: 'pending', unsubscribedAt: null, confirmedAt: null }]);
    const again = await linksFor('leaver@example.com');
    expect(again.confirm).not.toBe(links.confirm);
    expect(await client().confirmNewsletter({ params: { token: again.confirm } })).toMatchObject({ status: 'confirmed' });
  });

  it('works before confirming too (“it was not me”), and refuses an unknown link', async () => {
    await client().signUpForNewsletter({ body: { email: 'notme@example.com' } });
    const links = await linksFor('notme@example.com');
    expect(await client().unsubscribeNewsletter({ params: { token: links.unsubscribe } })).toMatchObject({ status: 'unsubscribed' });
    expect(await client().confirmNewsletter({ params: { token: links.confirm } })).toMatchObject({ status: 'unsubscribed' });
    expect(await failure(client().unsubscribeNewsletter({ params: { token: 'nope' } }))).toMatchObject({ status: 404, code: 'NEWSLETTER_LINK_INVALID' });
    expect(await failure(client().getNewsletterUnsubscribe({ params: { token: 'nope' } }))).toMatchObject({ status: 404, code: 'NEWSLETTER_LINK_INVALID' });
  });
});

describe.runIf(process.env.TEST_DATABASE === 'postgres')('links opened while the subscription is being changed', () => {
  it('show the subscription without waiting: only the button that changes it takes the row', async () => {
    await client().signUpForNewsletter({ body: { email: 'busy@example.com' } });
    const links = await linksFor('busy@example.com');
    // A confirmation in progress holds the row; a mail scanner opening both links meanwhile is answered at once.
    // Were the pages to lock the row too, they would wait for this transaction, which waits for them: the test would time out.
    await api.database.db.transaction(async (tx) => {
      await tx.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.emailKey, 'busy@example.com')).for('update');
      expect(await client().getNewsletterConfirmation({ params: { token: links.confirm } })).toMatchObject({ status: 'pending' });
      expect(await client().getNewsletterUnsubscribe({ params: { token: links.unsubscribe } })).toMatchObject({ status: 'pending' });
    });
  });
});

describe('the staff list', () => {
  it('is for content editors and administrators only', async () => {
    expect((await failure(client().listNewsletterSubscribers())).status).toBe(401);
    expect((await failure(client().exportNewsletterSubscribers())).status).toBe(401);
    for (const role of ['shopper', 'trade', 'order-admin', 'review-moderator'] as const) {
      expect(await failure(client(role).listNewsletterSubscribers())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(await failure(client(role).exportNewsletterSubscribers())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    expect((await client('content-editor').listNewsletterSubscribers()).totalCount).toBeGreaterThan(0);
    expect((await client('admin').listNewsletterSubscribers()).totalCount).toBeGreaterThan(0);
  });

  it('lists newest first, by status and part of the address, paged without overlap, with each status counted', async () => {
    for (let i = 0; i < 5; i++) {
      later(1);
      await client().signUpForNewsletter({ body: { email: `paged-${i}@list.example` } });
      if (i % 2 === 0) await client().confirmNewsletter({ params: { token: (await linksFor(`paged-${i}@list.example`)).confirm } });
    }
    const staff = client('content-editor');
    const all = await staff.listNewsletterSubscribers({ query: { email: 'LIST.example', pageSize: 2 } });
    expect(all).toMatchObject({ totalCount: 5, totalPages: 3, pageNumber: 1 });
    expect(all.items.map((item) => item.email)).toEqual(['paged-4@list.example', 'paged-3@list.example']);
    const rest = [2, 3].map((pageNumber) => staff.listNewsletterSubscribers({ query: { email: 'list.example', pageSize: 2, pageNumber } }));
    const emails = [...all.items, ...(await Promise.all(rest)).flatMap((page) => page.items)].map((item) => item.email);
    expect(new Set(emails).size).toBe(5);

    const confirmed = await staff.listNewsletterSubscribers({ query: { email: 'list.example', status: 'confirmed' } });
    expect(confirmed.items.map((item) => item.email)).toEqual(['paged-4@list.example', 'paged-2@list.example', 'paged-0@list.example']);
    expect(confirmed.items[0]).toMatchObject({ status: 'confirmed', source: null, unsubscribedAt: null });
    const whole = await staff.listNewsletterSubscribers();
    expect(whole.counts.pending + whole.counts.confirmed + whole.counts.unsubscribed).toBe(whole.totalCount);
    expect(whole.counts.confirmed).toBeGreaterThanOrEqual(3);
    // `%` and `_` are matched as typed, not as patterns.
    expect((await staff.listNewsletterSubscribers({ query: { email: '%' } })).totalCount).toBe(0);
    expect(await failure(staff.listNewsletterSubscribers({ query: { status: 'sent' as never } }))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('exports only confirmed addresses', async () => {
    const exported = await client('admin').exportNewsletterSubscribers();
    const emails = exported.items.map((item) => item.email);
    expect(emails).toEqual(expect.arrayContaining(['paged-0@list.example', 'loyal@example.com']));
    expect(emails).not.toContain('paged-1@list.example');
    expect(emails).not.toContain('notme@example.com');
    const { counts } = await client('admin').listNewsletterSubscribers();
    expect(exported.items).toHaveLength(counts.confirmed);
    expect(exported.exportedAt).toBe(now.toISOString());
  });
});

describe('retention', () => {
  it('removes sign-ups never confirmed 30 days after their latest request, and keeps the rest', async () => {
    await client().signUpForNewsletter({ body: { email: 'forgotten@example.com' } });
    later(29 * 24 * 60);
    // The oldest sign-ups of the tests above go now; this one is kept until its 30 days are up.
    await pruneUnconfirmed({ db: api.database.db }, now);
    expect(await rowsFor('forgotten@example.com')).toHaveLength(1);
    const { counts: before } = await client('admin').listNewsletterSubscribers();
    later(24 * 60 + 1);
    expect(await pruneUnconfirmed({ db: api.database.db }, now)).toBe(before.pending);
    expect(await rowsFor('forgotten@example.com')).toHaveLength(0);
    const { counts: after } = await client('admin').listNewsletterSubscribers();
    expect(after).toEqual({ ...before, pending: 0 });
  });
});
