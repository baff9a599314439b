import type { ApiModule } from '../../platform/module.ts';
import { registerDiscountsRoutes } from './discounts.routes.ts';
import { demoPromotionsSeed } from './discounts.seed.ts';

export type { SalesChannel } from '@shop/contracts';
export {
  claimDiscount,
  evaluateDiscount,
  giveBackDiscountClaim,
  type AppliedDiscount,
  type DiscountableLine,
  type DiscountCheck,
} from './discounts.service.ts';

export const discountsModule: ApiModule = {
  name: 'discounts',
  registerRoutes: registerDiscountsRoutes,
  seeds: [demoPromotionsSeed],
};
