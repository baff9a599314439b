import { ApiError, createAccountsClient } from '@shop/api-client';
import type { Route } from './+types/staff-newsletter-csv';
import { throwIfRateLimited } from '../lib/api.server.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { staffClient } from '../lib/auth/staff-page.server.ts';
import { NEWSLETTER_ROLES, subscribersCsv, subscribersCsvFilename } from '../lib/staff-newsletter/subscribers.ts';

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * Every confirmed subscriber as a CSV file for a mailing tool, made on the server for the signed-in
 * member of staff from the API's export, so the page's link downloads it with or without scripts.
 * A refusal is said in the API's words, as plain text.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const api = staffClient(request, NEWSLETTER_ROLES, 'accounts', createAccountsClient);
  try {
    const exported = await api.exportNewsletterSubscribers();
    return new Response(subscribersCsv(exported), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${subscribersCsvFilename(exported.exportedAt)}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    throwIfRateLimited(error);
    if (error instanceof ApiError && error.status < 500) return text(apiProblemMessage(error), error.status);
    throw error;
  }
}
