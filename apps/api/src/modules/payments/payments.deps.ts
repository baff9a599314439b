import type { ApiConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import type { DeliveryService } from '../delivery/index.ts';

/**
 * A saved card's billing postcode is checked as checkout checks an address's; the gateway is made
 * once from the settings (the sandbox keeps its tables in `db` and links to pages at `publicUrl`).
 */
export interface PaymentsDeps {
  delivery: DeliveryService;
  config: Pick<ApiConfig, 'payments'>;
  publicUrl: string;
  db: Database;
  clock: Clock;
}
