import type {
  Business,
  BuyAgainProduct,
  InternalAccount,
  TradeAccount,
  TradeAccountForStaff,
  TradeAccountSearch,
  TradeAccountSummary,
  TradeApplication,
  TradeApplicationData,
  TradeApplicationPage,
  TradeApplicationResubmit,
  TradeApplicationSearch,
  TradeBandAccount,
  TradeBusinessDetails,
  TradeContactDetails,
  TradeSummary,
  TermsCheck,
  TradeTerms,
} from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import type { OpenedFile } from '../files/index.ts';
import type { TradeBand } from '../pricing/index.ts';
import * as accounts from './trade-accounts.ts';
import * as applications from './trade-applications.ts';
import * as bands from './trade-bands.ts';
import type { PlacedTradeOrder, RecordedTradeOrder, RecordingWith } from './trade-bands.ts';
import * as dashboard from './trade-dashboard.ts';
import * as reviewing from './trade-reviewing.ts';
import * as terms from './trade-terms.ts';
import { businessNamesOfAccounts } from './repository/accounts.ts';
import { creditHolderFor, tradeBuyerFor, type CreditHolder, type TradeBuyer } from './trade-credit-holder.ts';
import type { TradeContext, TradeDeps } from './trade.deps.ts';

export type { CreditHolder, PlacedTradeOrder, RecordedTradeOrder, RecordingWith, TradeBuyer, TradeContext };

/** Trade accounts: applying, reviewing, accounts and businesses, bands, the dashboard and the terms. */
export interface TradeService {
  submitApplication(ctx: TradeContext, data: TradeApplicationData): Promise<TradeApplication>;
  getMyApplication(ctx: TradeContext): Promise<TradeApplication>;
  resubmitMyApplication(ctx: TradeContext, input: TradeApplicationResubmit): Promise<TradeApplication>;
  addDocument(ctx: TradeContext, upload: { fileName: string | undefined; bytes: Uint8Array; kind: string | undefined }): Promise<TradeApplication>;
  openDocument(ctx: TradeContext, tradeExternalId: string, documentId: string): Promise<OpenedFile>;

  searchApplications(ctx: TradeContext, search: TradeApplicationSearch): Promise<TradeApplicationPage>;
  getApplication(ctx: TradeContext, tradeExternalId: string): Promise<TradeApplication>;
  approve(ctx: TradeContext, id: number, input: { bandCode: string; note?: string; version?: number }): Promise<TradeApplication>;
  disapprove(ctx: TradeContext, id: number, input: { reason: string; version?: number }): Promise<TradeApplication>;
  requireMoreInfo(ctx: TradeContext, id: number, input: { question: string; version?: number }): Promise<TradeApplication>;

  searchAccounts(
    ctx: TradeContext,
    search: TradeAccountSearch,
  ): Promise<{ items: TradeAccountSummary[]; pageNumber: number; pageSize: number; totalCount: number; totalPages: number }>;
  searchBusinesses(ctx: TradeContext, text: string): Promise<Business[]>;
  getInternalAccount(ctx: TradeContext, userId: string): Promise<InternalAccount>;
  getAccountForStaff(ctx: TradeContext, id: number): Promise<TradeAccountForStaff>;
  getAccount(ctx: TradeContext, tradeExternalId: string): Promise<TradeAccount>;
  getBandAccount(ctx: TradeContext, tradeExternalId: string): Promise<TradeBandAccount>;
  getBandAccountByEmail(ctx: TradeContext, email: string): Promise<TradeBandAccount>;
  updateDetails(ctx: TradeContext, tradeExternalId: string, details: TradeContactDetails): Promise<TradeAccount>;
  updateBusiness(ctx: TradeContext, id: number, details: TradeBusinessDetails): Promise<TradeAccount>;
  setBusinessBand(ctx: TradeContext, businessId: number, input: { bandCode: string; reason: string }): Promise<Business>;
  /** Through the embedded provider's reset e-mail (TRADE_RESET_NOT_AVAILABLE with an external provider). */
  resetPassword(ctx: TradeContext, id: number): Promise<{ sentTo: string }>;

  tradeBands(ctx: TradeContext): Promise<TradeBand[]>;
  tradeSummary(ctx: TradeContext): Promise<TradeSummary>;
  buyAgain(ctx: TradeContext, limit: number): Promise<{ items: BuyAgainProduct[] }>;

  currentTerms(ctx: TradeContext): Promise<TradeTerms>;
  checkTerms(ctx: TradeContext): Promise<TermsCheck>;
  acceptTerms(ctx: TradeContext, version: number): Promise<TermsCheck>;
  /** Publishes the next version of the terms, current at once: every trade customer accepts it before their next trade checkout. */
  publishTerms(ctx: Pick<TradeContext, 'db' | 'clock'>, terms: Pick<TradeTerms, 'title' | 'sections'>): Promise<TradeTerms>;

  /** For pricing: the band code of the caller's business, or null when they have no trade account. Kept a few seconds per user. */
  bandCodeFor(ctx: Pick<ServiceContext, 'db' | 'actor' | 'clock'>): Promise<string | null>;
  /** For checkout, before taking payment for a trade-priced basket: refuses (409 TRADE_TERMS_NOT_ACCEPTED) until the current terms are accepted. */
  requireTermsAccepted(ctx: Pick<ServiceContext, 'db' | 'actor' | 'clock'>, buyer?: TradeBuyer | null): Promise<void>;
  /** For checkout's payment: the caller's trade account as the order needs it, read once and handed to the calls that take `buyer`; null without one. */
  tradeBuyerFor(ctx: Pick<TradeContext, 'db' | 'actor'>): Promise<TradeBuyer | null>;
  /** For checkout's place-order, in its transaction: counts the order for the business, and moves it up a band when its spend reaches one. */
  recordTradeOrder(db: Transaction, order: PlacedTradeOrder, known?: RecordingWith): Promise<RecordedTradeOrder | null>;
  /** Then, last in that transaction beside the stock: adds the counted order's lines to what the business has ordered. */
  recordOrderedProducts(db: Transaction, recorded: RecordedTradeOrder): Promise<void>;
  /** For trade credit: the caller's approved trade account and its business (Companies House number from the application), or null. */
  creditHolderFor(ctx: Pick<TradeContext, 'db' | 'actor'>, buyer?: TradeBuyer | null): Promise<CreditHolder | null>;
  /** The business names of these trade accounts, by account id (trade credit's exposure report). */
  businessNamesOf(ctx: Pick<TradeContext, 'db'>, tradeAccountIds: readonly number[]): Promise<Map<number, string>>;
  /** Moves businesses up whose 12-month spend has reached a higher band (a band's threshold changed, say): batches of businesses not reviewed for a day. */
  bandReviewJob(): Job;
}

/** Binds each group's functions (applications, reviewing, accounts, bands, the dashboard, the terms) to what trade is made with. */
export function createTradeService(deps: TradeDeps): TradeService {
  return {
    submitApplication: (ctx, data) => applications.submitApplication(deps, ctx, data),
    getMyApplication: (ctx) => applications.getMyApplication(deps, ctx),
    resubmitMyApplication: (ctx, input) => applications.resubmitMyApplication(deps, ctx, input),
    addDocument: (ctx, upload) => applications.addDocument(deps, ctx, upload),
    openDocument: (ctx, tradeExternalId, documentId) => applications.openDocument(deps, ctx, tradeExternalId, documentId),

    searchApplications: (ctx, search) => reviewing.searchApplications(ctx, search),
    getApplication: (ctx, tradeExternalId) => reviewing.getApplication(deps, ctx, tradeExternalId),
    approve: (ctx, id, input) => reviewing.approve(deps, ctx, id, input),
    disapprove: (ctx, id, input) => reviewing.disapprove(deps, ctx, id, input),
    requireMoreInfo: (ctx, id, input) => reviewing.requireMoreInfo(deps, ctx, id, input),

    searchAccounts: (ctx, search) => accounts.searchAccounts(deps, ctx, search),
    searchBusinesses: (ctx, text) => accounts.searchBusinesses(deps, ctx, text),
    getInternalAccount: (ctx, userId) => accounts.getInternalAccount(deps, ctx, userId),
    getAccountForStaff: (ctx, id) => accounts.getAccountForStaff(deps, ctx, id),
    getAccount: (ctx, tradeExternalId) => accounts.getAccount(deps, ctx, tradeExternalId),
    getBandAccount: (ctx, tradeExternalId) => accounts.getBandAccount(deps, ctx, tradeExternalId),
    getBandAccountByEmail: (ctx, email) => accounts.getBandAccountByEmail(deps, ctx, email),
    updateDetails: (ctx, tradeExternalId, details) => accounts.updateDetails(deps, ctx, tradeExternalId, details),
    updateBusiness: (ctx, id, details) => accounts.updateBusiness(deps, ctx, id, details),
    resetPassword: (ctx, id) => accounts.resetPassword(deps, ctx, id),

    setBusinessBand: (ctx, businessId, input) => bands.setBusinessBand(deps, ctx, businessId, input),
    tradeBands: (ctx) => bands.tradeBands(deps, ctx),
    bandCodeFor: (ctx) => deps.bandLookup.bandCodeFor(ctx),
    recordTradeOrder: (db, order, known) => bands.recordTradeOrder(deps, db, order, known),
    recordOrderedProducts: (db, recorded) => bands.recordOrderedProducts(db, recorded),
    bandReviewJob: () => bands.bandReviewJob(deps),

    tradeSummary: (ctx) => dashboard.tradeSummary(deps, ctx),
    buyAgain: (ctx, limit) => dashboard.buyAgain(deps, ctx, limit),

    currentTerms: (ctx) => terms.currentTerms(ctx),
    publishTerms: (ctx, published) => terms.publishTerms(ctx, published),
    checkTerms: (ctx) => terms.checkTerms(ctx),
    acceptTerms: (ctx, version) => terms.acceptTerms(ctx, version),
    requireTermsAccepted: (ctx, buyer) => terms.requireTermsAccepted(ctx, buyer),
    tradeBuyerFor: (ctx) => tradeBuyerFor(ctx),
    creditHolderFor: (ctx, buyer) => creditHolderFor(ctx, buyer),
    businessNamesOf: async (ctx, ids) => new Map((await businessNamesOfAccounts(ctx.db, ids)).map((row) => [row.id, row.name])),
  };
}
