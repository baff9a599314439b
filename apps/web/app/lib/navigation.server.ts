import { ApiError } from '@shop/api-client';
import type { Navigation } from '@shop/contracts';
import { data } from 'react-router';
import { catalogueClient, throwIfRateLimited } from './api.server.ts';
import { sharedAnswer } from './shared-answer.server.ts';

/**
 * The category tree for this request, kept for 10 s for every page (the API keeps it for 30 s
 * itself, so this changes little). When the catalogue is unreachable this throws a 503 response,
 * which the root error boundary turns into a friendly page instead of a crash; a visitor over their
 * rate limit gets a 429 page.
 */
export const loadNavigation: (request: Request, requestContext: object) => Promise<Navigation> = sharedAnswer(10_000, (request) =>
  catalogueClient(request)
    .getNavigation()
    .catch((error: unknown) => {
      throwIfRateLimited(error);
      const reason = error instanceof ApiError ? `${error.status} ${error.message}` : String(error);
      // One line in the server log; the shopper gets the friendly 503 page.
      process.stderr.write(`[web] category navigation unavailable: ${reason}\n`);
      throw data({ reason: 'catalogue-unavailable' }, { status: 503 });
    }),
);
