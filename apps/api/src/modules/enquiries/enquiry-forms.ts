import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CALLBACK_SLOT_NAMES,
  CATALOGUE_NAMES,
  ENQUIRY_TOPIC_NAMES,
  HELP_REQUEST_ROUTING,
  JobApplicationFieldsSchema,
  OPEN_ROLES,
  TRADE_TYPE_NAMES,
  WEEE_ITEM_TYPE_NAMES,
  WEEE_MAX_PHOTOS,
  WEEE_METHOD_NAMES,
  WeeeRecyclingFieldsSchema,
  formatPenceShort,
  londonIsoDate,
  type EnquiryAccepted,
  type HelpRequestType,
  type StockLevelView,
  type StockNotice,
} from '@shop/contracts';
import type {
  AccountDeletionRequestSchema,
  CatalogueRequestSchema,
  FeedbackRequestSchema,
  GeneralEnquiryRequestSchema,
  MarketingPressRequestSchema,
  PriceMatchRequestSchema,
  ProductEmailRequestSchema,
  ProductNotificationRequestSchema,
  ProductQuestionRequestSchema,
  RetailPartnerRequestSchema,
  TradeCallbackRequestSchema,
  TradeEnquiryRequestSchema,
} from '@shop/contracts';
import { AppError, PlatformErrors } from '../../platform/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { TAX_RECORD_YEARS } from '../../platform/personal-data.ts';
import type { Job } from '../../platform/jobs.ts';
import { newOpaqueId } from '../../platform/readable-codes.ts';
import { IMAGE_TYPES, type FilesService, type FormFile, type StoredFile, type UploadForm, type UploadInput } from '../files/index.ts';
import { EnquiryErrors } from './enquiries.errors.ts';
import { callbackDayAvailable, readableDate, summaryLine, weeeWindow } from './enquiry-rules.ts';
import { addRequestDetails, helpRequestByReference } from './enquiries.repository.ts';
import type { EnquiriesDeps, ProductQuestionAsked } from './enquiries.deps.ts';
import { helpRequests } from './enquiries.tables.ts';
import { HelpRequestErrors } from './help-requests.errors.ts';
import { hashToken, recordHelpRequest, type HelpRequestInput } from './help-requests.ts';
import { backInStockJob, noticeByToken, requestNotice, unsubscribe, waitingCount, type ProductFacts } from './stock-notifications.ts';

type Body<S extends z.ZodType> = z.infer<S>;
type Ctx = ServiceContext;
/** A request as a form describes it: everything but its type and who is asking. */
type RequestDescription = Omit<HelpRequestInput, 'type' | 'name' | 'emailAddress' | 'customerId'>;

/** What accounts' erasure reads of an account deletion request. */
export interface AccountDeletionRequest {
  id: string;
  reference: string;
  status: string;
  emailAddress: string;
  customerId: string | null;
  details: Record<string, unknown>;
}

export interface EnquiryFormsService {
  requestPriceMatch(ctx: Ctx, body: Body<typeof PriceMatchRequestSchema>, publicUrl: string): Promise<EnquiryAccepted>;
  askProductQuestion(ctx: Ctx, body: Body<typeof ProductQuestionRequestSchema>, publicUrl: string): Promise<EnquiryAccepted>;
  sendGeneralEnquiry(ctx: Ctx, body: Body<typeof GeneralEnquiryRequestSchema>, publicUrl: string): Promise<EnquiryAccepted>;
  sendRetailPartnerProductForm(ctx: Ctx, body: Body<typeof RetailPartnerRequestSchema>, publicUrl: string): Promise<EnquiryAccepted>;
  requestElectricalRecycling(ctx: Ctx, files: FilesService, form: UploadForm, publicUrl: string): Promise<EnquiryAccepted>;
  requestAccountDeletion(
    ctx: Ctx,
    body: Body<typeof AccountDeletionRequestSchema>,
    publicUrl: string,
  ): Promise<EnquiryAccepted & { identityConfirmed: boolean }>;
  confirmAccountDeletion(ctx: Ctx, token: string): Promise<EnquiryAccepted & { identityConfirmed: boolean }>;
  sendTradeEnquiry(ctx: Ctx, body: Body<typeof TradeEnquiryRequestSchema>, publicUrl: string): Promise<EnquiryAccepted>;
  sendMarketingPressEnquiry(ctx: Ctx, body: Body<typeof MarketingPressRequestSchema>, publicUrl: string): Promise<EnquiryAccepted>;
  requestCatalogue(ctx: Ctx, body: Body<typeof CatalogueRequestSchema>, publicUrl: string): Promise<EnquiryAccepted>;
  requestTradeCallback(ctx: Ctx, body: Body<typeof TradeCallbackRequestSchema>, publicUrl: string): Promise<EnquiryAccepted>;
  emailProductToFriend(ctx: Ctx, body: Body<typeof ProductEmailRequestSchema>, publicUrl: string): Promise<{ sentTo: string; productName: string }>;
  requestBackInStockNotice(ctx: Ctx, body: Body<typeof ProductNotificationRequestSchema>, publicUrl: string): Promise<StockNotice>;
  getBackInStockNotice(ctx: Ctx, token: string): Promise<StockNotice>;
  unsubscribeBackInStockNotice(ctx: Ctx, token: string): Promise<StockNotice>;
  sendFeedback(ctx: Ctx, body: Body<typeof FeedbackRequestSchema>, publicUrl: string): Promise<EnquiryAccepted>;
  openRoles(): { roles: { id: string; title: string; location: string; summary: string }[] };
  applyForJob(ctx: Ctx, files: FilesService, form: UploadForm, publicUrl: string): Promise<EnquiryAccepted>;
  /** An account deletion request, for accounts' erasure; 404 for another type or an unknown reference. */
  accountDeletionRequest(ctx: Ctx, reference: string): Promise<AccountDeletionRequest>;
  /** Notes on the request that erasure was carried out (in the erasure's transaction). */
  noteErasure(ctx: Ctx, requestId: string, erasure: Record<string, unknown>): Promise<void>;
  stockLevel(ctx: Ctx, sku: string): Promise<StockLevelView>;
  addStock(ctx: Ctx, sku: string, quantity: number): Promise<StockLevelView>;
  /** The polling work: back-in-stock e-mails. */
  enquiryJobs(publicUrl: string): Job[];
}

/** A multipart form's fields checked by the contract's schema, refused in its words like a JSON body. */
function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw PlatformErrors.validationFailed(
    parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message, code: issue.code })),
  );
}

/** `productQuestionAsked` tells whoever files publishable product questions (reviews), in the enquiry's transaction. */
export function createEnquiryForms(deps: EnquiriesDeps & { productQuestionAsked: ProductQuestionAsked }): EnquiryFormsService {
  const { notifications, catalogue, inventory, orders } = deps;

  /** Who is asking: a signed-in customer's account, else what a guest typed (both required then). */
  function contactOf(ctx: Ctx, body: { name?: string; emailAddress?: string }): { name: string; emailAddress: string; customerId: string | null } {
    const name = ctx.actor?.name || body.name;
    const emailAddress = ctx.actor?.email || body.emailAddress;
    if (!name) throw EnquiryErrors.contactMissing('name');
    if (!emailAddress) throw EnquiryErrors.contactMissing('emailAddress');
    if (!notifications.isSendableAddress(emailAddress)) throw EnquiryErrors.emailNotSendable('emailAddress');
    return { name, emailAddress: emailAddress.trim(), customerId: ctx.actor?.userId ?? null };
  }

  /** A product code the catalogue sells, with what e-mails say about it; anything else is 422. */
  async function productFacts(db: Ctx['db'], sku: string, publicUrl: string, field = 'sku'): Promise<ProductFacts> {
    try {
      const product = await catalogue.getProductSummaryBySku({ db }, sku);
      const offering = product.offerings.find((candidate) => candidate.sku.toLowerCase() === sku.toLowerCase());
      const name = offering && !offering.isDefault ? `${product.productName} (${offering.label})` : product.productName;
      return {
        sku: offering?.sku ?? product.sku,
        productName: name,
        pricePence: (offering ?? product).price.priceIncTax,
        url: `${publicUrl}/p/${encodeURIComponent(product.slug)}`,
      };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw EnquiryErrors.productUnknown(field);
      throw error;
    }
  }

  /** Records one inbox request in its own transaction (with `alongside`'s work, in the same one) and answers what the customer is told. */
  async function record(
    ctx: Ctx,
    type: HelpRequestType,
    contact: { name: string; emailAddress: string; customerId: string | null },
    input: RequestDescription,
    publicUrl: string,
    alongside?: (db: Ctx['db'], reference: string) => Promise<unknown>,
  ): Promise<EnquiryAccepted> {
    const recorded = await ctx.db.transaction(async (db) => {
      const request = await recordHelpRequest(deps, { db, clock: ctx.clock }, { type, ...contact, ...input }, publicUrl);
      await alongside?.(db, request.reference);
      return request;
    });
    return { reference: recorded.reference, dueAt: recorded.dueAt.toISOString(), team: HELP_REQUEST_ROUTING[type].team, nextSteps: [...input.nextSteps] };
  }

  /** A form that only records what was typed: who is asking, then one request of `type` as `describe` puts it. */
  const formEnquiry =
    <B extends { name?: string; emailAddress?: string }>(type: HelpRequestType, describe: (body: B) => RequestDescription) =>
    async (ctx: Ctx, body: B, publicUrl: string): Promise<EnquiryAccepted> =>
      record(ctx, type, contactOf(ctx, body), describe(body), publicUrl);

  /** Stores a form's files (after its fields passed) and records the request: if anything fails, the files are removed again. */
  const withStoredFiles = <T>(
    ctx: Ctx,
    files: FilesService,
    upload: Pick<UploadInput, 'purpose' | 'accept'>,
    sent: readonly FormFile[],
    recordRequest: (stored: StoredFile[]) => Promise<T>,
  ): Promise<T> =>
    files.storeUploads(
      ctx,
      sent.map((file, index) => ({ ...upload, fileName: file.fileName, bytes: file.bytes, field: `body.${file.field}.${index}` })),
      recordRequest,
    );

  /** The order a WEEE request names: the signed-in customer's own, or a guest's by the address it was placed with. */
  async function orderOf(ctx: Ctx, orderNumber: string, emailAddress: string) {
    try {
      if (ctx.actor) return await orders.getMyOrder(ctx, orderNumber);
      await orders.checkTrackingDetails(ctx, orderNumber, emailAddress);
      return await orders.getOrderForStaff(ctx, orderNumber);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw EnquiryErrors.orderNotFound();
      throw error;
    }
  }

  const stockView = async (ctx: Ctx, sku: string): Promise<StockLevelView> => {
    const product = await productFacts(ctx.db, sku, '');
    const stockRow = await inventory.stockRecord(ctx, product.sku);
    const available = (await inventory.availabilityOf(ctx, [product.sku])).get(product.sku);
    return {
      sku: product.sku,
      productName: product.productName,
      status: available?.status ?? 'out_of_stock',
      onHand: stockRow?.onHand ?? 0,
      available: Number.isFinite(available?.sellable) ? (available?.sellable ?? 0) : (stockRow?.onHand ?? 0),
      waitingNotices: await waitingCount(ctx.db, product.sku),
    };
  };

  const acknowledgeWithReference = 'We will reply by e-mail.';

  return {
    async requestPriceMatch(ctx, body, publicUrl) {
      const contact = contactOf(ctx, body);
      const product = await productFacts(ctx.db, body.sku, publicUrl);
      // Like for like, in stock only (§8.5).
      if (!body.competitorInStock) throw EnquiryErrors.priceMatchNotInStock();
      return record(
        ctx,
        'PRICE_MATCH',
        contact,
        {
          sku: product.sku,
          summary: summaryLine(product.productName, `${formatPenceShort(body.competitorPricePence)} delivered (ours ${formatPenceShort(product.pricePence)})`),
          details: { ...body, productName: product.productName, ourPricePence: product.pricePence, name: undefined, emailAddress: undefined },
          message: body.message ?? null,
          nextSteps: [
            `We will check the other shop’s price of ${formatPenceShort(body.competitorPricePence)} for ${product.productName} ` +
              'is like for like, in stock and delivered.',
            'If we can match it, we will send you a price for your order.',
          ],
        },
        publicUrl,
      );
    },

    async askProductQuestion(ctx, body, publicUrl) {
      const contact = contactOf(ctx, body);
      const product = await productFacts(ctx.db, body.sku, publicUrl);
      return record(
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
        publicUrl,
        // With the asker's permission, the question also waits in the moderators' queue, filed in the same transaction (issue 21).
        body.mayPublish
          ? (db, reference) =>
              deps.productQuestionAsked(
                { db, clock: ctx.clock },
                { sku: product.sku, helpReference: reference, askerName: contact.name, customerId: contact.customerId, question: body.question },
              )
          : undefined,
      );
    },

    sendGeneralEnquiry: formEnquiry('GENERAL_ENQUIRY', (body) => ({
      phone: body.phone ?? null,
      summary: summaryLine(ENQUIRY_TOPIC_NAMES[body.topic], body.orderNumber, body.message),
      details: { topic: body.topic, orderNumber: body.orderNumber ?? null },
      message: body.message,
      nextSteps: [acknowledgeWithReference],
    })),

    sendRetailPartnerProductForm: formEnquiry('RETAIL_PARTNER', (body) => ({
      phone: body.phone ?? null,
      summary: summaryLine(body.companyName, body.products),
      details: { companyName: body.companyName, website: body.website ?? null },
      message: body.products,
      nextSteps: ['Our buying team will look at your products and reply if they suit our range.'],
    })),

    async requestElectricalRecycling(ctx, files, form, publicUrl) {
      const body = parseFields(WeeeRecyclingFieldsSchema, form.fields);
      const photos = form.files.filter((file) => file.field === 'photos');
      if (photos.length === 0) throw EnquiryErrors.photoMissing();
      if (photos.length > WEEE_MAX_PHOTOS || form.files.length > photos.length) throw EnquiryErrors.tooManyFiles('photos', WEEE_MAX_PHOTOS);
      const contact = contactOf(ctx, body);
      const now = ctx.clock.now();
      let order: { id: string; orderNumber: string } | null = null;
      let boughtOn = body.purchaseDate;
      if (body.orderNumber) {
        const found = await orderOf(ctx, body.orderNumber, contact.emailAddress);
        order = { id: found.orderGuid, orderNumber: found.orderNumber };
        boughtOn = londonIsoDate(found.placedAt);
      }
      if (!boughtOn) throw EnquiryErrors.weeePurchaseDateMissing();
      const window = weeeWindow(boughtOn, now);
      if (window.inFuture) throw EnquiryErrors.weeePurchaseDateFuture();
      if (!window.open) throw EnquiryErrors.weeeWindowClosed(order ? 'orderNumber' : 'purchaseDate', readableDate(window.closesOn));
      const postcode = body.postcode.toUpperCase().replace(/\s+/g, ' ');
      return withStoredFiles(ctx, files, { purpose: 'help-request', accept: IMAGE_TYPES }, photos, (stored) =>
        record(
          ctx,
          'WEEE_RECYCLING',
          contact,
          {
            phone: body.phone ?? null,
            order,
            summary: summaryLine(WEEE_ITEM_TYPE_NAMES[body.oldItemType], WEEE_METHOD_NAMES[body.method], postcode),
            details: { ...body, name: undefined, emailAddress: undefined, postcode, boughtOn, takeBackUntil: window.closesOn },
            message: body.notes ?? null,
            files: stored.map((file) => ({ file, role: 'photo' })),
            nextSteps: [
              body.method === 'collection'
                ? `Our operations team will arrange a day to collect your old ${WEEE_ITEM_TYPE_NAMES[body.oldItemType].toLowerCase()} ` +
                  `from ${postcode}, and tell you any charge first.`
                : `Our operations team will tell you where and when to drop off your old ${WEEE_ITEM_TYPE_NAMES[body.oldItemType].toLowerCase()}.`,
              `Take-back is free until ${readableDate(window.closesOn)}.`,
            ],
          },
          publicUrl,
        ),
      );
    },

    async requestAccountDeletion(ctx, body, publicUrl) {
      const contact = contactOf(ctx, body);
      // A session proves who is asking; a guest proves it by following a link sent to the address (decision 0030).
      const confirmed = ctx.actor !== null && ctx.actor !== undefined;
      const token = confirmed ? null : newOpaqueId();
      const accepted = await ctx.db.transaction(async (db) => {
        const recorded = await recordHelpRequest(
          deps,
          { db, clock: ctx.clock },
          {
            type: 'ACCOUNT_DELETION',
            ...contact,
            summary: summaryLine(confirmed ? 'Identity confirmed by signing in' : 'Waiting for the customer to confirm by e-mail', body.reason),
            details: { reason: body.reason, identityConfirmed: confirmed, ...(token ? { confirmTokenHash: hashToken(token) } : { confirmedBy: 'session' }) },
            message: body.reason,
            nextSteps: [
              ...(confirmed ? [] : ['First, confirm it is you: follow the link in the other e-mail we have just sent.']),
              'Our data protection officer will delete your account and personal details within one month, and tell you when it is done.',
              `We must keep the records of any orders (amounts, VAT and invoice details) for ${TAX_RECORD_YEARS} years for HMRC.`,
            ],
          },
          publicUrl,
        );
        if (token) {
          await notifications.enqueueEmail(
            { db },
            {
              to: contact.emailAddress,
              ...notifications.renderEmail({
                subject: `Confirm you want your account deleted: ${recorded.reference}`,
                heading: 'Confirm it is you',
                paragraphs: [
                  `Hello ${contact.name},`,
                  `We have a request to delete the account and personal details for ${contact.emailAddress} (reference ${recorded.reference}).`,
                  'If it was you, confirm it with the button below. If it was not, ignore this e-mail: nothing will be deleted.',
                ],
                action: { label: 'Confirm the request', url: `${publicUrl}/help/contact/confirm-deletion/${token}` },
                footnote: 'You are receiving this because someone asked us to delete the account for this address.',
              }),
              template: 'help-centre.erasure-confirm',
              dedupeKey: `erasure-confirm:${recorded.row.id}`,
            },
          );
        }
        return recorded;
      });
      return {
        reference: accepted.reference,
        dueAt: accepted.dueAt.toISOString(),
        team: HELP_REQUEST_ROUTING.ACCOUNT_DELETION.team,
        nextSteps: confirmed
          ? ['Our data protection officer will delete your account within one month.']
          : ['Check your e-mail and follow the link to confirm it is you.'],
        identityConfirmed: confirmed,
      };
    },

    async confirmAccountDeletion(ctx, token) {
      const [row] = await ctx.db
        .update(helpRequests)
        .set({
          details: sql`${helpRequests.details} || ${JSON.stringify({ identityConfirmed: true, confirmedBy: 'e-mail link' })}::jsonb`,
          updatedAt: ctx.clock.now(),
        })
        .where(and(eq(helpRequests.type, 'ACCOUNT_DELETION'), sql`${helpRequests.details}->>'confirmTokenHash' = ${hashToken(token)}`))
        .returning();
      if (!row) throw EnquiryErrors.erasureLinkInvalid();
      return {
        reference: row.reference,
        dueAt: row.dueAt.toISOString(),
        team: HELP_REQUEST_ROUTING.ACCOUNT_DELETION.team,
        nextSteps: ['Our data protection officer will delete your account within one month, and tell you when it is done.'],
        identityConfirmed: true,
      };
    },

    sendTradeEnquiry: formEnquiry('TRADE_ENQUIRY', (body) => ({
      phone: body.phone ?? null,
      summary: summaryLine(body.companyName, TRADE_TYPE_NAMES[body.tradeType], body.query),
      details: { companyName: body.companyName, companyNumberOrVat: body.companyNumberOrVat ?? null, tradeType: body.tradeType },
      message: body.query,
      nextSteps: ['Our trade desk will reply within one working day.'],
    })),

    sendMarketingPressEnquiry: formEnquiry('MARKETING_PRESS', (body) => ({
      phone: body.phone ?? null,
      summary: summaryLine(body.organisation, body.brief),
      details: { organisation: body.organisation },
      message: body.brief,
      nextSteps: ['Our marketing team will reply by e-mail.'],
    })),

    requestCatalogue: formEnquiry('CATALOGUE_REQUEST', (body) => {
      const address = { ...body.address, postcode: body.address.postcode.toUpperCase().replace(/\s+/g, ' ') };
      return {
        summary: summaryLine(CATALOGUE_NAMES[body.catalogue], address.town, address.postcode),
        details: { catalogue: body.catalogue, address },
        message: null,
        nextSteps: [`We will post the ${CATALOGUE_NAMES[body.catalogue].toLowerCase()} to ${address.line1}, ${address.town} ${address.postcode}.`],
      };
    }),

    async requestTradeCallback(ctx, body, publicUrl) {
      const contact = contactOf(ctx, body);
      if (!callbackDayAvailable(body.preferredDate, ctx.clock.now())) throw EnquiryErrors.callbackDayNotAvailable();
      const when = `${readableDate(body.preferredDate)}, ${CALLBACK_SLOT_NAMES[body.slot].toLowerCase()}`;
      return record(
        ctx,
        'TRADE_CALLBACK',
        contact,
        {
          phone: body.phone,
          summary: summaryLine(body.companyName, `Call ${when}`, body.topic),
          details: { companyName: body.companyName, preferredDate: body.preferredDate, slot: body.slot },
          message: body.topic,
          nextSteps: [`Our trade desk will call you on ${body.phone} on ${when}.`],
        },
        publicUrl,
      );
    },

    async emailProductToFriend(ctx, body, publicUrl) {
      const product = await productFacts(ctx.db, body.sku, publicUrl);
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
    },

    async requestBackInStockNotice(ctx, body, publicUrl) {
      const emailAddress = ctx.actor?.email || body.emailAddress;
      if (!emailAddress) throw EnquiryErrors.contactMissing('emailAddress');
      if (!notifications.isSendableAddress(emailAddress)) throw EnquiryErrors.emailNotSendable('emailAddress');
      const product = await productFacts(ctx.db, body.sku, publicUrl);
      const available = (await inventory.availabilityOf(ctx, [product.sku])).get(product.sku);
      if (available && available.sellable > 0) throw EnquiryErrors.productInStock();
      return requestNotice(deps, ctx, { product, emailAddress: emailAddress.trim(), customerId: ctx.actor?.userId ?? null }, publicUrl);
    },

    getBackInStockNotice: (ctx, token) => noticeByToken(ctx, token, async (sku) => (await productFacts(ctx.db, sku, '')).productName),
    unsubscribeBackInStockNotice: (ctx, token) => unsubscribe(ctx, token, async (sku) => (await productFacts(ctx.db, sku, '')).productName),

    sendFeedback: formEnquiry('FEEDBACK', (body) => ({
      summary: summaryLine(`${body.rating} out of 5`, body.page, body.comment),
      details: { rating: body.rating, page: body.page ?? null },
      message: body.comment,
      nextSteps: ['Thank you for telling us. We read every comment; we will reply if you asked us something.'],
    })),

    openRoles: () => ({ roles: OPEN_ROLES.map((role) => ({ ...role })) }),

    async applyForJob(ctx, files, form, publicUrl) {
      const body = parseFields(JobApplicationFieldsSchema, form.fields);
      const cvs = form.files.filter((file) => file.field === 'cv');
      if (cvs.length === 0) throw EnquiryErrors.cvMissing();
      if (form.files.length > 1) throw EnquiryErrors.tooManyFiles('cv', 1);
      const contact = contactOf(ctx, body);
      const role = OPEN_ROLES.find((candidate) => candidate.id === body.roleId)!;
      return withStoredFiles(ctx, files, { purpose: 'job-application' }, cvs, (stored) =>
        record(
          ctx,
          'JOB_APPLICATION',
          contact,
          {
            phone: body.phone,
            summary: summaryLine(role.title, role.location),
            details: { roleId: role.id, roleTitle: role.title },
            message: body.coverNote,
            files: stored.map((file) => ({ file, role: 'cv' })),
            nextSteps: [`Our people team will read your application for ${role.title} and reply within two weeks.`],
          },
          publicUrl,
        ),
      );
    },

    async accountDeletionRequest(ctx, reference) {
      const row = await helpRequestByReference(ctx.db, reference.trim().toUpperCase());
      if (!row || row.type !== 'ACCOUNT_DELETION') throw HelpRequestErrors.requestNotFound();
      const { id, status, emailAddress, customerId, details } = row;
      return { id, reference: row.reference, status, emailAddress, customerId, details };
    },

    async noteErasure(ctx, requestId, erasure) {
      await addRequestDetails(ctx.db, requestId, erasure, ctx.clock.now());
    },

    stockLevel: (ctx, sku) => stockView(ctx, sku),

    async addStock(ctx, sku, quantity) {
      const product = await productFacts(ctx.db, sku, '');
      await inventory.addStock(ctx, product.sku, quantity, ctx.clock.now());
      return stockView(ctx, product.sku);
    },

    enquiryJobs: (publicUrl) => [backInStockJob(deps, (db, sku) => productFacts(db, sku, publicUrl), publicUrl)],
  };
}
