import type { ApiModule } from '../../platform/module.ts';
import type { FilesService } from '../files/index.ts';
import { tradePersonalData } from './trade.personal-data.ts';
import { tradeDemoSeed, type TradeSeedDeps } from './trade.seed.ts';
import { registerTradeRoutes } from './trade.routes.ts';
import type { TradeService } from './trade.service.ts';

export { createTradeBandLookup, type TradeBandLookup } from './band-lookup.ts';
export {
  createTradeService,
  type CreditHolder,
  type PlacedTradeOrder,
  type RecordedTradeOrder,
  type RecordingWith,
  type TradeBuyer,
  type TradeContext,
  type TradeService,
} from './trade.service.ts';
export type { TradeDeps } from './trade.deps.ts';
export { TradeErrors } from './trade.errors.ts';

/**
 * Trade accounts (docs/domain.md §3): customers apply (with proof documents through the files
 * module), reviewers approve on a band, disapprove or ask for more, and the approved get a trade
 * account for a business whose band prices them (pricing asks the band lookup, made before it) and moves up with its
 * 12-month spend (checkout's place-order calls `recordTradeOrder`; a job reviews the rest). Staff look
 * after accounts, businesses and bands; trade customers get a dashboard, buy-again and the terms,
 * which checkout asks them to accept first (`requireTermsAccepted`).
 */
export function createTradeModule({ trade, files, ...seed }: { trade: TradeService; files: FilesService } & TradeSeedDeps): ApiModule {
  return {
    name: 'trade',
    personalData: tradePersonalData,
    registerRoutes: (app) => registerTradeRoutes(app, trade, files),
    // The demo businesses' accounts, orders and applications (after identity's demo accounts and the catalogue).
    seeds: [tradeDemoSeed(seed)],
    jobs: () => [trade.bandReviewJob()],
  };
}
