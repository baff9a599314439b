import { createHash, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  invitationMessage,
  QUESTION_INVITATIONS_PER_CALL,
  QUESTION_REJECTION_REASON_NAMES,
  type AnswerQuestionSchema,
  type InvitedAnswerReceipt,
  type InvitedAnswerSchema,
  type ModeratedQuestion,
  type QuestionInvitation,
  type QuestionInvitationsSent,
  type QuestionRejectionReason,
  type QuestionSearchPage,
  type QuestionSearchSchema,
  type RejectQuestionQuerySchema,
  type StaffQuestion,
} from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import { newOpaqueId } from '../../platform/readable-codes.ts';
import { invitationExpired, proposedAnswerHold, publicAskerName, publishedAnswererName, shopAnswererName } from './question-rules.ts';
import { QuestionErrors } from './questions.errors.ts';
import { totalPages } from './review-listing-rules.ts';
import type { ReviewsDeps } from './reviews.deps.ts';
import * as repository from './repository/index.ts';
import type { InvitationRow, QuestionRow } from './repository/index.ts';

type Db = ServiceContext['db'];
type DbContext = Pick<ServiceContext, 'db'>;
export type QuestionSearchInput = z.output<typeof QuestionSearchSchema>;
type AnswerInput = z.output<typeof AnswerQuestionSchema>;
type RejectInput = z.output<typeof RejectQuestionQuerySchema>;
type InvitedAnswerInput = z.output<typeof InvitedAnswerSchema>;

/** A question as the help centre files it from a product-question enquiry the asker let us publish. */
export interface FiledQuestion {
  /** The product code the enquiry named (checked by the help centre). */
  sku: string;
  /** The enquiry's HC- reference: one question per enquiry. */
  helpReference: string;
  /** The asker's name as they gave it; shown as first name and initial. */
  askerName: string;
  customerId: string | null;
  question: string;
}

/**
 * Product questions (issue 21, decision 0036): filed by the help centre's enquiry in its
 * transaction, answered and published (or rejected) by review moderators at the version they saw,
 * and answered by customers who bought the product through an e-mailed link. Publishing or taking
 * one down sets the product's question count in the same transaction.
 */
export interface ReviewQuestionsService {
  /** Files a pending question in the caller's transaction (`ctx.db`); a second filing of one enquiry is a no-op. */
  fileQuestion(ctx: Pick<ServiceContext, 'db' | 'clock'>, input: FiledQuestion): Promise<{ questionId: string }>;
  searchQuestions(ctx: DbContext, search: QuestionSearchInput): Promise<QuestionSearchPage>;
  /** Publishes a pending question with the shop's answer (under its trading name) or an invited customer's. */
  answerQuestion(ctx: CallerContext, questionId: string, input: AnswerInput): Promise<ModeratedQuestion>;
  /** Rejects a pending question, or takes a published one down, keeping the reason from the fixed list. */
  rejectQuestion(ctx: ServiceContext, questionId: string, input: RejectInput): Promise<ModeratedQuestion>;
  inviteQuestionAnswers(ctx: CallerContext, questionId: string): Promise<QuestionInvitationsSent>;
  getQuestionInvitation(ctx: Pick<ServiceContext, 'db' | 'clock'>, token: string): Promise<QuestionInvitation>;
  answerQuestionInvitation(ctx: CallerContext, token: string, input: InvitedAnswerInput): Promise<InvitedAnswerReceipt>;
}

const ANSWER_RECEIVED =
  'Thank you. A moderator checks every answer before it appears on the product page, usually within two working days. ' +
  'If another customer’s answer or ours is published first, yours may not be.';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
/** The page where an invited customer answers, reached by the link in the e-mail. */
const answerUrlFor = (publicUrl: string, token: string): string => `${publicUrl}/questions/answer/${token}`;

const productOfSku = async ({ catalogue }: ReviewsDeps, ctx: DbContext, sku: string | null) => (sku ? catalogue.findReviewedProduct(ctx, { sku }) : null);

/** Each question's product (name, sku, slug), looked up once per code. */
async function productsOf(deps: ReviewsDeps, ctx: DbContext, rows: readonly QuestionRow[]) {
  const skus = [...new Set(rows.map((row) => row.sku).filter((sku): sku is string => Boolean(sku)))];
  const found = await Promise.all(skus.map(async (sku) => [sku, await productOfSku(deps, ctx, sku)] as const));
  return new Map(found);
}

/** Questions as staff see them: product, invitations sent and customers' proposed answers (oldest first). */
async function staffViews(deps: ReviewsDeps, ctx: DbContext, rows: readonly QuestionRow[]): Promise<StaffQuestion[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [products, { answered, sentBy }] = await Promise.all([productsOf(deps, ctx, rows), repository.invitationsOf(ctx.db, ids)]);
  return rows.map((row) => {
    const product = row.sku ? products.get(row.sku) : null;
    return {
      id: row.id,
      status: row.status,
      version: row.version,
      question: row.question,
      askerName: row.askerName,
      askedAt: row.createdAt.toISOString(),
      helpReference: row.helpReference,
      product: product ? { name: product.name, sku: product.sku, slug: product.slug } : null,
      answer: row.answer,
      answerSource: row.answerSource,
      answererName: row.answer === null ? row.answererName : publishedAnswererName(row.answererName, deps.notifications.shopDetails().tradingName),
      answeredAt: row.answeredAt?.toISOString() ?? null,
      invitationsSent: sentBy.get(row.id) ?? 0,
      proposedAnswers: answered
        .filter((invitation) => invitation.questionId === row.id)
        .map((invitation) => ({
          invitationId: invitation.id,
          answererName: invitation.answererName!,
          answer: invitation.answer!,
          answeredAt: invitation.answeredAt!.toISOString(),
          heldReason: proposedAnswerHold({ answererName: invitation.answererName!, answer: invitation.answer! }),
        })),
    };
  });
}

/** Sets the product's count of published questions in the caller's transaction, counted in turn with other publishers. */
async function recount({ catalogue }: ReviewsDeps, db: Transaction, productId: number): Promise<void> {
  await catalogue.setQuestionsCount({ db }, productId, await repository.countPublishedQuestionsInTurn(db, productId));
}

/** A moderator's change at the version they saw (409 when another got there first), with the product's count when it is shown or hidden. */
async function moderate(
  deps: ReviewsDeps,
  ctx: CallerContext,
  questionId: string,
  version: number,
  decide: (db: Transaction, row: QuestionRow) => Promise<Partial<QuestionRow>>,
): Promise<QuestionRow> {
  return ctx.db.transaction(async (db) => {
    const row = await repository.findQuestion(db, questionId);
    if (!row) throw QuestionErrors.questionNotFound();
    if (row.version !== version) throw QuestionErrors.changed();
    const changes = await decide(db, row);
    const after = await repository.changeQuestionAt(db, questionId, version, changes);
    if (!after) throw QuestionErrors.changed();
    if ((row.status === 'published') !== (after.status === 'published')) await recount(deps, db, after.productId);
    return after;
  });
}

async function moderated(deps: ReviewsDeps, ctx: DbContext, row: QuestionRow, rejectionReason: QuestionRejectionReason | null): Promise<ModeratedQuestion> {
  const [view] = await staffViews(deps, ctx, [row]);
  return { ...view!, rejectionReason };
}

async function invitationByToken(db: Db, token: string): Promise<InvitationRow> {
  const invitation = await repository.invitationByTokenHash(db, hashToken(token));
  if (!invitation) throw QuestionErrors.invitationNotFound();
  return invitation;
}

async function fileQuestion(deps: ReviewsDeps, ctx: Pick<ServiceContext, 'db' | 'clock'>, input: FiledQuestion): Promise<{ questionId: string }> {
  const product = await productOfSku(deps, ctx, input.sku);
  if (!product) throw QuestionErrors.productNotFound();
  const id = randomUUID();
  const inserted = await repository.insertQuestion(ctx.db, {
    id,
    productId: product.id,
    sku: input.sku,
    helpReference: input.helpReference,
    askerName: publicAskerName(input.askerName),
    customerId: input.customerId,
    question: input.question,
    status: 'pending',
    createdAt: ctx.clock.now(),
  });
  return { questionId: inserted ?? (await repository.questionIdOfEnquiry(ctx.db, input.helpReference))! };
}

async function searchQuestions(deps: ReviewsDeps, ctx: DbContext, search: QuestionSearchInput): Promise<QuestionSearchPage> {
  const empty = { items: [], page: search.page, size: search.size, totalCount: 0, totalPages: 1 };
  let productId: number | undefined;
  if (search.sku) {
    const product = await productOfSku(deps, ctx, search.sku.toUpperCase());
    if (!product) return empty;
    productId = product.id;
  }
  const { rows, totalCount } = await repository.questionsPage(ctx.db, { status: search.status, productId, text: search.text }, search.page, search.size);
  return { items: await staffViews(deps, ctx, rows), page: search.page, size: search.size, totalCount, totalPages: totalPages(totalCount, search.size) };
}

async function answerQuestion(deps: ReviewsDeps, ctx: CallerContext, questionId: string, input: AnswerInput): Promise<ModeratedQuestion> {
  const now = ctx.clock.now();
  const row = await moderate(deps, ctx, questionId, input.version, async (db, before) => {
    if (before.status === 'published') throw QuestionErrors.alreadyPublished();
    if (before.status === 'rejected') throw QuestionErrors.alreadyRejected();
    const moderator = ctx.actor?.userId ?? null;
    if (input.fromInvitationId) {
      const proposed = await repository.proposedAnswer(db, input.fromInvitationId, questionId);
      if (!proposed) throw QuestionErrors.proposedAnswerNotFound();
      return {
        status: 'published',
        answer: proposed.answer,
        answerSource: 'customer',
        answererName: proposed.answererName,
        answeredBy: moderator,
        answeredAt: now,
      };
    }
    return {
      status: 'published',
      answer: input.answer!,
      answerSource: 'shop',
      answererName: shopAnswererName(deps.notifications.shopDetails().tradingName),
      answeredBy: moderator,
      answeredAt: now,
    };
  });
  return moderated(deps, ctx, row, null);
}

async function rejectQuestion(deps: ReviewsDeps, ctx: ServiceContext, questionId: string, input: RejectInput): Promise<ModeratedQuestion> {
  const row = await moderate(deps, ctx, questionId, input.version, async (_db, before) => {
    if (before.status === 'rejected') throw QuestionErrors.alreadyRejected();
    return { status: 'rejected', rejectionReason: input.reason };
  });
  ctx.log.info(
    { questionId, reason: input.reason, moderator: ctx.actor?.userId ?? null },
    `Question rejected: ${QUESTION_REJECTION_REASON_NAMES[input.reason]}`,
  );
  return moderated(deps, ctx, row, row.rejectionReason);
}

async function inviteQuestionAnswers(deps: ReviewsDeps, ctx: CallerContext, questionId: string): Promise<QuestionInvitationsSent> {
  const { catalogue, orders, notifications, publicUrl } = deps;
  const row = await repository.findQuestion(ctx.db, questionId);
  if (!row) throw QuestionErrors.questionNotFound();
  if (row.status === 'published') throw QuestionErrors.alreadyPublished();
  if (row.status === 'rejected') throw QuestionErrors.alreadyRejected();
  const invitedBefore = await repository.invitedAddresses(ctx.db, questionId);
  const product = await productOfSku(deps, ctx, row.sku);
  // Buyers of any of the product's options can answer a question about it.
  const summary = product ? await catalogue.getProductSummary(ctx, product.slug) : null;
  const skus = summary ? summary.offerings.map((offering) => offering.sku) : [];
  const buyers = await orders.recentBuyersOf(ctx, skus, {
    limit: QUESTION_INVITATIONS_PER_CALL,
    excludeCustomerId: row.customerId,
    excludeEmailAddresses: invitedBefore,
  });
  const now = ctx.clock.now();
  const invited = await ctx.db.transaction(async (db) => {
    let sent = 0;
    for (const buyer of buyers) {
      const emailAddress = buyer.emailAddress.trim();
      if (!notifications.isSendableAddress(emailAddress)) continue;
      const token = newOpaqueId();
      const id = randomUUID();
      // The unique (question, address) index decides: of two moderators inviting at once, one e-mails each buyer.
      const claimed = await repository.claimQuestionInvitation(db, {
        id,
        questionId,
        customerId: buyer.customerId,
        emailAddress,
        tokenHash: hashToken(token),
        sentAt: now,
      });
      if (!claimed) continue;
      await notifications.enqueueEmail(
        { db },
        {
          to: emailAddress,
          ...invitationEmail(notifications, { name: buyer.name, productName: product!.name, question: row.question, url: answerUrlFor(publicUrl, token) }),
          template: 'reviews.question-invitation',
          dedupeKey: `question-invitation:${id}`,
        },
      );
      sent += 1;
    }
    return sent;
  });
  const invitationsSent = invitedBefore.length + invited;
  return { invited, invitationsSent, message: invitationMessage(invited, invitedBefore.length) };
}

async function getQuestionInvitation(deps: ReviewsDeps, ctx: Pick<ServiceContext, 'db' | 'clock'>, token: string): Promise<QuestionInvitation> {
  const invitation = await invitationByToken(ctx.db, token);
  const question = await repository.findQuestion(ctx.db, invitation.questionId);
  const product = await productOfSku(deps, ctx, question!.sku);
  return {
    question: question!.question,
    askerName: question!.askerName,
    askedAt: question!.createdAt.toISOString(),
    product: product ? { name: product.name, sku: product.sku, slug: product.slug } : null,
    state:
      invitation.answer !== null
        ? 'answered'
        : question!.status !== 'pending'
          ? 'closed'
          : invitationExpired(invitation.sentAt, ctx.clock.now())
            ? 'expired'
            : 'open',
    answererName: invitation.answererName,
    answer: invitation.answer,
  };
}

async function answerQuestionInvitation(ctx: CallerContext, token: string, input: InvitedAnswerInput): Promise<InvitedAnswerReceipt> {
  return ctx.db.transaction(async (db) => {
    const invitation = await invitationByToken(db, token);
    if (invitation.answer !== null) throw QuestionErrors.invitationAnswered();
    if ((await repository.questionStatus(db, invitation.questionId)) !== 'pending') throw QuestionErrors.invitationClosed();
    if (invitationExpired(invitation.sentAt, ctx.clock.now())) throw QuestionErrors.invitationExpired();
    // Once: of two answers sent at once, the first to update wins and the other finds it answered.
    const updated = await repository.recordInvitedAnswer(db, invitation.id, {
      answererName: input.answererName,
      answer: input.answer,
      answeredAt: ctx.clock.now(),
    });
    if (!updated) throw QuestionErrors.invitationAnswered();
    return { received: true as const, nextSteps: ANSWER_RECEIVED };
  });
}

export function createQuestions(deps: ReviewsDeps): ReviewQuestionsService {
  return {
    fileQuestion: (ctx, input) => fileQuestion(deps, ctx, input),
    searchQuestions: (ctx, search) => searchQuestions(deps, ctx, search),
    answerQuestion: (ctx, questionId, input) => answerQuestion(deps, ctx, questionId, input),
    rejectQuestion: (ctx, questionId, input) => rejectQuestion(deps, ctx, questionId, input),
    inviteQuestionAnswers: (ctx, questionId) => inviteQuestionAnswers(deps, ctx, questionId),
    getQuestionInvitation: (ctx, token) => getQuestionInvitation(deps, ctx, token),
    answerQuestionInvitation,
  };
}

/** The invitation: the question in the asker's words and the product, shown escaped by the e-mail layout. */
function invitationEmail(notifications: ReviewsDeps['notifications'], facts: { name: string; productName: string; question: string; url: string }) {
  return notifications.renderEmail({
    subject: `Can you help another customer with ${facts.productName}?`,
    preheader: `A customer asked: “${facts.question.slice(0, 120)}”`,
    heading: 'Can you answer a question about something you bought?',
    paragraphs: [
      `Hello ${facts.name},`,
      `You bought ${facts.productName} from us. Another customer is thinking of buying it and asked:`,
      `“${facts.question}”`,
      'If you can answer from your own experience, it takes a minute. We check every answer before it appears on the product page, ' +
        'with the name you choose.',
    ],
    action: { label: 'Answer the question', url: facts.url },
    footnote:
      'You are receiving this because you bought this product from us. We ask you at most once about each question; ' +
      'ignore this e-mail if you would rather not answer.',
  });
}
