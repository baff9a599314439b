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
  TradeApplicationStatus,
  TradeBandAccount,
  TradeBusinessDetails,
  TradeContactDetails,
  TradeDocumentKind,
  TradeOrderSummary,
  TradeSummary,
  TermsCheck,
  TradeTerms,
} from '@shop/contracts';
import { TRADE_APPLICATION_MAX_DOCUMENTS, TRADE_APPLICATION_STATUSES, TRADE_DOCUMENT_KINDS } from '@shop/contracts';
import type { ApiConfig } from '../../config.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Job, JobContext } from '../../platform/jobs.ts';
import { readableCode } from '../../platform/readable-codes.ts';
import type { FilesService, OpenedFile } from '../files/index.ts';
import type { TradeBand } from '../pricing/index.ts';
import { checkBusinessDetails, OPEN_STATUSES, REVIEWABLE_FROM, reviewRefusal, type DetailsProblem, type ReviewAction } from './application-rules.ts';
import { rankBuyAgain } from './buy-again-rank.ts';
import { applicationEmail, bandChangeEmail } from './trade-emails.ts';
import { bandProgress, bandToMoveUpTo, savingsAtBand, spendTotals, spendWindows, ukMidnight, type SpendOrder } from './trade-spend.ts';
import { TradeErrors } from './trade.errors.ts';
import * as repository from './trade.repository.ts';
import type { AccountWithBusiness, ApplicationRow, BusinessRow, TradeOrderRow } from './trade.repository.ts';
import type { StaffContext, TradeContext, TradeDeps } from './trade.deps.ts';
import * as accounts from './trade-accounts.ts';
import * as terms from './trade-terms.ts';

export type { TradeContext };

/** One order placed at trade prices, as checkout hands it over in the transaction that places it. */
export interface PlacedTradeOrder {
  orderId: string;
  orderNumber: string;
  customerUserId: string;
  placedAt: Date;
  lines: readonly { sku: string; quantity: number }[];
  totalIncVat: number;
  vatIncVat: number;
  /** The goods at trade prices, ex VAT, before any discount code. */
  goodsExVat: number;
  /** The band discount the basket was priced with. */
  tradeDiscountBasisPoints: number;
}

/** Trade accounts: applying, reviewing, accounts and businesses, bands, the dashboard and the terms. */
export interface TradeService {
  submitApplication(ctx: TradeContext, data: TradeApplicationData, publicUrl: string): Promise<TradeApplication>;
  getMyApplication(ctx: TradeContext): Promise<TradeApplication>;
  resubmitMyApplication(ctx: TradeContext, input: TradeApplicationResubmit, publicUrl: string): Promise<TradeApplication>;
  addDocument(
    ctx: TradeContext,
    files: FilesService,
    upload: { fileName: string | undefined; bytes: Uint8Array; kind: string | undefined },
  ): Promise<TradeApplication>;
  openDocument(ctx: TradeContext, files: FilesService, tradeExternalId: string, documentId: string): Promise<OpenedFile>;

  searchApplications(ctx: TradeContext, search: TradeApplicationSearch): Promise<TradeApplicationPage>;
  getApplication(ctx: TradeContext, tradeExternalId: string): Promise<TradeApplication>;
  approve(ctx: TradeContext, id: number, input: { bandCode: string; note?: string; version?: number }, publicUrl: string): Promise<TradeApplication>;
  disapprove(ctx: TradeContext, id: number, input: { reason: string; version?: number }, publicUrl: string): Promise<TradeApplication>;
  requireMoreInfo(ctx: TradeContext, id: number, input: { question: string; version?: number }, publicUrl: string): Promise<TradeApplication>;

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
  /** Through the embedded provider's reset e-mail (`config` is the platform's: the provider's settings and the shop's address). */
  resetPassword(ctx: TradeContext, id: number, config: ApiConfig): Promise<{ sentTo: string }>;

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
  requireTermsAccepted(ctx: Pick<ServiceContext, 'db' | 'actor' | 'clock'>): Promise<void>;
  /** For checkout's place-order, in its transaction: counts the order for the business, and moves it up a band when its spend reaches one. */
  recordTradeOrder(db: Transaction, order: PlacedTradeOrder, publicUrl: string): Promise<void>;
  /** Moves businesses up whose 12-month spend has reached a higher band (a band's threshold changed, say): batches of businesses not reviewed for a day. */
  bandReviewJob(publicUrl: string): Job;
}

const DAY_MS = 86_400_000;
/** How long a user's band is kept for pricing: a staff change on another instance shows within this. */
const BAND_LOOKUP_TTL_MS = 5_000;
const OPEN_ORDER_STATUSES = new Set(['placed', 'processing', 'picking', 'dispatched']);
const iso = (date: Date) => date.toISOString();
const orNull = <T>(value: T | undefined | null): T | null => value ?? null;

function refusalFor(problem: DetailsProblem) {
  if (problem.kind === 'company-number') return TradeErrors.companyNumberInvalid(problem.message);
  if (problem.kind === 'vat-number') return TradeErrors.vatNumberInvalid(problem.message);
  if (problem.kind === 'postcode') return TradeErrors.postcodeInvalid(problem.message);
  return TradeErrors.incomplete(problem.field, problem.message);
}

function checkedDetails<T extends TradeBusinessDetails>(deps: Pick<TradeDeps, 'delivery'>, details: T): T {
  const checked = checkBusinessDetails(deps, details);
  if (!checked.ok) throw refusalFor(checked.problem);
  return checked.details;
}

/** `2025-03-31` as the start of that day in UK time, and the day after it (for an inclusive "to"). */
function ukDay(date: string | undefined, after = false): Date | undefined {
  if (!date) return undefined;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return ukMidnight(year, month, day + (after ? 1 : 0));
}

export function createTradeService(deps: TradeDeps): TradeService {
  const { pricing, catalogue, identity, notifications, orders: ordersService } = deps;
  const orderStates = (db: Database, ids: readonly string[]) => ordersService.orderStates({ db }, ids);
  const bandLookups = new WeakMap<object, Map<string, { at: number; epoch: number; value: Promise<string | null> }>>();
  /**
   * Bumped by every band change this instance makes: a lookup from before it is not used again
   * (the change may be in a transaction, whose handle is not the key).
   */
  let bandEpoch = 0;

  const bands = async (ctx: Pick<ServiceContext, 'db' | 'clock'>) => pricing.tradeBands({ db: ctx.db, clock: ctx.clock });
  const bandByCode = async (ctx: Pick<ServiceContext, 'db' | 'clock'>, code: string): Promise<TradeBand | undefined> =>
    (await bands(ctx)).find((band) => band.code === code);
  const requireBand = async (ctx: TradeContext, code: string) => {
    const band = await bandByCode(ctx, code);
    if (!band) throw TradeErrors.bandUnknown(code);
    return band;
  };
  const forgetBands = () => {
    bandEpoch += 1;
  };

  async function queueEmail(db: Database, to: string, content: ReturnType<typeof applicationEmail>, template: string, dedupeKey: string) {
    await notifications.enqueueEmail({ db }, { to, ...notifications.renderEmail(content), template, dedupeKey });
  }

  // ── presenting ────────────────────────────────────────────────────────────────────────────────

  async function presentApplication(ctx: TradeContext, row: ApplicationRow, audience: 'staff' | 'applicant'): Promise<TradeApplication> {
    const db = ctx.db;
    const documents = await repository.documentsOf(db, row.id);
    const events = await repository.eventsOf(db, row.id);
    const band = row.approvedBandCode ? await bandByCode(ctx, row.approvedBandCode) : undefined;
    return {
      id: row.id,
      tradeExternalId: row.tradeExternalId,
      status: row.status,
      version: row.version,
      applicant: { userId: row.userId, email: row.userEmail, name: row.userName },
      details: row.details,
      documents: documents.map((document) => ({
        id: document.id,
        kind: document.kind,
        fileName: document.fileName,
        contentType: document.contentType as 'application/pdf' | 'image/jpeg' | 'image/png',
        sizeBytes: document.sizeBytes,
        uploadedAt: iso(document.uploadedAt),
      })),
      question: row.question,
      answer: row.answer,
      disapprovalReason: row.disapprovalReason,
      approvedBand: band ?? null,
      tradeAccountId: row.tradeAccountId,
      submittedAt: iso(row.submittedAt),
      updatedAt: iso(row.updatedAt),
      decidedAt: row.decidedAt ? iso(row.decidedAt) : null,
      history: events
        // An approval's note is for staff only.
        .map((event) => ({
          from: event.fromStatus,
          to: event.toStatus,
          at: iso(event.at),
          by: audience === 'staff' || !event.byStaff ? event.actorName : null,
          note: audience === 'applicant' && event.byStaff && event.toStatus === 'approved' ? null : event.note,
        })),
    };
  }

  async function presentBusiness(ctx: TradeContext, business: BusinessRow, accountCount?: number): Promise<Business> {
    const band = await bandByCode(ctx, business.bandCode);
    const count = accountCount ?? (await repository.accountCounts(ctx.db, [business.id])).get(business.id) ?? 0;
    return {
      id: business.id,
      legalName: business.legalName,
      tradingName: business.tradingName,
      businessType: business.businessType,
      companyNumber: business.companyNumber,
      vatNumber: business.vatNumber,
      trade: business.trade,
      tradeOther: business.tradeOther,
      yearsTrading: business.yearsTrading,
      employees: business.employees,
      address: { line1: business.addressLine1, line2: business.addressLine2, town: business.town, county: business.county, postcode: business.postcode },
      band: band!,
      bandSetBy: business.bandSetBy,
      bandChangedAt: iso(business.bandChangedAt),
      accountCount: count,
      createdAt: iso(business.createdAt),
    };
  }

  async function presentAccount(ctx: TradeContext, { account, business }: AccountWithBusiness): Promise<TradeAccount> {
    const accepted = await repository.latestAcceptance(ctx.db, account.id);
    return {
      id: account.id,
      tradeExternalId: account.tradeExternalId,
      status: 'active',
      user: { id: account.userId, email: account.userEmail, name: account.userName },
      details: {
        contactName: account.contactName,
        contactRole: account.contactRole,
        contactPhone: account.contactPhone,
        contactEmail: account.contactEmail,
        gasSafeNumber: account.gasSafeNumber,
        niceicNumber: account.niceicNumber,
        otherRegistration: account.otherRegistration,
      },
      business: await presentBusiness(ctx, business),
      applicationId: account.applicationId,
      termsAcceptedVersion: accepted?.version ?? null,
      createdAt: iso(account.createdAt),
      updatedAt: iso(account.updatedAt),
    };
  }

  async function presentAccountSummary(ctx: TradeContext, { account, business }: AccountWithBusiness): Promise<TradeAccountSummary> {
    return {
      id: account.id,
      tradeExternalId: account.tradeExternalId,
      email: account.userEmail,
      contactName: account.contactName,
      businessId: business.id,
      legalName: business.legalName,
      tradingName: business.tradingName,
      postcode: business.postcode,
      band: (await bandByCode(ctx, business.bandCode))!,
      createdAt: iso(account.createdAt),
    };
  }

  const applicationSummary = (row: ApplicationRow & { documentCount: number }) => ({
    id: row.id,
    tradeExternalId: row.tradeExternalId,
    status: row.status,
    legalName: row.details.legalName,
    tradingName: row.details.tradingName ?? null,
    businessType: row.details.businessType,
    trade: row.details.trade,
    contactName: row.details.contactName,
    email: row.userEmail,
    postcode: row.details.address.postcode,
    expectedMonthlySpendPence: row.details.expectedMonthlySpendPence,
    documentCount: row.documentCount,
    approvedBandCode: row.approvedBandCode,
    submittedAt: iso(row.submittedAt),
    updatedAt: iso(row.updatedAt),
  });

  // ── spend ─────────────────────────────────────────────────────────────────────────────────────

  /** The business's trade orders of the last year, with where each stands now. */
  async function spendOrders(
    db: Database,
    businessId: number,
    now: Date,
  ): Promise<{ rows: TradeOrderRow[]; orders: (SpendOrder & { row: TradeOrderRow; status: string })[] }> {
    const rows = await repository.tradeOrdersSince(db, businessId, spendWindows(now).yearAgo);
    const states = await orderStates(
      db,
      rows.map((row) => row.orderId),
    );
    return {
      rows,
      orders: rows.map((row) => {
        const state = states.get(row.orderId);
        return {
          row,
          status: state?.status ?? 'placed',
          placedAt: row.placedAt,
          totalExVat: row.totalExVat,
          totalIncVat: row.totalIncVat,
          refundedIncVat: state?.refundedPence ?? 0,
          savingsExVat: row.savingsExVat,
        };
      }),
    };
  }

  async function spendLast12Months(db: Database, businessId: number, now: Date): Promise<number> {
    return spendTotals((await spendOrders(db, businessId, now)).orders, now).last12MonthsExVat;
  }

  const orderSummary = (order: { row: TradeOrderRow; status: string; refundedIncVat: number }): TradeOrderSummary => ({
    orderNumber: order.row.orderNumber,
    status: order.status,
    placedAt: iso(order.row.placedAt),
    itemCount: order.row.itemCount,
    totalExVat: order.row.totalExVat,
    totalIncVat: order.row.totalIncVat,
    refundedPence: order.refundedIncVat,
    savingsExVat: order.row.savingsExVat,
  });

  async function bandAccount(ctx: TradeContext, found: AccountWithBusiness): Promise<TradeBandAccount> {
    const db = ctx.db;
    const now = ctx.clock.now();
    const allBands = await bands(ctx);
    const band = allBands.find((entry) => entry.code === found.business.bandCode)!;
    const spend = await spendLast12Months(db, found.business.id, now);
    const progress = bandProgress(allBands, band, spend);
    const history = await repository.bandChangesOf(db, found.business.id);
    return {
      tradeAccountId: found.account.id,
      tradeExternalId: found.account.tradeExternalId,
      email: found.account.userEmail,
      businessId: found.business.id,
      businessName: found.business.tradingName ?? found.business.legalName,
      band,
      nextBand: progress.nextBand,
      spendLast12MonthsExVat: spend,
      spendToNextBandExVat: progress.spendToNextBandExVat,
      bandSetBy: found.business.bandSetBy,
      bandChangedAt: iso(found.business.bandChangedAt),
      history: history.map((change) => ({
        from: change.fromBand,
        to: change.toBand,
        reason: change.reason,
        note: change.note,
        by: change.actorName,
        spendLast12MonthsExVat: change.spendExVat,
        at: iso(change.at),
      })),
    };
  }

  /** Moves the business up if its spend reaches a higher band: recorded, e-mailed, and priced from the next call. */
  async function moveUpIfDue(db: Database, business: BusinessRow, now: Date, publicUrl: string): Promise<void> {
    const allBands = await bands({ db, clock: { now: () => now } });
    const current = allBands.find((band) => band.code === business.bandCode);
    if (!current) return;
    const spend = await spendLast12Months(db, business.id, now);
    const target = bandToMoveUpTo(allBands, current, spend);
    if (!target) return;
    const moved = await repository.moveBusinessBand(db, business.id, current.code, {
      bandCode: target.code,
      bandSetBy: 'spend',
      bandChangedAt: now,
      updatedAt: now,
    });
    if (!moved) return;
    await repository.insertBandChange(db, {
      businessId: business.id,
      fromBand: current.code,
      toBand: target.code,
      reason: 'spend',
      note: null,
      actorUserId: null,
      actorName: null,
      spendExVat: spend,
      at: now,
    });
    forgetBands();
    for (const account of await repository.accountsOfBusiness(db, business.id)) {
      const content = bandChangeEmail({
        contactName: account.contactName,
        businessName: business.tradingName ?? business.legalName,
        band: target,
        up: true,
        publicUrl,
      });
      await notifications.enqueueEmail(
        { db },
        {
          to: account.contactEmail ?? account.userEmail,
          ...notifications.renderEmail(content),
          template: 'trade.band-moved-up',
          dedupeKey: `trade.band:${business.id}:${target.code}:${now.getTime()}`,
        },
      );
    }
  }

  // ── who may see what ──────────────────────────────────────────────────────────────────────────

  /** The application, for a reviewer or its own applicant; anyone else gets the same 404 as for an unknown one. */
  async function visibleApplication(ctx: TradeContext, tradeExternalId: string): Promise<ApplicationRow> {
    const row = await repository.findApplication(ctx.db, repository.applicationByExternalId(tradeExternalId));
    if (!row || (!accounts.isStaff(ctx) && row.userId !== ctx.actor?.userId)) throw TradeErrors.applicationNotFound();
    return row;
  }

  // ── reviewing ─────────────────────────────────────────────────────────────────────────────────

  /**
   * One reviewer's step, all or nothing: the application changes only from a status the step allows
   * and only at the version read (or the one the reviewer saw), so of two reviewers acting at once
   * one wins and the other is told it was decided or changed.
   */
  async function review(
    ctx: TradeContext,
    id: number,
    action: ReviewAction,
    version: number | undefined,
    publicUrl: string,
    step: (row: ApplicationRow, now: Date) => { changes: Partial<ApplicationRow>; note: string | null },
    /** What follows the step once it is this reviewer's (another's update would have left nothing to follow). */
    then?: (db: Database, updated: ApplicationRow, now: Date) => Promise<ApplicationRow>,
  ): Promise<TradeApplication> {
    const actor = ctx.actor!;
    const now = ctx.clock.now();
    const updated = await ctx.db.transaction(async (db) => {
      const row = await repository.findApplication(db, repository.applicationById(id));
      if (!row) throw TradeErrors.applicationNotFound();
      const refusal = reviewRefusal(action, row.status);
      if (refusal === 'already-decided') throw TradeErrors.alreadyDecided(row.status as 'approved' | 'disapproved');
      if (refusal === 'awaiting-answer') throw TradeErrors.awaitingAnswer();
      if (version !== undefined && version !== row.version) throw TradeErrors.changed(row.version);
      const { changes, note } = step(row, now);
      // The claim comes first: of two reviewers, the second waits here for the first's commit and then finds nothing to update.
      const claimed = await repository.updateApplication(db, id, { from: REVIEWABLE_FROM[action], version: row.version }, { ...changes, updatedAt: now });
      if (!claimed) {
        // Another reviewer got there first, between the read and the write.
        const current = (await repository.findApplication(db, repository.applicationById(id)))!;
        if (current.status === 'approved' || current.status === 'disapproved') throw TradeErrors.alreadyDecided(current.status);
        throw TradeErrors.changed(current.version);
      }
      const next = then ? await then(db, claimed, now) : claimed;
      await repository.insertApplicationEvent(db, {
        applicationId: id,
        fromStatus: row.status,
        toStatus: next.status,
        actorUserId: actor.userId,
        actorName: actor.name ?? actor.email ?? 'Trade team',
        byStaff: true,
        note,
        at: now,
      });
      const band = next.approvedBandCode ? await bandByCode({ db, clock: ctx.clock }, next.approvedBandCode) : undefined;
      const content = applicationEmail({
        status: next.status,
        applicantName: next.details.contactName,
        businessName: next.details.tradingName ?? next.details.legalName,
        tradeExternalId: next.tradeExternalId,
        note,
        band: band ?? null,
        resubmitted: false,
        publicUrl,
      });
      await queueEmail(db, next.userEmail, content, `trade.application-${next.status.replaceAll('_', '-')}`, `trade.application:${next.id}:${next.version}`);
      return next;
    });
    forgetBands();
    return presentApplication(ctx, updated, 'staff');
  }

  async function openAccountFor(db: Database, application: ApplicationRow, band: TradeBand, actor: StaffContext['actor'], now: Date): Promise<number> {
    if (await repository.findAccount(db, repository.accountOfUser(application.userId))) throw TradeErrors.accountExists();
    const details = application.details;
    const business = await repository.insertBusiness(db, {
      ...businessColumns(details),
      bandCode: band.code,
      bandSetBy: 'approval',
      bandChangedAt: now,
      bandReviewedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await repository.insertBandChange(db, {
      businessId: business.id,
      fromBand: null,
      toBand: band.code,
      reason: 'approval',
      note: null,
      actorUserId: actor.userId,
      actorName: actor.name ?? actor.email ?? null,
      spendExVat: null,
      at: now,
    });
    const account = await repository.insertAccount(db, {
      tradeExternalId: application.tradeExternalId,
      userId: application.userId,
      userEmail: application.userEmail,
      userName: application.userName,
      businessId: business.id,
      applicationId: application.id,
      ...contactColumns(details),
      createdAt: now,
      updatedAt: now,
    });
    // The trade role and the account's id reach the customer's next token; prices change at once (bandCodeFor).
    await identity.setTradeAccount({ db, clock: { now: () => now } }, application.userId, application.tradeExternalId);
    return account.id;
  }

  // ── the service ───────────────────────────────────────────────────────────────────────────────

  return {
    async submitApplication(ctx, data, publicUrl) {
      const actor = ctx.actor!;
      const details = checkedDetails(deps, data);
      const now = ctx.clock.now();
      const profile = await identity.getUserProfile(ctx, actor.userId);
      const email = profile?.email ?? actor.email;
      if (!email) throw TradeErrors.incomplete('contactEmail', 'Your sign-in has no e-mail address: enter one to contact you at');
      const row = await ctx.db.transaction(async (db) => {
        if (await repository.findAccount(db, repository.accountOfUser(actor.userId))) throw TradeErrors.accountExists();
        const inserted = await repository.insertApplication(db, {
          tradeExternalId: `TA${readableCode(16)}`,
          userId: actor.userId,
          userEmail: email,
          userName: profile?.name ?? actor.name ?? details.contactName,
          status: 'submitted',
          details,
          submittedAt: now,
          updatedAt: now,
        });
        if (!inserted) throw TradeErrors.alreadyOpen();
        await repository.insertApplicationEvent(db, {
          applicationId: inserted.id,
          fromStatus: null,
          toStatus: 'submitted',
          actorUserId: actor.userId,
          actorName: inserted.userName,
          byStaff: false,
          note: null,
          at: now,
        });
        const content = applicationEmail({
          status: 'submitted',
          applicantName: details.contactName,
          businessName: details.tradingName ?? details.legalName,
          tradeExternalId: inserted.tradeExternalId,
          note: null,
          band: null,
          resubmitted: false,
          publicUrl,
        });
        await queueEmail(db, email, content, 'trade.application-submitted', `trade.application:${inserted.id}:${inserted.version}`);
        return inserted;
      });
      return presentApplication(ctx, row, 'applicant');
    },

    async getMyApplication(ctx) {
      const row = await repository.latestApplicationOf(ctx.db, ctx.actor!.userId);
      if (!row) throw TradeErrors.noApplication();
      return presentApplication(ctx, row, 'applicant');
    },

    async resubmitMyApplication(ctx, input, publicUrl) {
      const actor = ctx.actor!;
      const now = ctx.clock.now();
      const details = input.details ? checkedDetails(deps, input.details) : undefined;
      const row = await ctx.db.transaction(async (db) => {
        const current = await repository.latestApplicationOf(db, actor.userId);
        if (!current || current.status !== 'more_info_required') throw TradeErrors.notAwaitingAnswer();
        const next = await repository.updateApplication(
          db,
          current.id,
          { from: ['more_info_required'], version: current.version },
          {
            status: 'submitted',
            answer: input.answer,
            ...(details ? { details } : {}),
            updatedAt: now,
          },
        );
        if (!next) throw TradeErrors.notAwaitingAnswer();
        await repository.insertApplicationEvent(db, {
          applicationId: next.id,
          fromStatus: 'more_info_required',
          toStatus: 'submitted',
          actorUserId: actor.userId,
          actorName: next.userName,
          byStaff: false,
          note: input.answer,
          at: now,
        });
        const content = applicationEmail({
          status: 'submitted',
          applicantName: next.details.contactName,
          businessName: next.details.tradingName ?? next.details.legalName,
          tradeExternalId: next.tradeExternalId,
          note: null,
          band: null,
          resubmitted: true,
          publicUrl,
        });
        await queueEmail(db, next.userEmail, content, 'trade.application-resubmitted', `trade.application:${next.id}:${next.version}`);
        return next;
      });
      return presentApplication(ctx, row, 'applicant');
    },

    async addDocument(ctx, files, upload) {
      const actor = ctx.actor!;
      const kind = (upload.kind || 'proof_of_trade') as TradeDocumentKind;
      if (!TRADE_DOCUMENT_KINDS.includes(kind)) throw TradeErrors.documentKindUnknown();
      const current = await repository.latestApplicationOf(ctx.db, actor.userId);
      if (!current || !OPEN_STATUSES.includes(current.status)) throw TradeErrors.notOpen();
      if ((await repository.documentsOf(ctx.db, current.id)).length >= TRADE_APPLICATION_MAX_DOCUMENTS)
        throw TradeErrors.documentLimit(TRADE_APPLICATION_MAX_DOCUMENTS);
      // Checked and stored before the row, then counted again under the application's row lock: a
      // request that loses the last place (or is refused at all) has its file removed, so the store
      // holds only documents that have rows.
      const document = { purpose: 'trade-application', fileName: upload.fileName, bytes: upload.bytes, field: 'file' } as const;
      const now = ctx.clock.now();
      const row = await files.storeUploads(ctx, [document], ([stored]) =>
        ctx.db.transaction(async (db) => {
          const next = await repository.updateApplication(db, current.id, { from: OPEN_STATUSES }, { updatedAt: now });
          if (!next) throw TradeErrors.notOpen();
          if ((await repository.documentsOf(db, current.id)).length >= TRADE_APPLICATION_MAX_DOCUMENTS)
            throw TradeErrors.documentLimit(TRADE_APPLICATION_MAX_DOCUMENTS);
          await repository.insertDocument(db, {
            id: crypto.randomUUID(),
            applicationId: current.id,
            fileId: stored!.id,
            kind,
            fileName: stored!.fileName,
            contentType: stored!.contentType,
            sizeBytes: stored!.size,
            uploadedAt: now,
          });
          return next;
        }),
      );
      return presentApplication(ctx, row, 'applicant');
    },

    async openDocument(ctx, files, tradeExternalId, documentId) {
      const application = await visibleApplication(ctx, tradeExternalId).catch(() => {
        throw TradeErrors.documentNotFound();
      });
      const document = await repository.findDocument(ctx.db, application.id, documentId);
      if (!document) throw TradeErrors.documentNotFound();
      return files.open(ctx, document.fileId);
    },

    async searchApplications(ctx, search) {
      const db = ctx.db;
      const filter = {
        text: search.text,
        statuses: search.statuses,
        bandCodes: search.bandCodes,
        submittedFrom: ukDay(search.submittedFrom),
        submittedBefore: ukDay(search.submittedTo, true),
        sortBy: search.sortBy ?? 'submittedAt',
        sortDirection: search.sortDirection ?? 'desc',
        pageNumber: search.pageNumber ?? 1,
        pageSize: search.pageSize ?? 20,
      };
      const { rows, total } = await repository.searchApplications(db, filter);
      const counts = await repository.countApplicationsByStatus(db);
      return {
        items: rows.map(applicationSummary),
        pageNumber: filter.pageNumber,
        pageSize: filter.pageSize,
        totalCount: total,
        totalPages: Math.max(1, Math.ceil(total / filter.pageSize)),
        statusCounts: Object.fromEntries(TRADE_APPLICATION_STATUSES.map((status) => [status, counts.get(status) ?? 0])) as Record<
          TradeApplicationStatus,
          number
        >,
      };
    },

    async getApplication(ctx, tradeExternalId) {
      const row = await visibleApplication(ctx, tradeExternalId);
      return presentApplication(ctx, row, accounts.isStaff(ctx) ? 'staff' : 'applicant');
    },

    async approve(ctx, id, input, publicUrl) {
      const band = await requireBand(ctx, input.bandCode);
      return review(
        ctx,
        id,
        'approve',
        input.version,
        publicUrl,
        (_row, now) => ({ changes: { status: 'approved', approvedBandCode: band.code, question: null, decidedAt: now }, note: input.note ?? null }),
        async (db, approved, now) => {
          const tradeAccountId = await openAccountFor(db, approved, band, ctx.actor!, now);
          await repository.updateApplicationColumns(db, approved.id, { tradeAccountId });
          return { ...approved, tradeAccountId };
        },
      );
    },

    disapprove(ctx, id, input, publicUrl) {
      return review(ctx, id, 'disapprove', input.version, publicUrl, (_row, now) => ({
        changes: { status: 'disapproved', disapprovalReason: input.reason, decidedAt: now },
        note: input.reason,
      }));
    },

    requireMoreInfo(ctx, id, input, publicUrl) {
      return review(ctx, id, 'requireMoreInfo', input.version, publicUrl, () => ({
        changes: { status: 'more_info_required', question: input.question },
        note: input.question,
      }));
    },

    async searchAccounts(ctx, search) {
      const pageNumber = search.pageNumber ?? 1;
      const pageSize = search.pageSize ?? 20;
      const { rows, total } = await repository.searchAccounts(ctx.db, {
        text: search.text,
        bandCodes: search.bandCodes,
        createdFrom: ukDay(search.createdFrom),
        createdBefore: ukDay(search.createdTo, true),
        sortBy: search.sortBy ?? 'createdAt',
        sortDirection: search.sortDirection ?? 'desc',
        pageNumber,
        pageSize,
      });
      const items: TradeAccountSummary[] = [];
      for (const row of rows) items.push(await presentAccountSummary(ctx, row));
      return { items, pageNumber, pageSize, totalCount: total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
    },

    async searchBusinesses(ctx, text) {
      const rows = await repository.searchBusinesses(ctx.db, text, 50);
      const counts = await repository.accountCounts(
        ctx.db,
        rows.map((row) => row.id),
      );
      const found: Business[] = [];
      for (const row of rows) found.push(await presentBusiness(ctx, row, counts.get(row.id) ?? 0));
      return found;
    },

    async getInternalAccount(ctx, userId) {
      const db = ctx.db;
      const profile = await identity.getUserProfile(ctx, userId);
      const account = await repository.findAccount(db, repository.accountOfUser(userId));
      const application = await repository.latestApplicationOf(db, userId);
      if (!profile && !account && !application) throw TradeErrors.userNotFound();
      const documents = application ? (await repository.documentsOf(db, application.id)).length : 0;
      return {
        id: userId,
        email: profile?.email ?? account?.account.userEmail ?? application!.userEmail,
        name: profile?.name ?? account?.account.userName ?? application!.userName,
        emailVerified: profile?.emailVerified ?? false,
        roles: profile?.roles ?? [],
        tradeAccount: account ? await presentAccountSummary(ctx, account) : null,
        latestApplication: application ? applicationSummary({ ...application, documentCount: documents }) : null,
      };
    },

    async getAccountForStaff(ctx, id) {
      const found = await accounts.accountById(ctx, id);
      const { orders } = await spendOrders(ctx.db, found.business.id, ctx.clock.now());
      let recent = orders.slice(0, 20).map(orderSummary);
      if (recent.length < 20) {
        // Older than a year: read as placed (their refunds no longer count towards any spend).
        const older = await repository.latestTradeOrders(ctx.db, found.business.id, 20 - recent.length, orders.at(-1)?.placedAt ?? ctx.clock.now());
        const seen = new Set(recent.map((order) => order.orderNumber));
        const states = await orderStates(
          ctx.db,
          older.map((row) => row.orderId),
        );
        recent = recent.concat(
          older
            .filter((row) => !seen.has(row.orderNumber))
            .map((row) =>
              orderSummary({ row, status: states.get(row.orderId)?.status ?? 'placed', refundedIncVat: states.get(row.orderId)?.refundedPence ?? 0 }),
            ),
        );
      }
      return { ...(await presentAccount(ctx, found)), bandAccount: await bandAccount(ctx, found), recentOrders: recent };
    },

    async getAccount(ctx, tradeExternalId) {
      return presentAccount(ctx, await accounts.visibleAccount(ctx, tradeExternalId));
    },

    async getBandAccount(ctx, tradeExternalId) {
      return bandAccount(ctx, await accounts.visibleAccount(ctx, tradeExternalId));
    },

    async getBandAccountByEmail(ctx, email) {
      const found = await repository.findAccount(ctx.db, repository.accountByEmail(email.trim()));
      if (!found) throw TradeErrors.accountNotFound();
      return bandAccount(ctx, found);
    },

    async updateDetails(ctx, tradeExternalId, details) {
      const found = await repository.findAccount(ctx.db, repository.accountByExternalId(tradeExternalId));
      if (!found) throw TradeErrors.accountNotFound();
      await repository.updateAccount(ctx.db, found.account.id, { ...contactColumns(details), updatedAt: ctx.clock.now() });
      return presentAccount(ctx, (await repository.findAccount(ctx.db, repository.accountById(found.account.id)))!);
    },

    async updateBusiness(ctx, id, input) {
      const found = await accounts.accountById(ctx, id);
      const details = checkedDetails(deps, input);
      await repository.updateBusiness(ctx.db, found.business.id, {
        ...businessColumns(details),
        updatedAt: ctx.clock.now(),
      });
      return presentAccount(ctx, await accounts.accountById(ctx, id));
    },

    async setBusinessBand(ctx, businessId, input) {
      const band = await requireBand(ctx, input.bandCode);
      const actor = ctx.actor!;
      const now = ctx.clock.now();
      const updated = await ctx.db.transaction(async (db) => {
        const business = await repository.findBusiness(db, businessId);
        if (!business) throw TradeErrors.businessNotFound();
        if (business.bandCode === band.code) return business;
        const moved = await repository.moveBusinessBand(db, businessId, business.bandCode, {
          bandCode: band.code,
          bandSetBy: 'staff',
          bandChangedAt: now,
          updatedAt: now,
        });
        if (!moved) {
          // Another change to the band committed between our read and our update (two reviewers at once):
          // the person is told what it is now rather than having their change silently replace it.
          const current = await repository.findBusiness(db, businessId);
          if (!current) throw TradeErrors.businessNotFound();
          if (current.bandCode === band.code) return current;
          throw TradeErrors.bandChanged(current.bandCode);
        }
        await repository.insertBandChange(db, {
          businessId,
          fromBand: business.bandCode,
          toBand: band.code,
          reason: 'staff',
          note: input.reason,
          actorUserId: actor.userId,
          actorName: actor.name ?? actor.email ?? null,
          spendExVat: await spendLast12Months(db, businessId, now),
          at: now,
        });
        return moved;
      });
      forgetBands();
      return presentBusiness(ctx, updated);
    },

    async resetPassword(ctx, id, config) {
      const found = await accounts.accountById(ctx, id);
      if (!config.identity.embedded) throw TradeErrors.resetNotAvailable();
      // The provider sends nothing for an address it has no account for (so sign-in pages cannot be
      // probed): staff are told instead, and the e-mail goes to the address the holder signs in with.
      const holder = await identity.getUserProfile({ db: ctx.db }, found.account.userId);
      if (!holder) throw TradeErrors.noSignInAccount(found.account.userEmail);
      try {
        await identity.requestPasswordReset({ db: ctx.db, clock: ctx.clock, config }, { email: holder.email, clientAddress: `staff:${ctx.actor!.userId}` });
      } catch (error) {
        const retry =
          (error as { code?: string; retryAfterSeconds?: number }).code === 'THROTTLED_RESET'
            ? (error as { retryAfterSeconds?: number }).retryAfterSeconds
            : undefined;
        if (retry !== undefined) throw TradeErrors.resetThrottled(retry);
        throw error;
      }
      return { sentTo: holder.email };
    },

    async tradeBands(ctx) {
      return [...(await bands(ctx))];
    },

    async tradeSummary(ctx) {
      const found = await accounts.ownAccount(ctx);
      const db = ctx.db;
      const now = ctx.clock.now();
      const allBands = await bands(ctx);
      const band = allBands.find((entry) => entry.code === found.business.bandCode)!;
      const { orders } = await spendOrders(db, found.business.id, now);
      const totals = spendTotals(orders, now);
      const progress = bandProgress(allBands, band, totals.last12MonthsExVat);
      const open = orders.filter((order) => OPEN_ORDER_STATUSES.has(order.status));
      let latest = orders[0] ? orderSummary(orders[0]) : null;
      if (!latest) {
        const [older] = await repository.latestTradeOrders(db, found.business.id, 1);
        if (older) {
          const state = (await orderStates(db, [older.orderId])).get(older.orderId);
          latest = orderSummary({ row: older, status: state?.status ?? 'placed', refundedIncVat: state?.refundedPence ?? 0 });
        }
      }
      return {
        tradeExternalId: found.account.tradeExternalId,
        businessName: found.business.tradingName ?? found.business.legalName,
        band,
        nextBand: progress.nextBand,
        spendToNextBandExVat: progress.spendToNextBandExVat,
        progressToNextBandBasisPoints: progress.progressBasisPoints,
        spend: { thisMonthExVat: totals.thisMonthExVat, thisQuarterExVat: totals.thisQuarterExVat, last12MonthsExVat: totals.last12MonthsExVat },
        savingsLast12MonthsExVat: totals.savingsLast12MonthsExVat,
        openOrders: { count: open.length, items: open.slice(0, 5).map(orderSummary) },
        latestOrder: latest,
        asOf: iso(now),
      };
    },

    async buyAgain(ctx, limit) {
      const found = await accounts.ownAccount(ctx);
      const db = ctx.db;
      const now = ctx.clock.now();
      const ranked = rankBuyAgain(
        (await repository.orderedProductsOf(db, found.business.id)).map((row) => ({ ...row })),
        now,
      );
      // A few more than asked, so products no longer sold can be left out without a second round.
      const candidates = ranked.slice(0, limit + 10);
      const offerings = await catalogue.findSellableOfferings(
        { db },
        candidates.map((product) => product.sku),
      );
      const list = await pricing.priceListFor({ db: db, actor: ctx.actor, clock: ctx.clock });
      const items: BuyAgainProduct[] = [];
      for (const product of candidates) {
        const offering = offerings.get(product.sku);
        if (!offering) continue;
        const price = pricing.unitPrice(offering, list);
        const sellable = Number.isFinite(offering.sellable) ? Math.max(0, offering.sellable) : 999;
        items.push({
          sku: product.sku,
          productId: offering.productId,
          productName: offering.productName,
          productSlug: offering.productSlug,
          label: offering.label,
          imageUrl: offering.imageUrl,
          timesOrdered: product.timesOrdered,
          quantityOrdered: product.quantityOrdered,
          lastOrderedAt: iso(product.lastOrderedAt),
          unitPriceExVat: price.exVat,
          unitPriceIncVat: price.incVat,
          retailPriceIncVat: offering.priceIncVat,
          stockStatus: offering.stockStatus,
          maxQuantity: Math.min(999, sellable),
          available: sellable > 0 && offering.stockStatus !== 'out_of_stock',
        });
        if (items.length === limit) break;
      }
      return { items };
    },

    currentTerms: (ctx) => terms.currentTerms(ctx),
    publishTerms: (ctx, published) => terms.publishTerms(ctx, published),
    checkTerms: (ctx) => terms.checkTerms(ctx),
    acceptTerms: (ctx, version) => terms.acceptTerms(ctx, version),
    requireTermsAccepted: (ctx) => terms.requireTermsAccepted(ctx),

    async bandCodeFor(ctx) {
      const userId = ctx.actor?.userId;
      if (!userId) return null;
      const now = ctx.clock.now().getTime();
      let perDb = bandLookups.get(ctx.db);
      if (!perDb) bandLookups.set(ctx.db, (perDb = new Map()));
      const kept = perDb.get(userId);
      if (kept && kept.epoch === bandEpoch && now - kept.at < BAND_LOOKUP_TTL_MS) return kept.value;
      const value = repository.bandCodeOfUser(ctx.db, userId);
      if (perDb.size > 10_000) perDb.clear();
      perDb.set(userId, { at: now, epoch: bandEpoch, value });
      value.catch(() => perDb.delete(userId));
      return value;
    },

    async recordTradeOrder(db, order, publicUrl) {
      const found = await repository.findAccount(db, repository.accountOfUser(order.customerUserId));
      if (!found) return;
      const recorded = await repository.insertTradeOrder(db, {
        orderId: order.orderId,
        businessId: found.business.id,
        tradeAccountId: found.account.id,
        orderNumber: order.orderNumber,
        bandCode: found.business.bandCode,
        itemCount: order.lines.reduce((sum, line) => sum + line.quantity, 0),
        totalIncVat: order.totalIncVat,
        totalExVat: order.totalIncVat - order.vatIncVat,
        savingsExVat: savingsAtBand(order.goodsExVat, order.tradeDiscountBasisPoints),
        placedAt: order.placedAt,
      });
      if (!recorded) return;
      await repository.addOrderedProducts(db, found.business.id, order.lines, order.placedAt);
      await moveUpIfDue(db, found.business, order.placedAt, publicUrl);
    },

    bandReviewJob(publicUrl) {
      return {
        name: 'trade-band-review',
        everyMs: 60 * 60_000,
        batchSize: 50,
        async runOnce(ctx: JobContext) {
          const now = ctx.clock.now();
          const claimed = await ctx.db.transaction(async (db) => {
            const due = await repository.claimBusinessesForReview(db, new Date(now.getTime() - DAY_MS), now, 50);
            for (const business of due) await moveUpIfDue(db, business, now, publicUrl);
            return due.length;
          });
          return { claimed };
        },
      };
    },
  };
}

function businessColumns(details: TradeBusinessDetails) {
  return {
    legalName: details.legalName,
    tradingName: orNull(details.tradingName),
    businessType: details.businessType,
    companyNumber: orNull(details.companyNumber),
    vatNumber: orNull(details.vatNumber),
    trade: details.trade,
    tradeOther: orNull(details.tradeOther),
    yearsTrading: details.yearsTrading,
    employees: details.employees,
    addressLine1: details.address.line1,
    addressLine2: orNull(details.address.line2),
    town: details.address.town,
    county: orNull(details.address.county),
    postcode: details.address.postcode,
  };
}

function contactColumns(details: TradeContactDetails) {
  return {
    contactName: details.contactName,
    contactRole: orNull(details.contactRole),
    contactPhone: details.contactPhone,
    contactEmail: orNull(details.contactEmail),
    gasSafeNumber: orNull(details.gasSafeNumber),
    niceicNumber: orNull(details.niceicNumber),
    otherRegistration: orNull(details.otherRegistration),
  };
}
