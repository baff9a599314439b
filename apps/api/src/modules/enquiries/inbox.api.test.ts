import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHelpCentreInboxClient, type HelpCentreInboxClient } from '@shop/api-client';
import type { HelpInboxPage, HelpInboxQuery, HelpRequestType } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createDeliveryService } from '../delivery/index.ts';
import { createFilesService } from '../files/index.ts';
import { samplePng } from '../files/testing.ts';
import { createNotificationsService } from '../notifications/index.ts';
import { readOutbox } from '../notifications/testing.ts';
import { recordHelpRequest } from './help-requests.ts';
import { defaultShopDetails } from '../../config.ts';

/**
 * The staff inbox and the customer's reply link on the real API. Requests are recorded as every
 * form records them (`recordHelpRequest`), at chosen times, so ages and routing times are known.
 * The demo seed's requests are there too: lists are checked for ours and counted as differences.
 */
let api: TestApi;
const actors: Record<string, Actor> = {
  olive: { userId: 'user-olive', email: 'olive@plumbline.example', name: 'Olive Orders', roles: ['order-admin'] },
  oscar: { userId: 'user-oscar', email: 'oscar@plumbline.example', name: 'Oscar Orders', roles: ['order-admin'] },
  sue: { userId: 'user-sue', email: 'sue@shopper.example', name: 'Sue Shopper', roles: ['shopper'] },
};
const staff: Record<string, HelpCentreInboxClient> = {};
let shopper: HelpCentreInboxClient;
let guest: HelpCentreInboxClient;

const DAY_MS = 86_400_000;
const PNG = samplePng();

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  for (const name of ['olive', 'oscar']) staff[name] = createHelpCentreInboxClient({ baseUrl: api.serviceUrl('help-centre'), getAccessToken: () => name });
  shopper = createHelpCentreInboxClient({ baseUrl: api.serviceUrl('help-centre'), getAccessToken: () => 'sue' });
  guest = createHelpCentreInboxClient({ baseUrl: api.serviceUrl('help-centre') });
});
afterAll(() => api?.close());

const deps = { notifications: createNotificationsService({ shop: defaultShopDetails() }), delivery: createDeliveryService() };
let serial = 0;

/** A request as a form records it, sent `daysAgo` days ago; with a photo when asked. */
async function record(type: HelpRequestType, options: { daysAgo?: number; photo?: boolean } = {}) {
  serial += 1;
  const at = new Date(Date.now() - (options.daysAgo ?? 0) * DAY_MS);
  const files = createFilesService({ settings: api.config.files });
  const photo = options.photo
    ? [
        {
          file: await files.storeUpload({ actor: null, clock: { now: () => at } }, { purpose: 'help-request', fileName: 'basin.png', bytes: PNG }),
          role: 'photo',
        },
      ]
    : [];
  const recorded = await recordHelpRequest(
    { ...deps, publicUrl: api.config.publicUrl },
    { db: api.database.db, clock: { now: () => at } },
    {
      type,
      name: `Customer ${serial}`,
      emailAddress: `customer${serial}@inbox.example`,
      customerId: null,
      summary: `Request ${serial}: <b>not bold</b>`,
      details: { question: `Question ${serial}` },
      message: `Hello, this is request ${serial}.`,
      files: photo,
      nextSteps: [],
    },
  );
  return { reference: recorded.reference, token: recorded.replyUrl.split('/').pop()!, emailAddress: `customer${serial}@inbox.example` };
}

const references = (page: HelpInboxPage) => page.items.map((item) => item.reference);
const search = (query: HelpInboxQuery = {}) => staff.olive!.searchHelpRequests({ query });

describe('the queue', () => {
  it('lists every request with its routing time, filtered by type and status, newest first', async () => {
    const old = await record('GENERAL_ENQUIRY', { daysAgo: 20 });
    const recent = await record('GENERAL_ENQUIRY');
    const other = await record('PRODUCT_QUESTION');

    const enquiries = await search({ type: 'GENERAL_ENQUIRY', status: 'new', pageSize: 100 });
    expect(references(enquiries)).toEqual(expect.arrayContaining([old.reference, recent.reference]));
    expect(references(enquiries)).not.toContain(other.reference);
    expect(enquiries.items.every((item) => item.type === 'GENERAL_ENQUIRY' && item.status === 'new')).toBe(true);
    expect(references(enquiries).indexOf(recent.reference)).toBeLessThan(references(enquiries).indexOf(old.reference));
    const oldItem = enquiries.items.find((item) => item.reference === old.reference)!;
    expect(oldItem).toMatchObject({ overdue: true, name: expect.stringMatching(/^Customer/), summary: expect.stringContaining('<b>not bold</b>') });
    expect(enquiries.items.find((item) => item.reference === recent.reference)!.overdue).toBe(false);

    const oldestFirst = await search({ type: 'GENERAL_ENQUIRY', sort: 'oldest', pageSize: 100 });
    expect(references(oldestFirst).indexOf(old.reference)).toBeLessThan(references(oldestFirst).indexOf(recent.reference));
  });

  it('filters by age, days sent and reference (whole or its start)', async () => {
    const old = await record('TRADE_ENQUIRY', { daysAgo: 12 });
    const recent = await record('TRADE_ENQUIRY');

    const older = await search({ type: 'TRADE_ENQUIRY', olderThanDays: 10, pageSize: 100 });
    expect(references(older)).toContain(old.reference);
    expect(references(older)).not.toContain(recent.reference);

    const day = new Date(Date.now() - 12 * DAY_MS).toISOString().slice(0, 10);
    const onTheDay = await search({ createdFrom: day, createdTo: day, type: 'TRADE_ENQUIRY' });
    expect(references(onTheDay)).toContain(old.reference);
    expect(references(onTheDay)).not.toContain(recent.reference);

    expect(references(await search({ reference: old.reference.toLowerCase() }))).toEqual([old.reference]);
    expect(references(await search({ reference: old.reference.slice(3) }))).toEqual([old.reference]);
    const byStart = await search({ reference: old.reference.slice(0, 5), pageSize: 100 });
    expect(references(byStart)).toContain(old.reference);
    expect(byStart.items.every((item) => item.reference.startsWith(old.reference.slice(0, 5)))).toBe(true);
  });

  it('pages, and counts the open requests past their routing time overall and per type', async () => {
    const before = await search({ type: 'CATALOGUE_REQUEST' });
    await record('CATALOGUE_REQUEST', { daysAgo: 30 });
    await record('CATALOGUE_REQUEST', { daysAgo: 31 });
    await record('CATALOGUE_REQUEST');
    const after = await search({ type: 'CATALOGUE_REQUEST', pageSize: 1, pageNumber: 2 });
    expect(after.totalCount).toBe(before.totalCount + 3);
    expect(after.items).toHaveLength(1);
    expect(after).toMatchObject({ pageNumber: 2, pageSize: 1, totalPages: after.totalCount });
    expect(after.overdue.byType.CATALOGUE_REQUEST).toBe((before.overdue.byType.CATALOGUE_REQUEST ?? 0) + 2);
    expect(after.overdue.total).toBe(before.overdue.total + 2);
    const past = await search({ pageNumber: 10_000 });
    expect(past.items).toEqual([]);
  });

  it('refuses filters it cannot use, in words', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ type: 'NOPE' }, 'Choose a request type from the list'],
      [{ status: 'open' }, 'Choose new, in progress, waiting for customer or closed'],
      [{ pageSize: '500' }, 'Show at most 100 per page'],
      [{ pageNumber: '0' }, 'Pages start at 1'],
      [{ olderThanDays: 'lots' }, 'Enter the age in days as a whole number'],
      [{ createdFrom: '24/11/2026' }, 'Enter the first day as a date, like 2026-11-24'],
      [{ reference: 'HC-<script>' }, 'Enter a reference like HC-7K3P9Q, or its first few symbols'],
      [{ sort: 'random' }, 'Sort by newest or oldest first'],
    ];
    for (const [query, message] of cases) {
      const response = await fetch(`${api.serviceUrl('help-centre')}/Staff/Help?${new URLSearchParams(query)}`, { headers: { authorization: 'Bearer olive' } });
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(((await response.json()) as { detail: string }).detail).toContain(message);
    }
    const reversed = await failure(search({ createdFrom: '2026-11-20', createdTo: '2026-11-10' }));
    expect(reversed).toMatchObject({ status: 400, code: 'HELP_INBOX_DATES_REVERSED' });
  });

  it('is for order administrators only', async () => {
    expect(await failure(shopper.searchHelpRequests({}))).toMatchObject({ status: 403 });
    expect(await failure(guest.searchHelpRequests({}))).toMatchObject({ status: 401 });
  });
});

describe('one request', () => {
  it('shows its fields, thread and files; files come as attachments, only through their own request', async () => {
    const request = await record('DAMAGED_MISSING', { photo: true });
    const other = await record('GENERAL_ENQUIRY');
    const opened = await staff.olive!.getHelpRequest({ params: { reference: request.reference } });
    expect(opened).toMatchObject({
      reference: request.reference,
      type: 'DAMAGED_MISSING',
      status: 'new',
      version: 1,
      details: { question: expect.stringMatching(/^Question/) },
      team: 'Customer service',
      order: null,
      messages: [{ author: 'customer', body: expect.stringContaining('this is request') }],
      files: [{ role: 'photo', fileName: 'basin.png', contentType: 'image/png' }],
    });

    const fileId = opened.files[0]!.id;
    const download = (reference: string, as = 'olive') =>
      fetch(`${api.serviceUrl('help-centre')}/Staff/Help/${reference}/Files/${fileId}`, { headers: { authorization: `Bearer ${as}` } });
    const file = await download(request.reference);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    // Kept as the files module re-encoded it: the same 2 × 2 picture.
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 2, height: 2 });
    expect((await download(other.reference)).status).toBe(404);
    expect((await download(request.reference, 'sue')).status).toBe(403);
  });

  it('is 404 for an unknown reference and 400 for something that is not one', async () => {
    expect(await failure(staff.olive!.getHelpRequest({ params: { reference: 'HC-ZZZZZZ' } }))).toMatchObject({ status: 404, code: 'HELP_REQUEST_NOT_FOUND' });
    expect(await failure(staff.olive!.getHelpRequest({ params: { reference: 'nope' } }))).toMatchObject({ status: 400 });
    expect(await failure(shopper.getHelpRequest({ params: { reference: 'HC-ZZZZZZ' } }))).toMatchObject({ status: 403 });
  });
});

describe('answering', () => {
  it('assigns to me or to a named colleague, and a stale version is refused', async () => {
    const { reference } = await record('ORDER_QUESTION');
    const mine = await staff.olive!.assignHelpRequest({ params: { reference }, body: { version: 1 } });
    expect(mine).toMatchObject({ status: 'in_progress', version: 2, assignedToId: 'user-olive', assignedToName: 'Olive Orders' });
    const theirs = await staff.olive!.assignHelpRequest({ params: { reference }, body: { version: 2, assignedToName: 'Oscar Orders' } });
    expect(theirs).toMatchObject({ status: 'in_progress', version: 3, assignedToId: null, assignedToName: 'Oscar Orders' });
    const stale = await failure(staff.oscar!.assignHelpRequest({ params: { reference }, body: { version: 2 } }));
    expect(stale).toMatchObject({ status: 409, code: 'HELP_REQUEST_CHANGED' });
    expect((await staff.olive!.getHelpRequest({ params: { reference } })).assignedToName).toBe('Oscar Orders');
    expect(await failure(staff.olive!.assignHelpRequest({ params: { reference }, body: {} as never }))).toMatchObject({ status: 400 });
  });

  it('replies by e-mail with a new link (the old one stops working); the customer answers through it', async () => {
    const { reference, token: firstToken, emailAddress } = await record('GENERAL_ENQUIRY');
    expect(await guest.getHelpReplyThread({ params: { token: firstToken } })).toMatchObject({ reference, status: 'new', messages: [{ author: 'customer' }] });

    const replied = await staff.olive!.replyToHelpRequest({ params: { reference }, body: { version: 1, message: 'Thanks.\n\nWhich colour did you want?' } });
    expect(replied).toMatchObject({ status: 'waiting_for_customer', version: 2 });
    expect(replied.messages.at(-1)).toMatchObject({ author: 'staff', authorName: 'Olive Orders', body: 'Thanks.\n\nWhich colour did you want?' });

    const [email] = await readOutbox(api.database.db, { to: emailAddress, template: 'help-centre.staff-reply' });
    expect(email?.subject).toContain(reference);
    expect(email?.text).toContain('Which colour did you want?');
    const token = /\/help\/reply\/([A-Za-z0-9_-]+)/.exec(email!.text)![1]!;
    expect(token).not.toBe(firstToken);
    expect(await failure(guest.getHelpReplyThread({ params: { token: firstToken } }))).toMatchObject({ status: 404, code: 'HELP_REPLY_LINK_INVALID' });

    const thread = await guest.getHelpReplyThread({ params: { token } });
    expect(thread).toMatchObject({ reference, type: 'GENERAL_ENQUIRY', status: 'waiting_for_customer' });
    // The customer sees the team, never the name of the member of staff.
    expect(thread.messages.at(-1)).toEqual({
      author: 'staff',
      authorName: 'Customer service',
      body: 'Thanks.\n\nWhich colour did you want?',
      at: expect.any(String),
    });
    expect(JSON.stringify(thread)).not.toContain('Olive');

    const answered = await guest.sendHelpReply({ params: { token }, body: { message: 'White, please. <script>alert(1)</script>' } });
    expect(answered.status).toBe('in_progress');
    expect(answered.messages.at(-1)).toMatchObject({ author: 'customer', body: 'White, please. <script>alert(1)</script>' });
    expect(await failure(guest.sendHelpReply({ params: { token }, body: { message: '   ' } }))).toMatchObject({ status: 400 });
    expect(await failure(guest.sendHelpReply({ params: { token: firstToken }, body: { message: 'Hello' } }))).toMatchObject({
      status: 404,
      code: 'HELP_REPLY_LINK_INVALID',
    });
    expect(await failure(guest.getHelpReplyThread({ params: { token: 'short' } }))).toMatchObject({ status: 400 });
    const staffView = await staff.olive!.getHelpRequest({ params: { reference } });
    expect(staffView.messages.map((message) => message.author)).toEqual(['customer', 'staff', 'customer']);
  });

  it('changes status and closes; a closed request takes no staff reply until reopened, and a customer reply reopens it', async () => {
    const { reference, token } = await record('PRICE_MATCH');
    const waiting = await staff.olive!.changeHelpRequestStatus({ params: { reference }, body: { version: 1, status: 'waiting_for_customer' } });
    expect(waiting.status).toBe('waiting_for_customer');
    const closed = await staff.olive!.closeHelpRequest({ params: { reference }, body: { version: 2 } });
    expect(closed).toMatchObject({ status: 'closed', overdue: false, closedAt: expect.any(String) });
    expect(await failure(staff.olive!.closeHelpRequest({ params: { reference }, body: { version: 3 } }))).toMatchObject({
      status: 409,
      code: 'HELP_REQUEST_STATUS_UNCHANGED',
    });
    expect(await failure(staff.olive!.replyToHelpRequest({ params: { reference }, body: { version: 3, message: 'Hi' } }))).toMatchObject({
      status: 409,
      code: 'HELP_REQUEST_CLOSED',
    });
    expect(await failure(staff.olive!.changeHelpRequestStatus({ params: { reference }, body: { version: 3, status: 'waiting_for_customer' } }))).toMatchObject({
      status: 409,
      code: 'HELP_REQUEST_STATUS_NOT_ALLOWED',
    });
    expect(await failure(staff.olive!.changeHelpRequestStatus({ params: { reference }, body: { version: 3, status: 'new' as never } }))).toMatchObject({
      status: 400,
    });

    const reopened = await guest.sendHelpReply({ params: { token }, body: { message: 'It is still cheaper elsewhere.' } });
    expect(reopened.status).toBe('in_progress');
    const view = await staff.olive!.getHelpRequest({ params: { reference } });
    expect(view).toMatchObject({ status: 'in_progress', closedAt: null, version: 4 });
    expect(await failure(staff.olive!.closeHelpRequest({ params: { reference: 'HC-ZZZZZZ' }, body: { version: 1 } }))).toMatchObject({ status: 404 });
  });

  it('two staff acting at once: one wins, the other is told to reload, and one e-mail goes', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { reference, emailAddress } = await record('ORDER_AMEND');
      const results = await Promise.allSettled([
        staff.olive!.replyToHelpRequest({ params: { reference }, body: { version: 1, message: 'Olive here' } }),
        staff.oscar!.replyToHelpRequest({ params: { reference }, body: { version: 1, message: 'Oscar here' } }),
        staff.oscar!.closeHelpRequest({ params: { reference }, body: { version: 1 } }),
      ]);
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost.map((result) => [result.reason.status, result.reason.code])).toEqual([
        [409, 'HELP_REQUEST_CHANGED'],
        [409, 'HELP_REQUEST_CHANGED'],
      ]);
      const view = await staff.olive!.getHelpRequest({ params: { reference } });
      expect(view.version).toBe(2);
      const replies = await readOutbox(api.database.db, { to: emailAddress, template: 'help-centre.staff-reply' });
      expect(replies).toHaveLength(view.messages.filter((message) => message.author === 'staff').length);
    }
  });
});
