/** Who may use trade credit, and how the provider is called: shared by onboarding and paying on account. */
import type { CreditHolder } from '../trade/index.ts';
import { CreditProviderUnavailable, type CreditCustomerKey } from './credit-provider.ts';
import type { TradeCreditContext, TradeCreditDeps } from './trade-credit.deps.ts';
import { TradeCreditErrors } from './trade-credit.errors.ts';
import type { LinkRow } from './trade-credit.repository.ts';

export type Business = CreditHolder & { businessType: 'limited_company' | 'llp' | 'sole_trader' };

/** A provider call: unreachable, slow or refusing the key is a 503 the customer can act on (and the reason logged for staff). */
export async function viaProvider<T>(deps: Pick<TradeCreditDeps, 'provider'>, ctx: TradeCreditContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof CreditProviderUnavailable)) throw error;
    ctx.log?.warn({ provider: deps.provider.kind, reason: error.detail }, 'trade credit provider unavailable');
    throw TradeCreditErrors.providerUnavailable();
  }
}

/**
 * The caller's approved trade account: anyone else (a shopper, an applicant) gets the same 404 as an unknown one.
 * `known`: the caller's holder as already read for this request (null: none), instead of reading it again.
 */
export async function holderOf(deps: Pick<TradeCreditDeps, 'trade'>, ctx: TradeCreditContext, known?: CreditHolder | null): Promise<Business> {
  const holder = known === undefined ? await deps.trade.creditHolderFor(ctx) : known;
  if (!holder) throw TradeCreditErrors.accountNotFound();
  if (holder.businessType === 'partnership') throw TradeCreditErrors.businessTypeNotSupported();
  if (holder.businessType !== 'sole_trader' && !holder.companyNumber) throw TradeCreditErrors.businessTypeNotSupported();
  return holder as Business;
}

/** A company by its Companies House number; a sole trader by the number the provider gave on acceptance. */
export function customerOf(holder: Business, link: LinkRow | undefined): CreditCustomerKey | null {
  const organisationNumber = holder.businessType === 'sole_trader' ? (link?.organisationNumber ?? null) : holder.companyNumber;
  return organisationNumber ? { organisationNumber } : null;
}
