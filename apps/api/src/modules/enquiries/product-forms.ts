import { formatPenceShort, type EnquiryAccepted } from '@shop/contracts';
import type { PriceMatchRequestSchema, ProductEmailRequestSchema, ProductQuestionRequestSchema } from '@shop/contracts';
import type { EnquiriesDeps, EnquiryFormsDeps } from './enquiries.deps.ts';
import { EnquiryErrors } from './enquiries.errors.ts';
import { summaryLine } from './enquiry-rules.ts';
import { contactOf, productFacts, recordEnquiry, type Body, type Ctx } from './form-requests.ts';

/** The forms about one product: a price match, a question, and sending it to a friend. */

export async function requestPriceMatch(deps: EnquiriesDeps, ctx: Ctx, body: Body<typeof PriceMatchRequestSchema>): Promise<EnquiryAccepted> {
  const contact = contactOf(deps, ctx, body);
  const product = await productFacts(deps, ctx.db, body.sku);
  // Like for like, in stock only (§8.5).
  if (!body.competitorInStock) throw EnquiryErrors.priceMatchNotInStock();
  return recordEnquiry(deps, ctx, 'PRICE_MATCH', contact, {
    sku: product.sku,
    summary: summaryLine(product.productName, `${formatPenceShort(body.competitorPricePence)} delivered (ours ${formatPenceShort(product.pricePence)})`),
    details: { ...body, productName: product.productName, ourPricePence: product.pricePence, name: undefined, emailAddress: undefined },
    message: body.message ?? null,
    nextSteps: [
      `We will check the other shop’s price of ${formatPenceShort(body.competitorPricePence)} for ${product.productName} ` +
        'is like for like, in stock and delivered.',
      'If we can match it, we will send you a price for your order.',
    ],
  });
}

export async function askProductQuestion(deps: EnquiryFormsDeps, ctx: Ctx, body: Body<typeof ProductQuestionRequestSchema>): Promise<EnquiryAccepted> {
  const contact = contactOf(deps, ctx, body);
  const product = await productFacts(deps, ctx.db, body.sku);
  return recordEnquiry(
    deps,
    ctx,
    'PRODUCT_QUESTION',
    contact,
    {
      sku: product.sku,
      summary: summaryLine(product.productName, body.question),
      details: { sku: product.sku, productName: product.productName, mayPublish: body.mayPublish },
      message: body.question,
      nextSteps: [
        `Our product team will answer your question about ${product.productName} by e-mail.`,
        ...(body.mayPublish
          ? [
              'Once our moderators publish the answer, your question and its answer will appear on the product page, under “Questions and answers”, ' +
                'with your first name and initial (never your e-mail address).',
            ]
          : []),
      ],
    },
    // With the asker's permission, the question also waits in the moderators' queue, filed in the same transaction (issue 21).
    body.mayPublish
      ? (db, reference) =>
          deps.productQuestionAsked(
            { db, clock: ctx.clock },
            { sku: product.sku, helpReference: reference, askerName: contact.name, customerId: contact.customerId, question: body.question },
          )
      : undefined,
  );
}

export async function emailProductToFriend(
  deps: EnquiriesDeps,
  ctx: Ctx,
  body: Body<typeof ProductEmailRequestSchema>,
): Promise<{ sentTo: string; productName: string }> {
  const { notifications } = deps;
  const product = await productFacts(deps, ctx.db, body.sku);
  if (!notifications.isSendableAddress(body.friendEmailAddress)) throw EnquiryErrors.emailNotSendable('friendEmailAddress');
  const sender = ctx.actor?.name || body.senderName;
  await notifications.enqueueEmail(ctx, {
    to: body.friendEmailAddress.trim(),
    ...notifications.renderEmail({
      subject: `${sender} thought you would like ${product.productName}`,
      heading: product.productName,
      paragraphs: [
        `Hello${body.friendName ? ` ${body.friendName}` : ''},`,
        `${sender} found this on our website and thought you would like it: ${product.productName}, ${formatPenceShort(product.pricePence)} including VAT.`,
        ...(body.message ? [`Their message: “${body.message}”`] : []),
      ],
      action: { label: 'See the product', url: product.url },
      footnote: 'Someone who knows your e-mail address sent you this. We have not kept your address and will not e-mail you again.',
    }),
    template: 'help-centre.product-email',
  });
  return { sentTo: body.friendEmailAddress.trim(), productName: product.productName };
}
