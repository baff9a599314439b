/** Who may apply for trade credit with the provider: the holder of an approved trade account, and their business. */
import type { TradeBusinessType } from '@shop/contracts';
import type { TradeContext } from './trade.deps.ts';
import * as repository from './repository/index.ts';
import type { AccountWithBusiness } from './repository/index.ts';

export interface CreditHolder {
  tradeAccountId: number;
  businessId: number;
  businessName: string;
  businessType: TradeBusinessType;
  /** The Companies House number as the trade application gave it (the business's own when there is no application). */
  companyNumber: string | null;
  userId: string;
  email: string;
  contactName: string;
}

/**
 * A trade customer paying at checkout, read once for the order in one statement (decision 0121): the credit holder
 * trade credit asks for, where they stand with the terms, and trade's own rows for counting the order. Checkout hands
 * it to the terms check, to trade credit and into the placing transaction, which would each read it again otherwise.
 */
export interface TradeBuyer {
  readonly holder: CreditHolder;
  readonly terms: { readonly currentVersion: number; readonly acceptedVersion: number | null };
  readonly found: AccountWithBusiness;
}

const holderOf = (found: AccountWithBusiness, applicationCompanyNumber: string | null | undefined): CreditHolder => ({
  tradeAccountId: found.account.id,
  businessId: found.business.id,
  businessName: found.business.tradingName ?? found.business.legalName,
  businessType: found.business.businessType,
  companyNumber: applicationCompanyNumber ?? found.business.companyNumber,
  userId: found.account.userId,
  email: found.account.userEmail,
  contactName: found.account.contactName,
});

/** The caller's trade account as an order needs it, or null for anyone without one (a shopper, an unapproved applicant). */
export async function tradeBuyerFor(ctx: Pick<TradeContext, 'db' | 'actor'>): Promise<TradeBuyer | null> {
  if (!ctx.actor) return null;
  const row = await repository.findBuyer(ctx.db, ctx.actor.userId);
  if (!row) return null;
  const found = { account: row.account, business: row.business };
  // No terms row yet counts as version 1, as the terms check has it.
  return {
    holder: holderOf(found, row.applicationCompanyNumber),
    terms: { currentVersion: row.termsVersion ?? 1, acceptedVersion: row.acceptedVersion },
    found,
  };
}

/** The caller's trade account, or null for anyone without one (a shopper, or an unapproved applicant); `buyer`: as read for this order. */
export async function creditHolderFor(ctx: Pick<TradeContext, 'db' | 'actor'>, buyer?: TradeBuyer | null): Promise<CreditHolder | null> {
  if (buyer !== undefined) return buyer?.holder ?? null;
  if (!ctx.actor) return null;
  const found = await repository.findAccount(ctx.db, repository.accountOfUser(ctx.actor.userId));
  if (!found) return null;
  const application = found.account.applicationId
    ? await repository.findApplication(ctx.db, repository.applicationById(found.account.applicationId))
    : undefined;
  return holderOf(found, application?.details.companyNumber);
}
