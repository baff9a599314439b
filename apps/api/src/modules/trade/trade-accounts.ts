/** Finding trade accounts for a caller: their own, one they may read, or any by id for staff. */
import { TradeErrors } from './trade.errors.ts';
import * as repository from './trade.repository.ts';
import type { AccountWithBusiness } from './trade.repository.ts';
import type { TradeContext } from './trade.deps.ts';

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
