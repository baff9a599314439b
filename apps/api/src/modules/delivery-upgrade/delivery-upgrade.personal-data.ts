import { TAX_RECORD_YEARS, type PersonalDataStore } from '../../platform/personal-data.ts';
import { countUpgradesBy } from './delivery-upgrade.repository.ts';

export const deliveryUpgradePersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Paid delivery upgrades of placed orders: the billing address of the card, and who asked for it',
    columns: { delivery_upgrades: ['billing_address', 'opened_by'] },
    foundBy: ['user id'],
    onErasure: {
      effect: 'kept',
      reason: 'Part of the order’s sales record (a payment taken for its delivery), which HMRC asks us to keep',
      period: `${TAX_RECORD_YEARS} years after each order`,
    },
    count: countUpgradesBy,
  },
];
