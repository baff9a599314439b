import { DISCOUNT_TYPES, SALES_CHANNELS, TARGET_TYPES } from '@shop/contracts';
import type { Seed } from '../../seed/seed.ts';
import * as repository from './discounts.repository.ts';
import { generateIssueCodes } from './promotions.ts';

const DAY_MS = 86_400_000;

/**
 * Demo promotions for trying the basket's code form (README lists them). Dates are relative to the
 * first start, so the active ones stay active for a year and the scheduled one stays scheduled.
 */
export const demoPromotionsSeed: Seed = {
  name: 'discounts:demo-promotions',
  size: 7,
  async run(db, progress) {
    const now = Date.now();
    const at = (days: number) => new Date(now + days * DAY_MS);
    const base = {
      targetType: TARGET_TYPES.AllProducts,
      discountType: DISCOUNT_TYPES.Percentage,
      channels: [SALES_CHANNELS.Website],
      startsAt: at(-30),
      endsAt: at(365),
    };
    const promotions = [
      { promotionCode: 'WELCOME10', description: '10% off when you spend £100', value: 1000, minimumSpendPence: 10_000, perCustomerLimit: 1 },
      {
        promotionCode: 'TRADE5',
        description: 'Trade: an extra 5% off on the trade site and app',
        value: 500,
        channels: [SALES_CHANNELS.TradeSite, SALES_CHANNELS.TradeApp],
        combinesWithTradePricing: true,
      },
      {
        promotionCode: 'FREEDELIVERY',
        description: 'Free delivery when you spend £50',
        targetType: TARGET_TYPES.Delivery,
        value: 10_000,
        minimumSpendPence: 5_000,
      },
      { promotionCode: 'SPRING20', description: '20% off: our spring sale has ended', value: 2000, startsAt: at(-120), endsAt: at(-60) },
      { promotionCode: 'SUMMER15', description: '15% off everything this summer', value: 1500, startsAt: at(60), endsAt: at(120) },
      {
        promotionCode: 'SHOWROOM25',
        description: '£25 off when you spend £250: single-use codes from our showroom leaflet',
        discountType: DISCOUNT_TYPES.FixedAmount,
        value: 2_500,
        minimumSpendPence: 25_000,
        requiresIssueCode: true,
      },
    ];
    for (const [index, promotion] of promotions.entries()) {
      const created = await repository.insertPromotion(db, { ...base, ...promotion });
      if (created?.requiresIssueCode) await generateIssueCodes(db, created.id, 100);
      progress(index + 1, promotions.length);
    }
  },
};
