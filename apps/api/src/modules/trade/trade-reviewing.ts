/**
 * Reviewing trade applications (staff): search, read, approve on a band (which opens the trade
 * account), disapprove or ask for more. Each step is a conditional update on status and version, so
 * of two reviewers acting at once one wins and the other is told (docs/decisions/0028).
 */
import type { TradeApplication, TradeApplicationPage, TradeApplicationSearch, TradeApplicationStatus } from '@shop/contracts';
import { TRADE_APPLICATION_STATUSES } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { TradeBand } from '../pricing/index.ts';
import { REVIEWABLE_FROM, reviewRefusal, type ReviewAction } from './application-rules.ts';
import { isStaff } from './trade-accounts.ts';
import { queueApplicationEmail, visibleApplication } from './trade-applications.ts';
import { requireBand } from './trade-bands.ts';
import { applicationEmail } from './trade-emails.ts';
import { businessColumns, contactColumns, ukDay } from './trade-input.ts';
import { applicationSummary, bandByCode, presentApplication } from './trade-present.ts';
import type { StaffContext, TradeContext, TradeDeps } from './trade.deps.ts';
import { TradeErrors } from './trade.errors.ts';
import * as repository from './repository/index.ts';
import type { ApplicationRow } from './repository/index.ts';

export async function searchApplications(ctx: TradeContext, search: TradeApplicationSearch): Promise<TradeApplicationPage> {
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
    statusCounts: Object.fromEntries(TRADE_APPLICATION_STATUSES.map((status) => [status, counts.get(status) ?? 0])) as Record<TradeApplicationStatus, number>,
  };
}

export async function getApplication(deps: TradeDeps, ctx: TradeContext, tradeExternalId: string): Promise<TradeApplication> {
  const row = await visibleApplication(ctx, tradeExternalId);
  return presentApplication(deps, ctx, row, isStaff(ctx) ? 'staff' : 'applicant');
}

/**
 * One reviewer's step, all or nothing: the application changes only from a status the step allows
 * and only at the version read (or the one the reviewer saw), so of two reviewers acting at once
 * one wins and the other is told it was decided or changed.
 */
async function review(
  deps: TradeDeps,
  ctx: TradeContext,
  id: number,
  action: ReviewAction,
  version: number | undefined,
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
    const band = next.approvedBandCode ? await bandByCode(deps, { db, clock: ctx.clock }, next.approvedBandCode) : undefined;
    const content = applicationEmail({
      status: next.status,
      applicantName: next.details.contactName,
      businessName: next.details.tradingName ?? next.details.legalName,
      tradeExternalId: next.tradeExternalId,
      note,
      band: band ?? null,
      resubmitted: false,
      publicUrl: deps.publicUrl,
    });
    const template = `trade.application-${next.status.replaceAll('_', '-')}`;
    await queueApplicationEmail(deps, db, next.userEmail, content, template, `trade.application:${next.id}:${next.version}`);
    return next;
  });
  deps.bandLookup.forget();
  return presentApplication(deps, ctx, updated, 'staff');
}

/** The approved applicant's business (on the band chosen), its first band change and their trade account. */
async function openAccountFor(
  { identity }: Pick<TradeDeps, 'identity'>,
  db: Database,
  application: ApplicationRow,
  band: TradeBand,
  actor: StaffContext['actor'],
  now: Date,
): Promise<number> {
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

export async function approve(
  deps: TradeDeps,
  ctx: TradeContext,
  id: number,
  input: { bandCode: string; note?: string; version?: number },
): Promise<TradeApplication> {
  const band = await requireBand(deps, ctx, input.bandCode);
  return review(
    deps,
    ctx,
    id,
    'approve',
    input.version,
    (_row, now) => ({ changes: { status: 'approved', approvedBandCode: band.code, question: null, decidedAt: now }, note: input.note ?? null }),
    async (db, approved, now) => {
      const tradeAccountId = await openAccountFor(deps, db, approved, band, ctx.actor!, now);
      await repository.updateApplicationColumns(db, approved.id, { tradeAccountId });
      return { ...approved, tradeAccountId };
    },
  );
}

export function disapprove(deps: TradeDeps, ctx: TradeContext, id: number, input: { reason: string; version?: number }): Promise<TradeApplication> {
  return review(deps, ctx, id, 'disapprove', input.version, (_row, now) => ({
    changes: { status: 'disapproved', disapprovalReason: input.reason, decidedAt: now },
    note: input.reason,
  }));
}

export function requireMoreInfo(deps: TradeDeps, ctx: TradeContext, id: number, input: { question: string; version?: number }): Promise<TradeApplication> {
  return review(deps, ctx, id, 'requireMoreInfo', input.version, () => ({
    changes: { status: 'more_info_required', question: input.question },
    note: input.question,
  }));
}
