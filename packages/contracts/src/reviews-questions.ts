import { z } from 'zod';
import { enteredText } from './checkout.ts';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';
import { pageNumber, pageSize, paging } from './reviews-listings.ts';
import { QUESTION_STATUSES, REVIEW_HOLD_REASONS } from './reviews-values.ts';

/**
 * Product questions (issue 21): staff answering and publishing them, and customers who bought the
 * product answering by an e-mailed link. Calls of our own beside the spec's `GET /Listings/QnAs/`
 * (decision 0036). Questions are filed by the help centre's product-question enquiry.
 */

const Instant = z.iso.datetime({ offset: true });
const BODY_NOT_AN_OBJECT = { error: 'Send the details as a JSON object' };

/** The only reasons a question is not published (or is taken down). */
export const QUESTION_REJECTION_REASONS = ['not_about_product', 'personal_data', 'offensive'] as const;
export type QuestionRejectionReason = (typeof QUESTION_REJECTION_REASONS)[number];
export const QUESTION_REJECTION_REASON_NAMES: Record<QuestionRejectionReason, string> = {
  not_about_product: 'Not about the product (an order, delivery or service)',
  personal_data: 'Contains personal data',
  offensive: 'Offensive or abusive',
};

/** Who a published answer is from: the shop's team, or a customer who bought the product. */
export const QUESTION_ANSWER_SOURCES = ['shop', 'customer'] as const;
export type QuestionAnswerSource = (typeof QUESTION_ANSWER_SOURCES)[number];

export const QUESTION_ANSWER_MIN = 2;
export const QUESTION_ANSWER_MAX = 2000;
export const QUESTION_ANSWERER_NAME_MAX = 60;
/** How many buyers one "invite buyers to answer" e-mails at most. */
export const QUESTION_INVITATIONS_PER_CALL = 5;
export const QUESTION_SEARCH_MAX_SIZE = 100;

const Answer = (what: string, missing: string) =>
  enteredText(what, QUESTION_ANSWER_MAX, missing).min(QUESTION_ANSWER_MIN, `${what} must be at least ${QUESTION_ANSWER_MIN} characters`);

const Version = z
  .number({ error: 'Send the version of the question you were looking at' })
  .int('The version must be a whole number')
  .positive('The version must be a whole number')
  .describe('The version the moderator was looking at: when the question changed since, 409 QUESTION_CHANGED');

export const QuestionSearchSchema = z
  .object(
    {
      status: z.enum(QUESTION_STATUSES, { error: 'Choose pending, published or rejected' }).optional().describe('Every status when left out'),
      sku: z
        .string({ error: 'Enter the product code' })
        .trim()
        .max(40, 'The product code must be 40 characters or fewer')
        .optional()
        .describe('Questions about the product with this code (any of its options)'),
      text: z.string({ error: 'Enter words to look for' }).trim().max(200, 'Look for 200 characters or fewer').optional().describe('In the question or answer'),
      page: pageNumber,
      size: pageSize(QUESTION_SEARCH_MAX_SIZE, 20),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'QuestionSearch' });
export type QuestionSearch = z.input<typeof QuestionSearchSchema>;

export const ProposedAnswerSchema = z
  .object({
    invitationId: z.uuid(),
    answererName: z.string(),
    answer: z.string(),
    answeredAt: Instant,
    heldReason: z
      .enum(REVIEW_HOLD_REASONS)
      .nullable()
      .describe('What the automatic first pass found in it (a link, an e-mail address…): look before publishing'),
  })
  .meta({ id: 'ProposedAnswer' });
export type ProposedAnswer = z.infer<typeof ProposedAnswerSchema>;

const QuestionProduct = z.object({ name: z.string(), sku: z.string(), slug: z.string() }).nullable().describe('null when the product is no longer sold');

export const StaffQuestionSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(QUESTION_STATUSES),
    version: z.number().int().describe('Send it back with the next change: when the question changed meanwhile, 409 QUESTION_CHANGED'),
    question: z.string(),
    askerName: z.string(),
    askedAt: Instant,
    helpReference: z.string().nullable().describe('The help centre request it came from (HC-…)'),
    product: QuestionProduct,
    answer: z.string().nullable(),
    answerSource: z.enum(QUESTION_ANSWER_SOURCES).nullable(),
    answererName: z.string().nullable(),
    answeredAt: Instant.nullable().describe('When it was published'),
    invitationsSent: z.number().int().describe('Buyers invited to answer it'),
    proposedAnswers: z.array(ProposedAnswerSchema).describe('Answers from invited customers, oldest first, for a moderator to publish'),
  })
  .meta({ id: 'StaffQuestion' });
export type StaffQuestion = z.infer<typeof StaffQuestionSchema>;

export const QuestionSearchPageSchema = z.object({ items: z.array(StaffQuestionSchema), ...paging }).meta({ id: 'QuestionSearchPage' });
export type QuestionSearchPage = z.infer<typeof QuestionSearchPageSchema>;

export const AnswerQuestionSchema = z
  .object(
    {
      answer: Answer('Your answer', 'Enter an answer').optional().describe('The shop team’s answer; leave it out to publish a customer’s'),
      fromInvitationId: z
        .uuid({ error: 'That is not one of the customers’ answers. Reload the question.' })
        .optional()
        .describe('Publish this invited customer’s answer as they wrote it'),
      version: Version,
    },
    BODY_NOT_AN_OBJECT,
  )
  .refine((body) => (body.answer === undefined) !== (body.fromInvitationId === undefined), {
    error: 'Enter an answer, or choose one customer’s answer to publish: not both',
    path: ['answer'],
  })
  .meta({ id: 'AnswerQuestion' });
export type AnswerQuestion = z.input<typeof AnswerQuestionSchema>;

export const RejectQuestionQuerySchema = z.object({
  reason: z.enum(QUESTION_REJECTION_REASONS, {
    error: 'Choose a reason from the list: not about the product, personal data, or offensive',
  }),
  version: z.coerce
    .number({ error: 'Send the version of the question you were looking at' })
    .int('The version must be a whole number')
    .positive('The version must be a whole number'),
});
export type RejectQuestionQuery = z.input<typeof RejectQuestionQuerySchema>;

export const ModeratedQuestionSchema = StaffQuestionSchema.extend({
  rejectionReason: z.enum(QUESTION_REJECTION_REASONS).nullable().describe('The reason just given, when this change rejected it'),
}).meta({ id: 'ModeratedQuestion' });
export type ModeratedQuestion = z.infer<typeof ModeratedQuestionSchema>;

export const QuestionInvitationsSentSchema = z
  .object({
    invited: z.number().int().describe('Buyers e-mailed by this call'),
    invitationsSent: z.number().int().describe('Buyers invited to answer this question so far'),
    message: z.string().describe('What happened, in words for the moderator'),
  })
  .meta({ id: 'QuestionInvitationsSent' });
export type QuestionInvitationsSent = z.infer<typeof QuestionInvitationsSentSchema>;

export const QuestionInvitationSchema = z
  .object({
    question: z.string(),
    askerName: z.string(),
    askedAt: Instant,
    product: QuestionProduct,
    state: z
      .enum(['open', 'answered', 'closed', 'expired'])
      .describe(
        'open: waiting for this customer’s answer; answered: they sent one; closed: the question was answered or withdrawn meanwhile; ' +
          'expired: the link is older than QUESTION_INVITATION_DAYS',
      ),
    answererName: z.string().nullable().describe('What they sent, once answered'),
    answer: z.string().nullable(),
  })
  .meta({ id: 'QuestionInvitation' });
export type QuestionInvitation = z.infer<typeof QuestionInvitationSchema>;

export const InvitedAnswerSchema = z
  .object(
    {
      answererName: enteredText('Your name', QUESTION_ANSWERER_NAME_MAX, 'Enter your name as it will be shown'),
      answer: Answer('Your answer', 'Enter your answer'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'InvitedAnswer' });
export type InvitedAnswer = z.input<typeof InvitedAnswerSchema>;

export const InvitedAnswerReceiptSchema = z
  .object({ received: z.literal(true), nextSteps: z.string().describe('What happens next, in words for the customer') })
  .meta({ id: 'InvitedAnswerReceipt' });
export type InvitedAnswerReceipt = z.infer<typeof InvitedAnswerReceiptSchema>;

const QuestionParams = z.object({ questionId: z.uuid({ error: 'There is no such question. Reload the list of questions.' }) });
/** Any text: an unknown or mistyped link is the same 404 as one never sent. */
const TokenParams = z.object({ token: z.string().min(1).max(200) });
const moderators = requireRole('review-moderator');
const changeNote =
  'A question changed since `version` (another moderator at the same moment) is 409 QUESTION_CHANGED and changes nothing; ' +
  'one published or rejected already is 409 QUESTION_ALREADY_PUBLISHED or QUESTION_ALREADY_REJECTED; an unknown one 404 QUESTION_NOT_FOUND.';

export const reviewQuestionEndpoints = {
  searchQuestions: defineEndpoint({
    service: 'reviews',
    access: moderators,
    method: 'POST',
    path: '/Search/Questions',
    summary: 'Product questions by status, product code and words: pending first, oldest first, paged; with customers’ proposed answers',
    description: 'Not a call of the spec (decision 0036). An unknown product code finds nothing.',
    body: QuestionSearchSchema,
    responses: { 200: QuestionSearchPageSchema },
  }),
  answerQuestion: defineEndpoint({
    service: 'reviews',
    access: moderators,
    method: 'PUT',
    path: '/Questions/Answer/{questionId}',
    summary: 'Publishes a pending question with the shop team’s answer, or with an invited customer’s proposed answer',
    description:
      `Not a call of the spec (decision 0036). The product’s question count changes in the same transaction. ${changeNote} ` +
      'A `fromInvitationId` that is not an answered invitation of this question is 422 QUESTION_PROPOSED_ANSWER_NOT_FOUND.',
    params: QuestionParams,
    body: AnswerQuestionSchema,
    responses: { 200: ModeratedQuestionSchema },
  }),
  rejectQuestion: defineEndpoint({
    service: 'reviews',
    access: moderators,
    method: 'PUT',
    path: '/Questions/Reject/{questionId}',
    summary: 'Rejects a pending question, or takes a published one down, for a reason from the fixed list',
    description: `Not a call of the spec (decision 0036). Like rejecting a review, the reason and version are query parameters. ${changeNote}`,
    params: QuestionParams,
    query: RejectQuestionQuerySchema,
    responses: { 200: ModeratedQuestionSchema },
  }),
  inviteQuestionAnswers: defineEndpoint({
    service: 'reviews',
    access: moderators,
    method: 'POST',
    path: '/Questions/{questionId}/Invitations',
    summary: `E-mails up to ${QUESTION_INVITATIONS_PER_CALL} customers who bought the product (dispatched or delivered) a link to answer the question`,
    description:
      'Not a call of the spec (decision 0036). Never the asker, one e-mail per address, each address at most once per question. ' +
      'Nobody (left) to invite is 200 with `invited: 0` and a message. Only a pending question: else 409 QUESTION_ALREADY_PUBLISHED or ' +
      'QUESTION_ALREADY_REJECTED; an unknown one 404 QUESTION_NOT_FOUND.',
    bodyType: 'none',
    params: QuestionParams,
    responses: { 200: QuestionInvitationsSentSchema },
  }),
  getQuestionInvitation: defineEndpoint({
    service: 'reviews',
    access: publicAccess,
    method: 'GET',
    path: '/Questions/Invitations/{token}',
    summary: 'The question and product an e-mailed invitation asks a customer to answer',
    description: 'Not a call of the spec (decision 0036). An unknown link is 404 QUESTION_INVITATION_NOT_FOUND.',
    params: TokenParams,
    responses: { 200: QuestionInvitationSchema },
  }),
  answerQuestionInvitation: defineEndpoint({
    service: 'reviews',
    access: publicAccess,
    method: 'POST',
    path: '/Questions/Invitations/{token}/Answer',
    summary: 'An invited customer’s answer, once: it waits for a moderator to publish it',
    description:
      'Not a call of the spec (decision 0036). A second answer is 409 QUESTION_INVITATION_ANSWERED; a question answered or withdrawn ' +
      'meanwhile 409 QUESTION_INVITATION_CLOSED; a link older than QUESTION_INVITATION_DAYS (30) 410 QUESTION_INVITATION_EXPIRED; ' +
      'an unknown link 404 QUESTION_INVITATION_NOT_FOUND. Links, e-mail addresses and phone ' +
      'numbers are kept but shown to the moderator as held.',
    params: TokenParams,
    body: InvitedAnswerSchema,
    responses: { 201: InvitedAnswerReceiptSchema },
  }),
} as const;
