import type { ShopDetails } from '@shop/contracts';

/**
 * The shop's details (SHOP_*) are this service's, given when it is made (docs/decisions/0016): every
 * module's e-mails end with them without threading them through their calls.
 */
export interface NotificationsDeps {
  shop: ShopDetails;
}
