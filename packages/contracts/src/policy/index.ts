/**
 * The shop's rules in one place: delivery rates and zones, the after-sales windows, the order-status
 * transitions and London time. Plain values and pure functions (no zod), so the API, the e-mails and
 * the storefront's browser code all read the same figures; `docs/domain.md` is the written rule each
 * file cites.
 */
export * from './after-sales-windows.ts';
export * from './delivery-rates.ts';
export * from './delivery-zones.ts';
export * from './london-time.ts';
export * from './order-status.ts';
export * from './keeping.ts';
