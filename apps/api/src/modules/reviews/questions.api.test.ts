import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHelpCentreEnquiriesClient, createReviewListingsClient, createReviewQuestionsClient, type ApiError } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createEnquiriesService } from '../enquiries/index.ts';
import { readOutbox } from '../notifications/testing.ts';
import { placedOrderInput, recordPlacedOrder } from '../orders/testing.ts';

/**
 * Product questions on the real API (issue 21, decision 0036): filed by the help centre's enquiry,
 * found, answered, published and rejected by moderators (one wins when two act at once), buyers
 * invited by e-mail and answering by their link, and the product's question count and public listing
 * following in the same transaction. Runs on PostgreSQL too (TEST_DATABASE=postgres, DATABASE_URL).
 */
let api: TestApi;
const actors: Record<string, Actor> = {
  ann: { userId: 'user-question-ann', email: 'ann@questions.example', name: 'Ann Archer', roles: ['shopper'] },
  ben: { userId: 'user-question-ben', email: 'ben@questions.example', name: 'Ben Brook', roles: ['shopper'] },
  asker: { userId: 'user-question-asker', email: 'asker@questions.example', name: 'Asha Khan', roles: ['shopper'] },
  olive: { userId: 'user-question-olive', roles: ['order-admin'] },
  mia: { userId: 'user-question-mia', roles: ['review-moderator'] },
  max: { userId: 'user-question-max', roles: ['review-moderator'] },
};
const as = (name?: string) => createReviewQuestionsClient({ baseUrl: api.serviceUrl('reviews'), getAccessToken: () => name });
const enquiries = (name?: string) => createHelpCentreEnquiriesClient({ baseUrl: api.serviceUrl('help-centre'), getAccessToken: () => name });
const listings = () => createReviewListingsClient({ baseUrl: api.serviceUrl('reviews') });

interface SeededProduct {
  id: number;
  slug: string;
  name: string;
  skus: string[];
}
/** Products with two or more options (buyers of any option can answer), none with a published question from the seed. */
let products: SeededProduct[] = [];
let next = 0;
const freshProduct = () => products[next++]!;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const found = await rows<{ id: number; slug: string; name: string; skus: string[] }>(
    sql`select p.id, p.slug, p.name, array_agg(o.sku order by o.sku) as skus
        from products p join offerings o on o.product_id = p.id
        where not p.is_bundle and not exists (select 1 from product_questions q where q.product_id = p.id)
        group by p.id having count(*) >= 2 order by p.id limit 30`,
  );
  products = found.map((row) => ({ id: Number(row.id), slug: row.slug, name: row.name, skus: row.skus }));
});
afterAll(() => api?.close());

const questionRow = async (id: string) =>
  (
    await rows<{
      status: string;
      version: number;
      answer: string | null;
      answer_source: string | null;
      answerer_name: string | null;
      answered_by: string | null;
      help_reference: string | null;
      asker_name: string;
      customer_id: string | null;
      question: string;
      sku: string | null;
    }>(sql`select * from product_questions where id = ${id}`)
  )[0]!;
const questionsCount = async (productId: number) =>
  Number((await rows<{ n: number }>(sql`select questions_count as n from products where id = ${productId}`))[0]!.n);
const invitationCount = async (questionId: string) =>
  Number((await rows<{ n: number }>(sql`select count(*) as n from question_answer_invitations where question_id = ${questionId}`))[0]!.n);

/** A question filed the way shoppers file them: the help centre's enquiry, with permission to publish. */
async function ask(product: SeededProduct, question = 'Does it come with the fixings?', who?: string) {
  const body = who
    ? { sku: product.skus[0]!, question, mayPublish: true }
    : { sku: product.skus[0]!, question, mayPublish: true, name: 'Gill Guest', emailAddress: 'gill@guest.example' };
  const accepted = await enquiries(who).askProductQuestion({ body });
  const [row] = await rows<{ id: string }>(sql`select id from product_questions where help_reference = ${accepted.reference}`);
  return { accepted, questionId: row!.id };
}

let orderSerial = 0;
/** An order of one product's option by `email`, moved on to `status` as fulfilment would. */
async function boughtBy(email: string, sku: string, status: 'placed' | 'dispatched' | 'delivered', extra: { customerId?: string; name?: string } = {}) {
  orderSerial += 1;
  const base = placedOrderInput(`questions-${orderSerial}-${Date.now()}`, { customerId: extra.customerId ?? null, email });
  const line = { ...base.lines[0]!, sku, productSlug: 'any', productName: 'Any' };
  const [firstName, lastName] = (extra.name ?? 'Alice Shopper').split(' ');
  const order = await recordPlacedOrder(
    api.app,
    { ...base, contact: { ...base.contact, firstName: firstName!, lastName: lastName! }, lines: [line] },
    new Date(),
  );
  await api.database.db.execute(sql`update orders set status = ${status} where order_number = ${order.orderNumber}`);
  return order.orderNumber;
}

/** The answer link in the invitation e-mail to `to` about the latest question, and its token. */
async function invitationLink(to: string) {
  const emails = await readOutbox(api.database.db, { to, template: 'reviews.question-invitation' });
  const link = /https?:\/\/\S+\/questions\/answer\/([A-Za-z0-9_-]+)/.exec(emails.at(-1)?.text ?? '');
  expect(link, `an invitation e-mail to ${to}`).not.toBeNull();
  return { url: link![0], token: link![1]! };
}

const expectWords = (error: ApiError, path: string, message: RegExp) => {
  expect(error.data).toMatchObject({ errors: expect.arrayContaining([expect.objectContaining({ path, message: expect.stringMatching(message) })]) });
  expect(JSON.stringify(error.data)).not.toMatch(/Too small|Too big|Invalid input|expected/);
};

describe('filing from the help centre', () => {
  it('files a pending question with the enquiry’s reference, in the same transaction, when the asker lets us publish it', async () => {
    const product = freshProduct();
    const { accepted, questionId } = await ask(product, 'Is the <b>waste</b> included?');
    expect(accepted.nextSteps.join(' ')).toMatch(/appear on the product page/);
    expect(await questionRow(questionId)).toMatchObject({
      status: 'pending',
      help_reference: accepted.reference,
      asker_name: 'Gill G.',
      customer_id: null,
      question: 'Is the <b>waste</b> included?',
      sku: product.skus[0],
    });
    const [request] = await rows<{ type: string }>(sql`select type from help_requests where reference = ${accepted.reference}`);
    expect(request!.type).toBe('PRODUCT_QUESTION');

    const signedIn = await ask(product, 'What is the depth?', 'asker');
    expect(await questionRow(signedIn.questionId)).toMatchObject({ customer_id: actors.asker!.userId, asker_name: 'Asha K.' });
  });

  it('keeps neither when filing the question fails: the enquiry and the question share one transaction', async () => {
    const product = freshProduct();
    // Enquiries as composeApi makes them from the app's services, but with a questions queue that fails.
    const { notifications, delivery, orders, catalogue, files } = api.app.composed.services;
    const enquiriesService = createEnquiriesService({ notifications, delivery, orders, catalogue, files, publicUrl: api.config.publicUrl });
    enquiriesService.onProductQuestion(async () => {
      throw new Error('the questions queue is down');
    });
    const requests = async () => Number((await rows<{ n: number }>(sql`select count(*) as n from help_requests`))[0]!.n);
    const before = await requests();
    const ctx = { db: api.database.db, actor: null, clock: { now: () => new Date() }, log: api.app.log };
    const body = { sku: product.skus[0]!, question: 'Is it WRAS approved?', mayPublish: true, name: 'Gill Guest', emailAddress: 'gill@guest.example' };
    await expect(enquiriesService.askProductQuestion(ctx, body)).rejects.toThrow('the questions queue is down');
    expect(await requests()).toBe(before);
    expect(await rows(sql`select id from product_questions where product_id = ${product.id}`)).toEqual([]);
  });

  it('files nothing for the queue without permission to publish, or when the enquiry is refused', async () => {
    const product = freshProduct();
    const before = Number((await rows<{ n: number }>(sql`select count(*) as n from product_questions`))[0]!.n);
    const privately = await enquiries().askProductQuestion({
      body: { sku: product.skus[0]!, question: 'Private?', name: 'Pat Private', emailAddress: 'pat@guest.example' },
    });
    expect(privately.nextSteps.join(' ')).not.toMatch(/product page/);
    await failure(
      enquiries().askProductQuestion({ body: { sku: 'NO-SUCH-SKU', question: 'Exists?', mayPublish: true, name: 'Pat', emailAddress: 'pat@guest.example' } }),
    );
    expect(Number((await rows<{ n: number }>(sql`select count(*) as n from product_questions`))[0]!.n)).toBe(before);
  });
});

describe('finding questions', () => {
  it('lists pending first, oldest first, with the product, asker and customers’ answers; by status, product code and words', async () => {
    const product = freshProduct();
    const first = await ask(product, 'First: is it frost proof?');
    const second = await ask(product, 'Second: what finish is the trap?');
    const byCode = await as('mia').searchQuestions({ body: { sku: product.skus[1]!.toLowerCase() } });
    expect(byCode.items.map((item) => item.id)).toEqual([first.questionId, second.questionId]);
    expect(byCode.items[0]).toMatchObject({
      status: 'pending',
      version: 1,
      askerName: 'Gill G.',
      helpReference: first.accepted.reference,
      product: { name: product.name, sku: product.skus[0], slug: product.slug },
      answer: null,
      invitationsSent: 0,
      proposedAnswers: [],
    });
    const words = await as('mia').searchQuestions({ body: { text: 'frost PROOF', status: 'pending' } });
    expect(words.items.map((item) => item.id)).toContain(first.questionId);
    expect(words.items.map((item) => item.id)).not.toContain(second.questionId);
    const paged = await as('mia').searchQuestions({ body: { sku: product.skus[0]!, size: 1, page: 2 } });
    expect(paged).toMatchObject({ page: 2, size: 1, totalCount: 2, totalPages: 2, items: [{ id: second.questionId }] });
    expect((await as('mia').searchQuestions({ body: { sku: 'NO-SUCH-CODE' } })).items).toEqual([]);

    const all = await as('mia').searchQuestions({ body: { size: 100 } });
    const statuses = all.items.map((item) => item.status);
    expect(statuses.indexOf('published')).toBeGreaterThan(statuses.lastIndexOf('pending'));
  });

  it('is for review moderators only, and refuses a bad search in words', async () => {
    expect(await failure(as('olive').searchQuestions({ body: {} }))).toMatchObject({ status: 403 });
    expect(await failure(as().searchQuestions({ body: {} }))).toMatchObject({ status: 401 });
    expectWords(await failure(as('mia').searchQuestions({ body: { status: 'archived' as never } })), 'body.status', /Choose pending, published or rejected/);
    expectWords(await failure(as('mia').searchQuestions({ body: { size: 101 } })), 'body.size', /at most 100 per page/);
    expectWords(await failure(as('mia').searchQuestions({ body: { text: 'x'.repeat(201) } })), 'body.text', /200 characters or fewer/);
  });
});

describe('answering and publishing', () => {
  it('shows an answer stored without a name (the demo seed’s) under the shop’s name, to staff and on the product page', async () => {
    const [seeded] = await rows<{ slug: string; sku: string }>(
      sql`select p.slug, q.sku from product_questions q join products p on p.id = q.product_id
          where q.status = 'published' and q.answerer_name is null and q.sku is not null order by q.id limit 1`,
    );
    expect(seeded, 'the demo seed publishes answers without a name').toBeDefined();
    const staff = await as('mia').searchQuestions({ body: { sku: seeded!.sku, status: 'published', size: 100 } });
    const listed = await listings().listQuestions({ query: { slug: seeded!.slug } });
    const names = [...staff.items, ...listed.items].map((item) => item.answererName);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set(['Plumbline']));
  });

  it('publishes the shop team’s answer under the shop’s name, counts it on the product and lists it', async () => {
    const product = freshProduct();
    const { questionId } = await ask(product, 'Can it be wall hung?');
    const countBefore = await questionsCount(product.id);
    const published = await as('mia').answerQuestion({ params: { questionId }, body: { answer: 'Yes: it comes with <i>brackets</i>.', version: 1 } });
    expect(published).toMatchObject({
      status: 'published',
      version: 2,
      answer: 'Yes: it comes with <i>brackets</i>.',
      answerSource: 'shop',
      answererName: 'Plumbline',
    });
    expect(await questionRow(questionId)).toMatchObject({ answered_by: actors.mia!.userId, answer_source: 'shop' });
    expect(await questionsCount(product.id)).toBe(countBefore + 1);

    const listed = await listings().listQuestions({ query: { slug: product.slug } });
    expect(listed.items).toEqual([
      expect.objectContaining({ id: questionId, question: 'Can it be wall hung?', askerName: 'Gill G.', answerSource: 'shop', answererName: 'Plumbline' }),
    ]);

    expect(await failure(as('mia').answerQuestion({ params: { questionId }, body: { answer: 'Again', version: 2 } }))).toMatchObject({
      status: 409,
      code: 'QUESTION_ALREADY_PUBLISHED',
    });
    expect(await failure(as('mia').answerQuestion({ params: { questionId }, body: { answer: 'Again', version: 1 } }))).toMatchObject({
      status: 409,
      code: 'QUESTION_CHANGED',
    });
    expect(await questionsCount(product.id)).toBe(countBefore + 1);
  });

  it('two moderators at once: one publishes, the other is told to reload, and the count moves once', async () => {
    const product = freshProduct();
    const { questionId } = await ask(product, 'How heavy is it?');
    const countBefore = await questionsCount(product.id);
    const results = await Promise.allSettled([
      as('mia').answerQuestion({ params: { questionId }, body: { answer: 'About 12 kg.', version: 1 } }),
      as('max').answerQuestion({ params: { questionId }, body: { answer: 'Roughly twelve kilograms.', version: 1 } }),
      as('max').rejectQuestion({ params: { questionId }, query: { reason: 'offensive', version: 1 } }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as ApiError).code] : []))).toEqual([
      'QUESTION_CHANGED',
      'QUESTION_CHANGED',
    ]);
    const row = await questionRow(questionId);
    expect(row.version).toBe(2);
    expect(await questionsCount(product.id)).toBe(countBefore + (row.status === 'published' ? 1 : 0));
  });

  it('counts every question when several of one product are published at once', async () => {
    const product = freshProduct();
    const asked = await Promise.all([1, 2, 3, 4].map((n) => ask(product, `Question ${n}: is it suitable for a combi boiler?`)));
    const countBefore = await questionsCount(product.id);
    await Promise.all(asked.map(({ questionId }) => as('mia').answerQuestion({ params: { questionId }, body: { answer: 'Yes.', version: 1 } })));
    expect(await questionsCount(product.id)).toBe(countBefore + 4);
  });

  it('refuses bad answers in words, unknown questions, and non-moderators, changing nothing', async () => {
    const product = freshProduct();
    const { questionId } = await ask(product);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ answer: '   ', version: 1 }, 'body.answer', /Enter an answer/],
      [{ answer: 'x', version: 1 }, 'body.answer', /at least 2 characters/],
      [{ answer: 'x'.repeat(2001), version: 1 }, 'body.answer', /2000 characters or fewer/],
      [{ version: 1 }, 'body.answer', /Enter an answer, or choose one customer’s answer/],
      [{ answer: 'Yes', fromInvitationId: '00000000-0000-4000-8000-000000000000', version: 1 }, 'body.answer', /not both/],
      [{ answer: 'Yes' }, 'body.version', /version of the question/],
      [{ answer: 'Yes', version: 0 }, 'body.version', /whole number/],
    ];
    for (const [body, path, message] of cases) {
      const error = await failure(as('mia').answerQuestion({ params: { questionId }, body: body as never }));
      expect([error.status, error.code]).toEqual([400, 'VALIDATION_FAILED']);
      expectWords(error, path, message);
    }
    expect(
      await failure(as('mia').answerQuestion({ params: { questionId }, body: { fromInvitationId: '00000000-0000-4000-8000-000000000000', version: 1 } })),
    ).toMatchObject({ status: 422, code: 'QUESTION_PROPOSED_ANSWER_NOT_FOUND' });
    expect(
      await failure(as('mia').answerQuestion({ params: { questionId: '00000000-0000-4000-8000-000000000000' }, body: { answer: 'Yes', version: 1 } })),
    ).toMatchObject({ status: 404, code: 'QUESTION_NOT_FOUND' });
    expect(await failure(as('mia').answerQuestion({ params: { questionId: 'not-a-uuid' }, body: { answer: 'Yes', version: 1 } }))).toMatchObject({
      status: 400,
      data: expect.objectContaining({ detail: expect.stringContaining('There is no such question') }),
    });
    expect(await failure(as('olive').answerQuestion({ params: { questionId }, body: { answer: 'Yes', version: 1 } }))).toMatchObject({ status: 403 });
    expect(await failure(as('ann').answerQuestion({ params: { questionId }, body: { answer: 'Yes', version: 1 } }))).toMatchObject({ status: 403 });
    expect(await questionRow(questionId)).toMatchObject({ status: 'pending', version: 1, answer: null });
  });
});

describe('rejecting', () => {
  it('rejects a pending question for a listed reason, takes a published one down (and off the count), and refuses twice', async () => {
    const product = freshProduct();
    const pending = await ask(product, 'When will my order arrive?');
    const rejected = await as('mia').rejectQuestion({ params: { questionId: pending.questionId }, query: { reason: 'not_about_product', version: 1 } });
    expect(rejected).toMatchObject({ status: 'rejected', version: 2, rejectionReason: 'not_about_product' });
    // Kept with the question, not only said once.
    expect(await rows(sql`select rejection_reason from product_questions where id = ${pending.questionId}`)).toEqual([
      { rejection_reason: 'not_about_product' },
    ]);
    expect(await failure(as('mia').rejectQuestion({ params: { questionId: pending.questionId }, query: { reason: 'offensive', version: 2 } }))).toMatchObject({
      status: 409,
      code: 'QUESTION_ALREADY_REJECTED',
    });
    expect(await failure(as('mia').answerQuestion({ params: { questionId: pending.questionId }, body: { answer: 'Tomorrow', version: 2 } }))).toMatchObject({
      status: 409,
      code: 'QUESTION_ALREADY_REJECTED',
    });

    const shown = await ask(product, 'Is the overflow chrome?');
    await as('mia').answerQuestion({ params: { questionId: shown.questionId }, body: { answer: 'Yes, chrome.', version: 1 } });
    const countShown = await questionsCount(product.id);
    expect((await listings().listQuestions({ query: { slug: product.slug } })).items.map((item) => item.id)).toEqual([shown.questionId]);
    await as('max').rejectQuestion({ params: { questionId: shown.questionId }, query: { reason: 'personal_data', version: 2 } });
    expect(await questionsCount(product.id)).toBe(countShown - 1);
    expect((await listings().listQuestions({ query: { slug: product.slug } })).items).toEqual([]);
  });

  it('refuses a reason off the list, a stale version and non-moderators, in words', async () => {
    const { questionId } = await ask(freshProduct());
    const error = await failure(as('mia').rejectQuestion({ params: { questionId }, query: { reason: 'negative' as never, version: 1 } }));
    expect(error.status).toBe(400);
    expectWords(error, 'query.reason', /Choose a reason from the list/);
    expect(await failure(as('mia').rejectQuestion({ params: { questionId }, query: { reason: 'offensive', version: 3 } }))).toMatchObject({
      status: 409,
      code: 'QUESTION_CHANGED',
    });
    expect(await failure(as('olive').rejectQuestion({ params: { questionId }, query: { reason: 'offensive', version: 1 } }))).toMatchObject({ status: 403 });
    expect(await questionRow(questionId)).toMatchObject({ status: 'pending', version: 1 });
  });
});

describe('inviting buyers to answer', () => {
  it('e-mails buyers of any option with a dispatched or delivered order, never the asker, once per address, with a link kept only as a hash', async () => {
    const product = freshProduct();
    const [optionA, optionB] = product.skus;
    await boughtBy('ann@questions.example', optionA!, 'delivered', { customerId: actors.ann!.userId, name: 'Ann Archer' });
    await boughtBy('ANN@questions.example', optionB!, 'delivered', { name: 'Ann Archer' });
    await boughtBy('ben@questions.example', optionB!, 'dispatched', { customerId: actors.ben!.userId, name: 'Ben Brook' });
    await boughtBy('cat@questions.example', optionA!, 'placed', { name: 'Cat Cole' });
    await boughtBy('asker@questions.example', optionA!, 'delivered', { customerId: actors.asker!.userId, name: 'Asha Khan' });
    await boughtBy('asker.other@questions.example', optionA!, 'delivered', { customerId: actors.asker!.userId, name: 'Asha Khan' });
    const { questionId } = await ask(product, 'Is the tap hole pre-drilled?', 'asker');

    const sent = await as('mia').inviteQuestionAnswers({ params: { questionId } });
    expect(sent).toMatchObject({ invited: 2, invitationsSent: 2, message: expect.stringMatching(/^We e-mailed 2 customers/) });
    const invitations = await rows<{ email_address: string; token_hash: string; customer_id: string | null }>(
      sql`select * from question_answer_invitations where question_id = ${questionId} order by email_address`,
    );
    expect(invitations.map((row) => row.email_address.toLowerCase())).toEqual(['ann@questions.example', 'ben@questions.example']);
    expect(await readOutbox(api.database.db, { to: 'cat@questions.example', template: 'reviews.question-invitation' })).toEqual([]);
    expect(await readOutbox(api.database.db, { to: 'asker@questions.example', template: 'reviews.question-invitation' })).toEqual([]);

    const { url, token } = await invitationLink('ben@questions.example');
    expect(url).toBe(`${api.config.publicUrl}/questions/answer/${token}`);
    expect(invitations.map((row) => row.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(invitations)).not.toContain(token);
    const [email] = await readOutbox(api.database.db, { to: 'ben@questions.example', template: 'reviews.question-invitation' });
    expect(email!.text).toContain('Is the tap hole pre-drilled?');

    const again = await as('max').inviteQuestionAnswers({ params: { questionId } });
    expect(again).toMatchObject({ invited: 0, invitationsSent: 2, message: expect.stringMatching(/asked to answer this question already/) });
    expect(await invitationCount(questionId)).toBe(2);
  });

  it('invites each buyer once when two moderators invite at once, and says so when nobody bought the product', async () => {
    const product = freshProduct();
    for (const n of [1, 2, 3]) await boughtBy(`buyer${n}-${product.id}@questions.example`, product.skus[0]!, 'delivered');
    const { questionId } = await ask(product, 'Does the plug come with it?');
    const results = await Promise.all([
      as('mia').inviteQuestionAnswers({ params: { questionId } }),
      as('max').inviteQuestionAnswers({ params: { questionId } }),
    ]);
    expect(await invitationCount(questionId)).toBe(3);
    expect(results[0].invited + results[1].invited).toBe(3);
    const emails = await Promise.all(
      [1, 2, 3].map((n) => readOutbox(api.database.db, { to: `buyer${n}-${product.id}@questions.example`, template: 'reviews.question-invitation' })),
    );
    expect(emails.map((list) => list.length)).toEqual([1, 1, 1]);

    const unsold = freshProduct();
    const lonely = await ask(unsold, 'Anyone fitted this?');
    expect(await as('mia').inviteQuestionAnswers({ params: { questionId: lonely.questionId } })).toMatchObject({
      invited: 0,
      invitationsSent: 0,
      message: expect.stringMatching(/^Nobody has bought this product/),
    });
  });

  it('invites at most five, only to a pending question, and only for moderators', async () => {
    const product = freshProduct();
    for (const n of [1, 2, 3, 4, 5, 6, 7]) await boughtBy(`many${n}-${product.id}@questions.example`, product.skus[1]!, 'delivered');
    const { questionId } = await ask(product, 'Is it easy to clean?');
    expect(await failure(as('olive').inviteQuestionAnswers({ params: { questionId } }))).toMatchObject({ status: 403 });
    expect(await as('mia').inviteQuestionAnswers({ params: { questionId } })).toMatchObject({ invited: 5, invitationsSent: 5 });
    expect(await as('mia').inviteQuestionAnswers({ params: { questionId } })).toMatchObject({ invited: 2, invitationsSent: 7 });
    await as('mia').answerQuestion({ params: { questionId }, body: { answer: 'Yes, very.', version: 1 } });
    expect(await failure(as('mia').inviteQuestionAnswers({ params: { questionId } }))).toMatchObject({ status: 409, code: 'QUESTION_ALREADY_PUBLISHED' });
    expect(await failure(as('mia').inviteQuestionAnswers({ params: { questionId: '00000000-0000-4000-8000-000000000000' } }))).toMatchObject({
      status: 404,
      code: 'QUESTION_NOT_FOUND',
    });
  });
});

describe('a buyer answering by the link', () => {
  it('shows the question, takes one answer (held for the moderator when it has a phone number), and a moderator publishes it', async () => {
    const product = freshProduct();
    await boughtBy('dee@questions.example', product.skus[0]!, 'delivered', { name: 'Dee Dunn' });
    await boughtBy('eve@questions.example', product.skus[1]!, 'delivered', { name: 'Eve Elms' });
    const { questionId } = await ask(product, 'Is the glaze <em>crazing</em> resistant?');
    await as('mia').inviteQuestionAnswers({ params: { questionId } });
    const dee = await invitationLink('dee@questions.example');
    const eve = await invitationLink('eve@questions.example');
    const publicClient = as();

    expect(await publicClient.getQuestionInvitation({ params: { token: dee.token } })).toEqual({
      question: 'Is the glaze <em>crazing</em> resistant?',
      askerName: 'Gill G.',
      askedAt: expect.any(String),
      product: { name: product.name, sku: product.skus[0], slug: product.slug },
      state: 'open',
      answererName: null,
      answer: null,
    });
    expect(await failure(publicClient.getQuestionInvitation({ params: { token: 'no-such-link-at-all' } }))).toMatchObject({
      status: 404,
      code: 'QUESTION_INVITATION_NOT_FOUND',
    });

    for (const [body, path, message] of [
      [{ answererName: ' ', answer: 'Yes it is.' }, 'body.answererName', /Enter your name as it will be shown/],
      [{ answererName: 'D'.repeat(61), answer: 'Yes it is.' }, 'body.answererName', /60 characters or fewer/],
      [{ answererName: 'Dee', answer: '' }, 'body.answer', /Enter your answer/],
      [{ answererName: 'Dee', answer: 'y'.repeat(2001) }, 'body.answer', /2000 characters or fewer/],
    ] as const) {
      const error = await failure(publicClient.answerQuestionInvitation({ params: { token: dee.token }, body }));
      expect(error.status).toBe(400);
      expectWords(error, path, message);
    }
    expect(
      await failure(publicClient.answerQuestionInvitation({ params: { token: 'no-such-link-at-all' }, body: { answererName: 'X', answer: 'Yes.' } })),
    ).toMatchObject({
      status: 404,
    });

    const receipt = await publicClient.answerQuestionInvitation({
      params: { token: dee.token },
      body: { answererName: 'Dee from York', answer: 'Mine is fine after a year. Ring 07700 900123 for photos.' },
    });
    expect(receipt).toEqual({ received: true, nextSteps: expect.stringContaining('moderator checks every answer') });
    expect(
      await failure(publicClient.answerQuestionInvitation({ params: { token: dee.token }, body: { answererName: 'Dee', answer: 'Again' } })),
    ).toMatchObject({
      status: 409,
      code: 'QUESTION_INVITATION_ANSWERED',
    });
    expect(await publicClient.getQuestionInvitation({ params: { token: dee.token } })).toMatchObject({ state: 'answered', answererName: 'Dee from York' });
    await publicClient.answerQuestionInvitation({ params: { token: eve.token }, body: { answererName: 'Eve', answer: 'No crazing on mine after two years.' } });

    const [staff] = (await as('mia').searchQuestions({ body: { sku: product.skus[0]! } })).items;
    expect(staff!.proposedAnswers).toEqual([
      expect.objectContaining({ answererName: 'Dee from York', heldReason: 'phone_number' }),
      expect.objectContaining({ answererName: 'Eve', answer: 'No crazing on mine after two years.', heldReason: null }),
    ]);
    expect(staff!.invitationsSent).toBe(2);

    const other = await ask(freshProduct(), 'Unrelated question?');
    expect(
      await failure(
        as('mia').answerQuestion({ params: { questionId: other.questionId }, body: { fromInvitationId: staff!.proposedAnswers[1]!.invitationId, version: 1 } }),
      ),
    ).toMatchObject({ status: 422, code: 'QUESTION_PROPOSED_ANSWER_NOT_FOUND' });

    const published = await as('max').answerQuestion({
      params: { questionId },
      body: { fromInvitationId: staff!.proposedAnswers[1]!.invitationId, version: 1 },
    });
    expect(published).toMatchObject({ status: 'published', answer: 'No crazing on mine after two years.', answerSource: 'customer', answererName: 'Eve' });
    expect(await questionRow(questionId)).toMatchObject({ answered_by: actors.max!.userId });
    expect((await listings().listQuestions({ query: { slug: product.slug } })).items).toEqual([
      expect.objectContaining({ id: questionId, answerSource: 'customer', answererName: 'Eve' }),
    ]);
  });

  /** A fresh product bought by one customer, a question about it, and the link mia's invitation e-mailed them. */
  async function invitedBuyer(email: string, name: string, question: string) {
    const product = freshProduct();
    await boughtBy(email, product.skus[0]!, 'dispatched', { name });
    const { questionId } = await ask(product, question);
    await as('mia').inviteQuestionAnswers({ params: { questionId } });
    return { questionId, link: await invitationLink(email) };
  }

  it('tells a buyer whose question was answered meanwhile that it needs no answer', async () => {
    const { questionId, link: fay } = await invitedBuyer('fay@questions.example', 'Fay Field', 'Does it need sealing?');
    await as('mia').answerQuestion({ params: { questionId }, body: { answer: 'A bead of silicone around the edge.', version: 1 } });
    expect(await as().getQuestionInvitation({ params: { token: fay.token } })).toMatchObject({ state: 'closed' });
    expect(await failure(as().answerQuestionInvitation({ params: { token: fay.token }, body: { answererName: 'Fay', answer: 'Yes.' } }))).toMatchObject({
      status: 409,
      code: 'QUESTION_INVITATION_CLOSED',
    });
  });

  it('takes no answer through a link older than 30 days, and says why', async () => {
    const { questionId, link: gus } = await invitedBuyer('gus@questions.example', 'Gus Green', 'Is the waste included?');
    expect(await as().getQuestionInvitation({ params: { token: gus.token } })).toMatchObject({ state: 'open' });
    // The e-mail went 30 days ago, to the second.
    await api.database.db.execute(
      sql`update question_answer_invitations set sent_at = now() - interval '30 days'
        where question_id = ${questionId} and email_address = 'gus@questions.example'`,
    );
    expect(await as().getQuestionInvitation({ params: { token: gus.token } })).toMatchObject({ state: 'expired', answer: null });
    expect(
      await failure(as().answerQuestionInvitation({ params: { token: gus.token }, body: { answererName: 'Gus', answer: 'Yes, a click waste.' } })),
    ).toMatchObject({
      status: 410,
      code: 'QUESTION_INVITATION_EXPIRED',
      message: 'This link has expired: we ask for answers within 30 days of our e-mail. Thank you for being willing to help.',
    });
    expect(await rows<{ answer: string | null }>(sql`select answer from question_answer_invitations where question_id = ${questionId}`)).toEqual([
      { answer: null },
    ]);
  });
});
