import type { ServiceContext } from '../../platform/context.ts';

export type PricingContext = Pick<ServiceContext, 'db' | 'actor' | 'clock'>;

/**
 * What pricing asks of the trade module: the band code of the caller's business, or null when they
 * have no trade account. api.ts passes the trade service's (trade depends on pricing, so it is given
 * late, as a function).
 */
export interface PricingDeps {
  tradeBandCodeFor?(ctx: PricingContext): Promise<string | null>;
}
