import { CALLBACK_SLOT_NAMES, CATALOGUE_NAMES, ENQUIRY_TOPIC_NAMES, TRADE_TYPE_NAMES, type EnquiryAccepted } from '@shop/contracts';
import type {
  CatalogueRequestSchema,
  FeedbackRequestSchema,
  GeneralEnquiryRequestSchema,
  MarketingPressRequestSchema,
  RetailPartnerRequestSchema,
  TradeCallbackRequestSchema,
  TradeEnquiryRequestSchema,
} from '@shop/contracts';
import type { EnquiriesDeps } from './enquiries.deps.ts';
import { EnquiryErrors } from './enquiries.errors.ts';
import { callbackDayAvailable, readableDate, summaryLine } from './enquiry-rules.ts';
import { contactOf, formEnquiry, recordEnquiry, type Body, type Ctx } from './form-requests.ts';

/** The contact forms: each records what was typed as one inbox request for its team (§8.5). */

const acknowledgeWithReference = 'We will reply by e-mail.';

export const sendGeneralEnquiry = formEnquiry<Body<typeof GeneralEnquiryRequestSchema>>('GENERAL_ENQUIRY', (body) => ({
  phone: body.phone ?? null,
  summary: summaryLine(ENQUIRY_TOPIC_NAMES[body.topic], body.orderNumber, body.message),
  details: { topic: body.topic, orderNumber: body.orderNumber ?? null },
  message: body.message,
  nextSteps: [acknowledgeWithReference],
}));

export const sendRetailPartnerProductForm = formEnquiry<Body<typeof RetailPartnerRequestSchema>>('RETAIL_PARTNER', (body) => ({
  phone: body.phone ?? null,
  summary: summaryLine(body.companyName, body.products),
  details: { companyName: body.companyName, website: body.website ?? null },
  message: body.products,
  nextSteps: ['Our buying team will look at your products and reply if they suit our range.'],
}));

export const sendTradeEnquiry = formEnquiry<Body<typeof TradeEnquiryRequestSchema>>('TRADE_ENQUIRY', (body) => ({
  phone: body.phone ?? null,
  summary: summaryLine(body.companyName, TRADE_TYPE_NAMES[body.tradeType], body.query),
  details: { companyName: body.companyName, companyNumberOrVat: body.companyNumberOrVat ?? null, tradeType: body.tradeType },
  message: body.query,
  nextSteps: ['Our trade desk will reply within one working day.'],
}));

export const sendMarketingPressEnquiry = formEnquiry<Body<typeof MarketingPressRequestSchema>>('MARKETING_PRESS', (body) => ({
  phone: body.phone ?? null,
  summary: summaryLine(body.organisation, body.brief),
  details: { organisation: body.organisation },
  message: body.brief,
  nextSteps: ['Our marketing team will reply by e-mail.'],
}));

export const requestCatalogue = formEnquiry<Body<typeof CatalogueRequestSchema>>('CATALOGUE_REQUEST', (body) => {
  const address = { ...body.address, postcode: body.address.postcode.toUpperCase().replace(/\s+/g, ' ') };
  return {
    summary: summaryLine(CATALOGUE_NAMES[body.catalogue], address.town, address.postcode),
    details: { catalogue: body.catalogue, address },
    message: null,
    nextSteps: [`We will post the ${CATALOGUE_NAMES[body.catalogue].toLowerCase()} to ${address.line1}, ${address.town} ${address.postcode}.`],
  };
});

export const sendFeedback = formEnquiry<Body<typeof FeedbackRequestSchema>>('FEEDBACK', (body) => ({
  summary: summaryLine(`${body.rating} out of 5`, body.page, body.comment),
  details: { rating: body.rating, page: body.page ?? null },
  message: body.comment,
  nextSteps: ['Thank you for telling us. We read every comment; we will reply if you asked us something.'],
}));

/** A call from the trade desk on a weekday the customer chose. */
export async function requestTradeCallback(deps: EnquiriesDeps, ctx: Ctx, body: Body<typeof TradeCallbackRequestSchema>): Promise<EnquiryAccepted> {
  const contact = contactOf(deps, ctx, body);
  if (!callbackDayAvailable(body.preferredDate, ctx.clock.now())) throw EnquiryErrors.callbackDayNotAvailable();
  const when = `${readableDate(body.preferredDate)}, ${CALLBACK_SLOT_NAMES[body.slot].toLowerCase()}`;
  return recordEnquiry(deps, ctx, 'TRADE_CALLBACK', contact, {
    phone: body.phone,
    summary: summaryLine(body.companyName, `Call ${when}`, body.topic),
    details: { companyName: body.companyName, preferredDate: body.preferredDate, slot: body.slot },
    message: body.topic,
    nextSteps: [`Our trade desk will call you on ${body.phone} on ${when}.`],
  });
}
