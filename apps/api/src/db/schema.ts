/** Every module's tables, gathered for drizzle-kit and the typed query builder. */
export * from './platform.tables.ts';
export * from '../modules/pricing/pricing.tables.ts';
export * from '../modules/catalogue/catalogue.tables.ts';
export * from '../modules/inventory/inventory.tables.ts';
export * from '../modules/notifications/notifications.tables.ts';
export * from '../modules/identity/identity.tables.ts';
export * from '../modules/discounts/discounts.tables.ts';
export * from '../modules/basket/basket.tables.ts';
export * from '../modules/wishlist/wishlist.tables.ts';
export * from '../modules/accounts/accounts.tables.ts';
export * from '../modules/payments/payments.tables.ts';
export * from '../modules/checkout/checkout.tables.ts';
export * from '../modules/orders/orders.tables.ts';
export * from '../modules/trade/trade.tables.ts';
export * from '../modules/enquiries/enquiries.tables.ts';
export * from '../modules/after-sales/after-sales.tables.ts';
export * from '../modules/reviews/reviews.tables.ts';
