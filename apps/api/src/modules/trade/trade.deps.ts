import type { ServiceContext } from '../../platform/context.ts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { FilesService } from '../files/index.ts';
import type { IdentityService } from '../identity/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PricingService } from '../pricing/index.ts';
import type { TradeBandLookup } from './band-lookup.ts';

/**
 * What trade is made with: prices and bands from pricing, what can be sold from the catalogue,
 * accounts (profiles, the trade role, password resets) from identity, where orders stand (refunds,
 * cancellations) from orders, e-mail from notifications, postcodes checked by delivery, documents
 * kept by files; the lookup pricing asks for a caller's band (made before pricing, so pricing needs
 * no late-bound function); and the platform's settings (the shop's address for e-mailed links,
 * whether staff can send resets through the embedded provider).
 */
export interface TradeDeps {
  pricing: PricingService;
  identity: Pick<IdentityService, 'getUserProfile' | 'setTradeAccount'> & {
    requestPasswordReset(ctx: Pick<ServiceContext, 'db' | 'clock'>, input: { email: string; clientAddress: string }): Promise<void>;
  };
  orders: Pick<OrdersService, 'orderStates'>;
  notifications: Pick<NotificationsService, 'enqueueEmail' | 'renderEmail'>;
  catalogue: { findSellableOfferings(ctx: Pick<ServiceContext, 'db'>, skus: readonly string[]): Promise<Map<string, SellableOffering>> };
  delivery: Pick<DeliveryService, 'parsePostcode'>;
  files: Pick<FilesService, 'storeUploads' | 'open'>;
  bandLookup: TradeBandLookup;
  /** The shop's public address, for the links in trade e-mails. */
  publicUrl: string;
  /** Staff resets go through the embedded sign-in provider; an external one resets its own passwords. */
  staffPasswordResets: boolean;
}

/** What a call is made with: storage (the handle or the transaction it runs in), the caller and the time. */
export type TradeContext = Pick<ServiceContext, 'db' | 'actor' | 'clock'> & Partial<Pick<ServiceContext, 'log'>>;
export type StaffContext = TradeContext & { actor: NonNullable<TradeContext['actor']> };
