import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { countPaymentCustomersOf, deletePaymentCustomersOf } from './payments.repository.ts';

export const paymentsPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'The payment provider’s customer and saved cards (name, e-mail, billing addresses)',
    // The sandbox's tables stand in for the provider's own records (Stripe keeps them on its side).
    columns: {
      payment_customers: ['user_id'],
      sandbox_customers: ['email', 'name'],
      sandbox_payment_methods: ['customer_id', 'billing'],
      sandbox_intents: ['customer_id'],
    },
    foundBy: ['user id'],
    onErasure: { effect: 'deleted' },
    count: countPaymentCustomersOf,
    erase: async (tx, subject) => {
      const paymentCustomers = await deletePaymentCustomersOf(tx, subject);
      return { rows: paymentCustomers.length, paymentCustomers };
    },
  },
];
