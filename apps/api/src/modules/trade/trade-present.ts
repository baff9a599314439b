/** Rows as callers see them: applications (for staff or their applicant), businesses, accounts and orders. */
import type { Business, TradeAccount, TradeAccountSummary, TradeApplication, TradeOrderSummary } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { TradeBand } from '../pricing/index.ts';
import type { TradeContext, TradeDeps } from './trade.deps.ts';
import * as repository from './repository/index.ts';
import type { AccountWithBusiness, ApplicationRow, BusinessRow, TradeOrderRow } from './repository/index.ts';

export const iso = (date: Date) => date.toISOString();

type BandsDeps = Pick<TradeDeps, 'pricing'>;

/** The bands as pricing keeps them (their discounts and thresholds are pricing's rows). */
export const bandsOf = async ({ pricing }: BandsDeps, ctx: Pick<ServiceContext, 'db' | 'clock'> & { keptFor?: Database }) =>
  pricing.tradeBands({ db: ctx.db, clock: ctx.clock, keptFor: ctx.keptFor });

export async function bandByCode(deps: BandsDeps, ctx: Pick<ServiceContext, 'db' | 'clock'>, code: string): Promise<TradeBand | undefined> {
  return (await bandsOf(deps, ctx)).find((band) => band.code === code);
}

export async function presentApplication(deps: BandsDeps, ctx: TradeContext, row: ApplicationRow, audience: 'staff' | 'applicant'): Promise<TradeApplication> {
  const db = ctx.db;
  const documents = await repository.documentsOf(db, row.id);
  const events = await repository.eventsOf(db, row.id);
  const band = row.approvedBandCode ? await bandByCode(deps, ctx, row.approvedBandCode) : undefined;
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

export async function presentBusiness(deps: BandsDeps, ctx: TradeContext, business: BusinessRow, accountCount?: number): Promise<Business> {
  const band = await bandByCode(deps, ctx, business.bandCode);
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

export async function presentAccount(deps: BandsDeps, ctx: TradeContext, { account, business }: AccountWithBusiness): Promise<TradeAccount> {
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
    business: await presentBusiness(deps, ctx, business),
    applicationId: account.applicationId,
    termsAcceptedVersion: accepted?.version ?? null,
    createdAt: iso(account.createdAt),
    updatedAt: iso(account.updatedAt),
  };
}

export async function presentAccountSummary(deps: BandsDeps, ctx: TradeContext, { account, business }: AccountWithBusiness): Promise<TradeAccountSummary> {
  return {
    id: account.id,
    tradeExternalId: account.tradeExternalId,
    email: account.userEmail,
    contactName: account.contactName,
    businessId: business.id,
    legalName: business.legalName,
    tradingName: business.tradingName,
    postcode: business.postcode,
    band: (await bandByCode(deps, ctx, business.bandCode))!,
    createdAt: iso(account.createdAt),
  };
}

export const applicationSummary = (row: ApplicationRow & { documentCount: number }) => ({
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

export const orderSummary = (order: { row: TradeOrderRow; status: string; refundedIncVat: number }): TradeOrderSummary => ({
  orderNumber: order.row.orderNumber,
  status: order.status,
  placedAt: iso(order.row.placedAt),
  itemCount: order.row.itemCount,
  totalExVat: order.row.totalExVat,
  totalIncVat: order.row.totalIncVat,
  refundedPence: order.refundedIncVat,
  savingsExVat: order.row.savingsExVat,
});
