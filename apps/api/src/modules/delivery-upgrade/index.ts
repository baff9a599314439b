import type { ApiModule } from '../../platform/module.ts';
import { deliveryUpgradeRecoveryJob } from './delivery-upgrade-recovery.ts';
import { deliveryUpgradePersonalData } from './delivery-upgrade.personal-data.ts';
import { registerDeliveryUpgradeRoutes } from './delivery-upgrade.routes.ts';
import type { DeliveryUpgradeService } from './delivery-upgrade.service.ts';

export { createDeliveryUpgradeService, type DeliveryUpgradeService } from './delivery-upgrade.service.ts';
export type { DeliveryUpgradeDeps } from './delivery-upgrade.deps.ts';
export { DeliveryUpgradeErrors } from './delivery-upgrade.errors.ts';

/**
 * Paid delivery upgrades (`DeliveryUpgradeService`): the customer who placed an order moves it to a
 * faster or specific-day delivery still possible for it, until it is dispatched, and pays the
 * difference by card as a charge of its own (or nothing, when the difference is £0); the day chosen
 * becomes the order's agreed delivery date (decision 0087).
 */
export function createDeliveryUpgradeModule({ deliveryUpgrade }: { deliveryUpgrade: DeliveryUpgradeService }): ApiModule {
  return {
    name: 'delivery-upgrade',
    personalData: deliveryUpgradePersonalData,
    registerRoutes: (app) => registerDeliveryUpgradeRoutes(app, deliveryUpgrade),
    jobs: () => [deliveryUpgradeRecoveryJob((ctx) => deliveryUpgrade.recoverPayments(ctx))],
  };
}
