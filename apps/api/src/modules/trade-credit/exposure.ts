/**
 * Staff's exposure report (decision 0091): each business paying on account, most owed first, with
 * the provider's limit now beside what the shop's orders on account have in use and what is overdue
 * (by the provider's due dates, read against today in the UK).
 */
import { londonIsoDate, type CreditExposurePage } from '@shop/contracts';
import { CreditProviderUnavailable } from './credit-provider.ts';
import type { TradeCreditContext, TradeCreditDeps } from './trade-credit.deps.ts';
import * as repository from './trade-credit.repository.ts';

export interface CreditExposureService {
  creditExposure(ctx: TradeCreditContext, page: { pageNumber: number; pageSize: number }): Promise<CreditExposurePage>;
}

export function createCreditExposure(deps: TradeCreditDeps): CreditExposureService {
  /** The provider's limit, or null when it does not know the number or cannot be reached (the report still shows what the shop knows). */
  async function limitOf(ctx: TradeCreditContext, organisationNumber: string | null): Promise<number | null> {
    if (!organisationNumber) return null;
    try {
      return (await deps.provider.credit({ organisationNumber }))?.limitPence ?? null;
    } catch (error) {
      if (!(error instanceof CreditProviderUnavailable)) throw error;
      ctx.log?.warn({ provider: deps.provider.kind, reason: error.detail }, 'exposure report without the provider’s limit');
      return null;
    }
  }

  return {
    async creditExposure(ctx, { pageNumber, pageSize }) {
      const { rows, totals } = await repository.exposurePage(ctx.db, londonIsoDate(ctx.clock.now()), pageNumber, pageSize);
      const [names, limits] = await Promise.all([
        deps.trade.businessNamesOf(
          ctx,
          rows.map((row) => row.tradeAccountId),
        ),
        Promise.all(rows.map((row) => limitOf(ctx, row.organisationNumber))),
      ]);
      return {
        inUsePence: totals.inUse,
        overduePence: totals.overdue,
        items: rows.map((row, index) => ({
          tradeAccountId: row.tradeAccountId,
          businessName: names.get(row.tradeAccountId) ?? `Trade account ${row.tradeAccountId}`,
          organisationNumber: row.organisationNumber,
          limitPence: limits[index] ?? null,
          inUsePence: row.inUse,
          overduePence: row.overdue,
          ordersOnAccount: row.orders,
        })),
        pageNumber,
        pageSize,
        totalCount: totals.businesses,
        totalPages: Math.max(1, Math.ceil(totals.businesses / pageSize)),
      };
    },
  };
}
