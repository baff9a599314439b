/**
 * What browsers get for `@shop/contracts` (the package's `browser` export condition): the plain
 * values, without a single zod schema. Types still come from `index.ts`, and the storefront's
 * build fails if browser code needs a schema at runtime, which it should not: the API validates.
 */
export * from './endpoint.ts';
export * from './enumerations.ts';
// The help centre's types, statuses and routing: plain values the staff inbox and the forms show.
export * from './help-centre.ts';
export * from './help-centre-orders-values.ts';
export * from './help-centre-enquiries-values.ts';
export * from './reviews-values.ts';
export * from './newsletter-values.ts';
export * from './checkout-values.ts';
export * from './addresses-values.ts';
export * from './money.ts';
// The range's columns and limits: the staff product forms check a price and a stock count by them.
export * from './range-values.ts';
// The product editor's families and delivery classes: its selects offer them.
export * from './catalogue-editor-values.ts';
// The shop's rules (delivery rates and zones, after-sales windows, order statuses, London time): the pages state them.
export * from './policy/index.ts';
export * from './order-numbers.ts';
// Content pages' block kinds, limits and global items, and the facts a page may state.
export * from './site-content-values.ts';
export * from './content-facts.ts';
export * from './services.ts';
export { endpointRoutes } from './routes.generated.ts';
