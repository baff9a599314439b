import { TAX_RECORD_YEARS, type PersonalDataStore } from '../../platform/personal-data.ts';
import { countChangesBy } from './order-baskets.repository.ts';

export const orderBasketsPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Changes to placed orders: new delivery addresses, and who made each change',
    columns: {
      order_baskets: ['delivery_address', 'opened_by'],
      order_basket_changes: ['address', 'actor'],
      order_change_history: ['actor'],
    },
    foundBy: ['user id'],
    onErasure: {
      effect: 'kept',
      reason: 'Part of the order’s sales record (what was sold, where to, and the payments for it), which HMRC asks us to keep',
      period: `${TAX_RECORD_YEARS} years after each order`,
    },
    count: countChangesBy,
  },
];
