/**
 * Pricing: unit prices for retail and trade, trade bands and VAT rates as rows, a basket's totals.
 * Every price anyone is shown or charged comes from here. api.ts makes the one `PricingService`
 * (`createPricingService(deps)`) and hands it to the modules that price; a module never makes its own.
 * No routes yet: staff will edit the bands through the trade module.
 */
export { createPricingService, type PricingContext, type PricingService } from './pricing.service.ts';
export type { ChosenDelivery, PricedOffering, PriceList, Pricing, TotalsInput, TradeBand, UnitPrice, VatRate } from './pricing-rules.ts';
export type { PricingDeps } from './pricing.deps.ts';
