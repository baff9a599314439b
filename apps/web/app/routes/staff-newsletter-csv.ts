import { createAccountsClient } from '@shop/api-client';
import type { Route } from './+types/staff-newsletter-csv';
import { staffClient, staffCsvFile } from '../lib/auth/staff-page.server.ts';
import { NEWSLETTER_ROLES, subscribersCsv, subscribersCsvFilename } from '../lib/staff-newsletter/subscribers.ts';

/** Every confirmed subscriber as a CSV file for a mailing tool, made from the API's export. */
export function loader({ request }: Route.LoaderArgs) {
  const api = staffClient(request, NEWSLETTER_ROLES, 'accounts', createAccountsClient);
  return staffCsvFile(async () => {
    const exported = await api.exportNewsletterSubscribers();
    return { filename: subscribersCsvFilename(exported.exportedAt), csv: subscribersCsv(exported) };
  });
}
