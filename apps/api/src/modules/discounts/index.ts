import type { ApiModule } from '../../platform/module.ts';
import { discountsPersonalData } from './discounts.personal-data.ts';
import { registerDiscountsRoutes } from './discounts.routes.ts';
import { demoPromotionsSeed } from './discounts.seed.ts';
import type { DiscountsService } from './discounts.service.ts';

export type { SalesChannel } from '@shop/contracts';
export { createDiscountsService, type DiscountsService } from './discounts.service.ts';
export type { AppliedDiscount, DiscountableLine, DiscountCheck, LoadedDiscount } from './redeeming.ts';

/** Discount codes (`DiscountsService`): staff's promotions and issue codes, judged and claimed for baskets and orders. */
export function createDiscountsModule({ discounts }: { discounts: DiscountsService }): ApiModule {
  return {
    name: 'discounts',
    personalData: discountsPersonalData,
    registerRoutes: (app) => registerDiscountsRoutes(app, discounts),
    seeds: [demoPromotionsSeed],
  };
}
