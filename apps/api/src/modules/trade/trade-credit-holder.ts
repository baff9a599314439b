/** Who may apply for trade credit with the provider: the holder of an approved trade account, and their business. */
import type { TradeBusinessType } from '@shop/contracts';
import type { TradeContext } from './trade.deps.ts';
import * as repository from './repository/index.ts';

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

/** The caller's trade account, or null for anyone without one (a shopper, or an unapproved applicant). */
export async function creditHolderFor(ctx: Pick<TradeContext, 'db' | 'actor'>): Promise<CreditHolder | null> {
  if (!ctx.actor) return null;
  const found = await repository.findAccount(ctx.db, repository.accountOfUser(ctx.actor.userId));
  if (!found) return null;
  const application = found.account.applicationId
    ? await repository.findApplication(ctx.db, repository.applicationById(found.account.applicationId))
    : undefined;
  return {
    tradeAccountId: found.account.id,
    businessId: found.business.id,
    businessName: found.business.tradingName ?? found.business.legalName,
    businessType: found.business.businessType,
    companyNumber: application?.details.companyNumber ?? found.business.companyNumber,
    userId: found.account.userId,
    email: found.account.userEmail,
    contactName: found.account.contactName,
  };
}
