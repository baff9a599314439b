/**
 * Applying for a trade account: the applicant submits their business's details, answers a
 * reviewer's question and adds proof documents (kept by files) while the application is open.
 */
import type { TradeApplication, TradeApplicationData, TradeApplicationResubmit, TradeDocumentKind } from '@shop/contracts';
import { TRADE_APPLICATION_MAX_DOCUMENTS, TRADE_DOCUMENT_KINDS } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import { readableCode } from '../../platform/readable-codes.ts';
import type { OpenedFile } from '../files/index.ts';
import { OPEN_STATUSES } from './application-rules.ts';
import { isStaff } from './trade-accounts.ts';
import { applicationEmail } from './trade-emails.ts';
import { checkedDetails } from './trade-input.ts';
import { presentApplication } from './trade-present.ts';
import type { TradeContext, TradeDeps } from './trade.deps.ts';
import { TradeErrors } from './trade.errors.ts';
import * as repository from './repository/index.ts';
import type { ApplicationRow } from './repository/index.ts';

/** An application's e-mail to its applicant, sent with the change that caused it (the outbox is written in the same transaction). */
export async function queueApplicationEmail(
  { notifications }: Pick<TradeDeps, 'notifications'>,
  db: Database,
  to: string,
  content: ReturnType<typeof applicationEmail>,
  template: string,
  dedupeKey: string,
) {
  await notifications.enqueueEmail({ db }, { to, ...notifications.renderEmail(content), template, dedupeKey });
}

/** The application, for a reviewer or its own applicant; anyone else gets the same 404 as for an unknown one. */
export async function visibleApplication(ctx: TradeContext, tradeExternalId: string): Promise<ApplicationRow> {
  const row = await repository.findApplication(ctx.db, repository.applicationByExternalId(tradeExternalId));
  if (!row || (!isStaff(ctx) && row.userId !== ctx.actor?.userId)) throw TradeErrors.applicationNotFound();
  return row;
}

export async function submitApplication(deps: TradeDeps, ctx: TradeContext, data: TradeApplicationData): Promise<TradeApplication> {
  const actor = ctx.actor!;
  const details = checkedDetails(deps, data);
  const now = ctx.clock.now();
  const profile = await deps.identity.getUserProfile(ctx, actor.userId);
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
      publicUrl: deps.publicUrl,
    });
    await queueApplicationEmail(deps, db, email, content, 'trade.application-submitted', `trade.application:${inserted.id}:${inserted.version}`);
    return inserted;
  });
  return presentApplication(deps, ctx, row, 'applicant');
}

export async function getMyApplication(deps: TradeDeps, ctx: TradeContext): Promise<TradeApplication> {
  const row = await repository.latestApplicationOf(ctx.db, ctx.actor!.userId);
  if (!row) throw TradeErrors.noApplication();
  return presentApplication(deps, ctx, row, 'applicant');
}

export async function resubmitMyApplication(deps: TradeDeps, ctx: TradeContext, input: TradeApplicationResubmit): Promise<TradeApplication> {
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
      publicUrl: deps.publicUrl,
    });
    await queueApplicationEmail(deps, db, next.userEmail, content, 'trade.application-resubmitted', `trade.application:${next.id}:${next.version}`);
    return next;
  });
  return presentApplication(deps, ctx, row, 'applicant');
}

export async function addDocument(
  deps: TradeDeps,
  ctx: TradeContext,
  upload: { fileName: string | undefined; bytes: Uint8Array; kind: string | undefined },
): Promise<TradeApplication> {
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
  const row = await deps.files.storeUploads(ctx, [document], ([stored]) =>
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
  return presentApplication(deps, ctx, row, 'applicant');
}

export async function openDocument(deps: TradeDeps, ctx: TradeContext, tradeExternalId: string, documentId: string): Promise<OpenedFile> {
  const application = await visibleApplication(ctx, tradeExternalId).catch(() => {
    throw TradeErrors.documentNotFound();
  });
  const document = await repository.findDocument(ctx.db, application.id, documentId);
  if (!document) throw TradeErrors.documentNotFound();
  return deps.files.open(ctx, document.fileId);
}
