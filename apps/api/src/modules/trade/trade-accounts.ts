/** Trade accounts and their businesses: finding one a caller may read, staff's searches and changes, password resets. */
import type {
  Business,
  InternalAccount,
  TradeAccount,
  TradeAccountForStaff,
  TradeAccountSearch,
  TradeAccountSummary,
  TradeBandAccount,
  TradeBusinessDetails,
  TradeContactDetails,
} from '@shop/contracts';
import { olderOrderSummaries, spendOrders } from './spend-orders.ts';
import { bandAccount } from './trade-bands.ts';
import { businessColumns, checkedDetails, contactColumns, ukDay } from './trade-input.ts';
import { applicationSummary, orderSummary, presentAccount, presentAccountSummary, presentBusiness } from './trade-present.ts';
import { TradeErrors } from './trade.errors.ts';
import * as repository from './repository/index.ts';
import type { AccountWithBusiness } from './repository/index.ts';
import type { TradeContext, TradeDeps } from './trade.deps.ts';

/** A trade reviewer (staff) reads every application and account. */
export const isStaff = (ctx: TradeContext) => ctx.actor?.roles.includes('trade-reviewer') === true;

/** The caller's own trade account, found by who they are (not by what their token says). */
export async function ownAccount(ctx: TradeContext): Promise<AccountWithBusiness> {
  const found = ctx.actor ? await repository.findAccount(ctx.db, repository.accountOfUser(ctx.actor.userId)) : undefined;
  if (!found) throw TradeErrors.noTradeAccount();
  return found;
}

/** An account a reviewer may read, or one of the caller's own business; else the same 404 as an unknown one. */
export async function visibleAccount(ctx: TradeContext, tradeExternalId: string): Promise<AccountWithBusiness> {
  const found = await repository.findAccount(ctx.db, repository.accountByExternalId(tradeExternalId));
  if (!found) throw TradeErrors.accountNotFound();
  if (isStaff(ctx)) return found;
  const own = ctx.actor ? await repository.findAccount(ctx.db, repository.accountOfUser(ctx.actor.userId)) : undefined;
  if (!own || own.business.id !== found.business.id) throw TradeErrors.accountNotFound();
  return found;
}

export async function accountById(ctx: TradeContext, id: number): Promise<AccountWithBusiness> {
  const found = await repository.findAccount(ctx.db, repository.accountById(id));
  if (!found) throw TradeErrors.accountNotFound();
  return found;
}

/** Staff's search of trade accounts, a page at a time. */
export async function searchAccounts(deps: TradeDeps, ctx: TradeContext, search: TradeAccountSearch) {
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
  for (const row of rows) items.push(await presentAccountSummary(deps, ctx, row));
  return { items, pageNumber, pageSize, totalCount: total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

export async function searchBusinesses(deps: TradeDeps, ctx: TradeContext, text: string): Promise<Business[]> {
  const rows = await repository.searchBusinesses(ctx.db, text, 50);
  const counts = await repository.accountCounts(
    ctx.db,
    rows.map((row) => row.id),
  );
  const found: Business[] = [];
  for (const row of rows) found.push(await presentBusiness(deps, ctx, row, counts.get(row.id) ?? 0));
  return found;
}

/** A user as staff see them: their sign-in, their trade account and their latest application, whichever exist. */
export async function getInternalAccount(deps: TradeDeps, ctx: TradeContext, userId: string): Promise<InternalAccount> {
  const db = ctx.db;
  const profile = await deps.identity.getUserProfile(ctx, userId);
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
    tradeAccount: account ? await presentAccountSummary(deps, ctx, account) : null,
    latestApplication: application ? applicationSummary({ ...application, documentCount: documents }) : null,
  };
}

export async function getAccountForStaff(deps: TradeDeps, ctx: TradeContext, id: number): Promise<TradeAccountForStaff> {
  const found = await accountById(ctx, id);
  const { orders } = await spendOrders(deps, ctx.db, found.business.id, ctx.clock.now());
  let recent = orders.slice(0, 20).map(orderSummary);
  if (recent.length < 20) {
    // Older than a year: read as placed (their refunds no longer count towards any spend).
    const older = await olderOrderSummaries(deps, ctx.db, found.business.id, 20 - recent.length, orders.at(-1)?.placedAt ?? ctx.clock.now());
    const seen = new Set(recent.map((order) => order.orderNumber));
    recent = recent.concat(older.filter((order) => !seen.has(order.orderNumber)));
  }
  return { ...(await presentAccount(deps, ctx, found)), bandAccount: await bandAccount(deps, ctx, found), recentOrders: recent };
}

export async function getAccount(deps: TradeDeps, ctx: TradeContext, tradeExternalId: string): Promise<TradeAccount> {
  return presentAccount(deps, ctx, await visibleAccount(ctx, tradeExternalId));
}

export async function getBandAccount(deps: TradeDeps, ctx: TradeContext, tradeExternalId: string): Promise<TradeBandAccount> {
  return bandAccount(deps, ctx, await visibleAccount(ctx, tradeExternalId));
}

export async function getBandAccountByEmail(deps: TradeDeps, ctx: TradeContext, email: string): Promise<TradeBandAccount> {
  const found = await repository.findAccount(ctx.db, repository.accountByEmail(email.trim()));
  if (!found) throw TradeErrors.accountNotFound();
  return bandAccount(deps, ctx, found);
}

export async function updateDetails(deps: TradeDeps, ctx: TradeContext, tradeExternalId: string, details: TradeContactDetails): Promise<TradeAccount> {
  const found = await repository.findAccount(ctx.db, repository.accountByExternalId(tradeExternalId));
  if (!found) throw TradeErrors.accountNotFound();
  await repository.updateAccount(ctx.db, found.account.id, { ...contactColumns(details), updatedAt: ctx.clock.now() });
  return presentAccount(deps, ctx, (await repository.findAccount(ctx.db, repository.accountById(found.account.id)))!);
}

export async function updateBusiness(deps: TradeDeps, ctx: TradeContext, id: number, input: TradeBusinessDetails): Promise<TradeAccount> {
  const found = await accountById(ctx, id);
  const details = checkedDetails(deps, input);
  await repository.updateBusiness(ctx.db, found.business.id, {
    ...businessColumns(details),
    updatedAt: ctx.clock.now(),
  });
  return presentAccount(deps, ctx, await accountById(ctx, id));
}

/** Through the embedded provider's reset e-mail, to the address the holder signs in with. */
export async function resetPassword(deps: TradeDeps, ctx: TradeContext, id: number): Promise<{ sentTo: string }> {
  const found = await accountById(ctx, id);
  if (!deps.staffPasswordResets) throw TradeErrors.resetNotAvailable();
  // The provider sends nothing for an address it has no account for (so sign-in pages cannot be
  // probed): staff are told instead, and the e-mail goes to the address the holder signs in with.
  const holder = await deps.identity.getUserProfile({ db: ctx.db }, found.account.userId);
  if (!holder) throw TradeErrors.noSignInAccount(found.account.userEmail);
  try {
    await deps.identity.requestPasswordReset({ db: ctx.db, clock: ctx.clock }, { email: holder.email, clientAddress: `staff:${ctx.actor!.userId}` });
  } catch (error) {
    const retry =
      (error as { code?: string; retryAfterSeconds?: number }).code === 'THROTTLED_RESET'
        ? (error as { retryAfterSeconds?: number }).retryAfterSeconds
        : undefined;
    if (retry !== undefined) throw TradeErrors.resetThrottled(retry);
    throw error;
  }
  return { sentTo: holder.email };
}
