import type { EnquiryAccepted } from '@shop/contracts';
import type {
  AccountDeletionRequestSchema,
  CatalogueRequestSchema,
  FeedbackRequestSchema,
  GeneralEnquiryRequestSchema,
  MarketingPressRequestSchema,
  PriceMatchRequestSchema,
  ProductEmailRequestSchema,
  ProductQuestionRequestSchema,
  RetailPartnerRequestSchema,
  TradeCallbackRequestSchema,
  TradeEnquiryRequestSchema,
} from '@shop/contracts';
import type { UploadForm } from '../files/index.ts';
import { accountDeletionRequest, confirmAccountDeletion, requestAccountDeletion, type AccountDeletionRequest } from './account-deletion.ts';
import { applyForJob, openRoles } from './careers.ts';
import {
  requestCatalogue,
  requestTradeCallback,
  sendFeedback,
  sendGeneralEnquiry,
  sendMarketingPressEnquiry,
  sendRetailPartnerProductForm,
  sendTradeEnquiry,
} from './contact-forms.ts';
import type { EnquiryFormsDeps } from './enquiries.deps.ts';
import { addRequestDetails } from './enquiries.repository.ts';
import type { Body, Ctx } from './form-requests.ts';
import { askProductQuestion, emailProductToFriend, requestPriceMatch } from './product-forms.ts';
import { requestElectricalRecycling } from './weee-recycling.ts';

/** The help centre's forms (§8.5): each records one inbox request and answers its reference and what happens next. */
export interface EnquiryFormsService {
  requestPriceMatch(ctx: Ctx, body: Body<typeof PriceMatchRequestSchema>): Promise<EnquiryAccepted>;
  askProductQuestion(ctx: Ctx, body: Body<typeof ProductQuestionRequestSchema>): Promise<EnquiryAccepted>;
  sendGeneralEnquiry(ctx: Ctx, body: Body<typeof GeneralEnquiryRequestSchema>): Promise<EnquiryAccepted>;
  sendRetailPartnerProductForm(ctx: Ctx, body: Body<typeof RetailPartnerRequestSchema>): Promise<EnquiryAccepted>;
  /** The WEEE form's fields and photos, as the routes read them from the multipart body. */
  requestElectricalRecycling(ctx: Ctx, form: UploadForm): Promise<EnquiryAccepted>;
  requestAccountDeletion(ctx: Ctx, body: Body<typeof AccountDeletionRequestSchema>): Promise<EnquiryAccepted & { identityConfirmed: boolean }>;
  confirmAccountDeletion(ctx: Ctx, token: string): Promise<EnquiryAccepted & { identityConfirmed: boolean }>;
  sendTradeEnquiry(ctx: Ctx, body: Body<typeof TradeEnquiryRequestSchema>): Promise<EnquiryAccepted>;
  sendMarketingPressEnquiry(ctx: Ctx, body: Body<typeof MarketingPressRequestSchema>): Promise<EnquiryAccepted>;
  requestCatalogue(ctx: Ctx, body: Body<typeof CatalogueRequestSchema>): Promise<EnquiryAccepted>;
  requestTradeCallback(ctx: Ctx, body: Body<typeof TradeCallbackRequestSchema>): Promise<EnquiryAccepted>;
  emailProductToFriend(ctx: Ctx, body: Body<typeof ProductEmailRequestSchema>): Promise<{ sentTo: string; productName: string }>;
  sendFeedback(ctx: Ctx, body: Body<typeof FeedbackRequestSchema>): Promise<EnquiryAccepted>;
  openRoles(): { roles: { id: string; title: string; location: string; summary: string }[] };
  /** The application's fields and CV, as the routes read them from the multipart body. */
  applyForJob(ctx: Ctx, form: UploadForm): Promise<EnquiryAccepted>;
  /** An account deletion request, for accounts' erasure; 404 for another type or an unknown reference. */
  accountDeletionRequest(ctx: Ctx, reference: string): Promise<AccountDeletionRequest>;
  /** Notes on the request that erasure was carried out (in the erasure's transaction). */
  noteErasure(ctx: Ctx, requestId: string, erasure: Record<string, unknown>): Promise<void>;
}

export function createEnquiryForms(deps: EnquiryFormsDeps): EnquiryFormsService {
  return {
    requestPriceMatch: (ctx, body) => requestPriceMatch(deps, ctx, body),
    askProductQuestion: (ctx, body) => askProductQuestion(deps, ctx, body),
    sendGeneralEnquiry: (ctx, body) => sendGeneralEnquiry(deps, ctx, body),
    sendRetailPartnerProductForm: (ctx, body) => sendRetailPartnerProductForm(deps, ctx, body),
    requestElectricalRecycling: (ctx, form) => requestElectricalRecycling(deps, ctx, form),
    requestAccountDeletion: (ctx, body) => requestAccountDeletion(deps, ctx, body),
    confirmAccountDeletion: (ctx, token) => confirmAccountDeletion(ctx, token),
    sendTradeEnquiry: (ctx, body) => sendTradeEnquiry(deps, ctx, body),
    sendMarketingPressEnquiry: (ctx, body) => sendMarketingPressEnquiry(deps, ctx, body),
    requestCatalogue: (ctx, body) => requestCatalogue(deps, ctx, body),
    requestTradeCallback: (ctx, body) => requestTradeCallback(deps, ctx, body),
    emailProductToFriend: (ctx, body) => emailProductToFriend(deps, ctx, body),
    sendFeedback: (ctx, body) => sendFeedback(deps, ctx, body),
    openRoles,
    applyForJob: (ctx, form) => applyForJob(deps, ctx, form),
    accountDeletionRequest: (ctx, reference) => accountDeletionRequest(ctx, reference),
    noteErasure: (ctx, requestId, erasure) => addRequestDetails(ctx.db, requestId, erasure, ctx.clock.now()),
  };
}
