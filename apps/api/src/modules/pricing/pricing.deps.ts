import type { ServiceContext } from '../../platform/context.ts';

export type PricingContext = Pick<ServiceContext, 'db' | 'actor' | 'clock'>;

/**
 * What pricing asks of the trade module: the band code of the caller's business, or null when they
 * have no trade account. api.ts passes trade's band lookup, made before pricing (it needs only the
 * database), so nothing is given late.
 */
export interface PricingDeps {
  tradeBandCodeFor?(ctx: PricingContext): Promise<string | null>;
}
