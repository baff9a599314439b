import { ApiError } from '@shop/api-client';
import type { Navigation } from '@shop/contracts';
import { data } from 'react-router';
import { catalogueClient } from './api.server.ts';

// The root loader and a page loader both need the category tree on one request; the request's
// context object is shared by them, so memoising on it costs one API call per request.
const pending = new WeakMap<object, Promise<Navigation>>();

/**
 * The category tree for this request. When the catalogue is unreachable this throws a 503
 * response, which the root error boundary turns into a friendly page instead of a crash.
 */
export function loadNavigation(requestContext: object): Promise<Navigation> {
  let navigation = pending.get(requestContext);
  if (!navigation) {
    navigation = catalogueClient()
      .getNavigation()
      .catch((error: unknown) => {
        const reason = error instanceof ApiError ? `${error.status} ${error.message}` : String(error);
        // One line in the server log; the shopper gets the friendly 503 page.
        process.stderr.write(`[web] category navigation unavailable: ${reason}\n`);
        throw data({ reason: 'catalogue-unavailable' }, { status: 503 });
      });
    pending.set(requestContext, navigation);
  }
  return navigation;
}
