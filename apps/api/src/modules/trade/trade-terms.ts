/**
 * The trade terms: one current version, published by staff; every trade customer accepts it before
 * their next trade-priced checkout (checkout asks `requireTermsAccepted`).
 */
import type { TermsCheck, TradeTerms } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { ownAccount } from './trade-accounts.ts';
import type { TradeBuyer } from './trade-credit-holder.ts';
import type { TradeContext } from './trade.deps.ts';
import { TradeErrors } from './trade.errors.ts';
import * as repository from './repository/index.ts';
import type { TermsRow } from './repository/index.ts';

const presentTerms = (terms: TermsRow): TradeTerms => ({
  version: terms.version,
  title: terms.title,
  publishedAt: terms.publishedAt.toISOString(),
  sections: terms.sections,
});

async function termsCheck(db: Database, tradeAccountId: number): Promise<TermsCheck> {
  const terms = await repository.currentTerms(db);
  const accepted = await repository.latestAcceptance(db, tradeAccountId);
  const currentVersion = terms?.version ?? 1;
  return {
    currentVersion,
    accepted: accepted !== undefined && accepted.version >= currentVersion,
    acceptedVersion: accepted?.version ?? null,
    acceptedAt: accepted ? accepted.acceptedAt.toISOString() : null,
  };
}

export async function currentTerms(ctx: Pick<TradeContext, 'db'>): Promise<TradeTerms> {
  const terms = await repository.currentTerms(ctx.db);
  if (!terms) throw new Error('No trade terms: the migration that made trade_terms writes version 1');
  return presentTerms(terms);
}

export async function publishTerms(ctx: Pick<TradeContext, 'db' | 'clock'>, terms: Pick<TradeTerms, 'title' | 'sections'>): Promise<TradeTerms> {
  return presentTerms(await repository.insertNextTerms(ctx.db, { title: terms.title, sections: terms.sections, publishedAt: ctx.clock.now() }));
}

export async function checkTerms(ctx: TradeContext): Promise<TermsCheck> {
  const found = await ownAccount(ctx);
  return termsCheck(ctx.db, found.account.id);
}

export async function acceptTerms(ctx: TradeContext, version: number): Promise<TermsCheck> {
  const found = await ownAccount(ctx);
  const db = ctx.db;
  const terms = await repository.currentTerms(db);
  if (!terms || terms.version !== version) throw TradeErrors.termsVersionNotCurrent(terms?.version ?? 1);
  await repository.insertAcceptance(db, { tradeAccountId: found.account.id, version, userId: ctx.actor!.userId, acceptedAt: ctx.clock.now() });
  return termsCheck(db, found.account.id);
}

/** `buyer`: the caller's account as read for this order (`tradeBuyerFor`), whose terms versions came with it. */
export async function requireTermsAccepted(ctx: Pick<ServiceContext, 'db' | 'actor' | 'clock'>, buyer?: TradeBuyer | null): Promise<void> {
  if (buyer !== undefined) {
    // A trade role from an external provider with no account here has no terms to accept here.
    const { currentVersion, acceptedVersion } = buyer?.terms ?? { currentVersion: 1, acceptedVersion: 1 };
    if (acceptedVersion === null || acceptedVersion < currentVersion) throw TradeErrors.termsNotAccepted(currentVersion);
    return;
  }
  const found = ctx.actor ? await repository.findAccount(ctx.db, repository.accountOfUser(ctx.actor.userId)) : undefined;
  if (!found) return;
  const check = await termsCheck(ctx.db, found.account.id);
  if (!check.accepted) throw TradeErrors.termsNotAccepted(check.currentVersion);
}
