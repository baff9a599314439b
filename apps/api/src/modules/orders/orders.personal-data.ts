import { TAX_RECORD_YEARS, type PersonalDataStore } from '../../platform/personal-data.ts';
import { countOrdersOf } from './orders.repository.ts';

export const ordersPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Orders and their VAT invoices, payments and refunds (name, e-mail, phone, addresses)',
    columns: {
      orders: ['customer_id', 'email_address', 'customer_name', 'phone', 'delivery_address', 'billing_address'],
      // An invoice replaced after a change keeps its figures as issued, the buyer's name and address among them.
      vat_invoices: ['figures'],
    },
    foundBy: ['user id', 'e-mail address'],
    onErasure: {
      effect: 'kept',
      reason: 'HMRC VAT records: a sale’s invoice, with the buyer’s name and address, its amounts and payments, must be kept',
      period: `${TAX_RECORD_YEARS} years after each order`,
    },
    count: countOrdersOf,
  },
];
