/**
 * The services of the spec (`calls.tsv`, first column) plus the platform's own. Each answers under
 * its prefix; one service's calls may be handled by several API modules.
 */
export const SERVICES = {
  platform: { prefix: '/api', title: 'Platform: health and API documentation' },
  content: { prefix: '/api/content', title: 'Content client (blogs)' },
  basket: { prefix: '/api/basket', title: 'Basket' },
  checkout: { prefix: '/api/checkout', title: 'Checkout' },
  wishlist: { prefix: '/api/wishlist', title: 'Wishlist' },
  'saved-cards': { prefix: '/api/saved-cards', title: 'Saved cards' },
  discounts: { prefix: '/api/discounts', title: 'Discounts' },
  'order-baskets': { prefix: '/api/order-baskets', title: 'Order baskets (order amendments)' },
  'help-centre': { prefix: '/api/help-centre', title: 'Help centre' },
  'order-tracking': { prefix: '/api/order-tracking', title: 'Order tracking' },
  // Not a service of the spec: staff order handling (order-admin).
  orders: { prefix: '/api/orders', title: 'Orders (staff order handling)' },
  'delivery-upgrade': { prefix: '/api/delivery-upgrade', title: 'Delivery upgrade' },
  analytics: { prefix: '/api/analytics', title: 'Analytics' },
  'address-lookup': { prefix: '/api/address-lookup', title: 'Postcode address lookup' },
  reviews: { prefix: '/api/reviews', title: 'Reviews and Q&A' },
  site: { prefix: '/api/site', title: 'Site and content' },
  accounts: { prefix: '/api/accounts', title: 'Accounts and trade' },
  catalogue: { prefix: '/api/catalogue', title: 'Product catalogue' },
  delivery: { prefix: '/api/delivery', title: 'Delivery' },
  projects: { prefix: '/api/projects', title: 'Projects, addresses and terms' },
  // Not a service of the spec: the staff mailbox of the e-mail outbox.
  notifications: { prefix: '/api/notifications', title: 'E-mail outbox and staff mailbox' },
  // Not a service of the spec: staff's view of the background jobs (admin).
  operations: { prefix: '/api/operations', title: 'Operations: background jobs and what they gave up on' },
  payments: { prefix: '/api/payments', title: 'Payments: gateway configuration, sandbox gateway, webhooks' },
} as const;

export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];
