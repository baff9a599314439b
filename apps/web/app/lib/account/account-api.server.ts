import { ApiError, createAccountsClient, createProjectsClient, createSavedCardsClient } from '@shop/api-client';
import { redirect } from 'react-router';
import { throwIfRateLimited } from '../api.server.ts';
import { apiProblemMessage } from '../api-problem.ts';
import { signInPath } from '../auth/settings.ts';
import { requireShopSession, sessionClientOptions } from '../auth/session.server.ts';

/** The signed-in shopper's API clients for the account pages (decision 0063); a visitor not signed in is sent to sign in. */
export function accountClients(request: Request) {
  const session = requireShopSession(request);
  return {
    session,
    accounts: createAccountsClient(sessionClientOptions(request, session, 'accounts')),
    savedCards: createSavedCardsClient(sessionClientOptions(request, session, 'saved-cards')),
    projects: createProjectsClient(sessionClientOptions(request, session, 'projects')),
  };
}

/** What an account page shows when its data could not be had: the sentence LoadError shows. */
export interface LoadProblem {
  problem: string;
}

/**
 * An API refusal the account pages do not answer themselves: a token the API no longer takes (401)
 * sends the shopper to sign in again and back; a visitor over their budget gets the 429 page.
 */
export function throwIfSignedOutOrRateLimited(request: Request, error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    const url = new URL(request.url);
    throw redirect(signInPath(url.pathname + url.search));
  }
  throwIfRateLimited(error);
}

/** The call's answer, or the sentence to show in its place (the API down, say); logged for the shop. */
export async function loadOrProblem<T>(request: Request, what: string, call: Promise<T>): Promise<{ data: T } | LoadProblem> {
  try {
    return { data: await call };
  } catch (error) {
    throwIfSignedOutOrRateLimited(request, error);
    const reason = error instanceof ApiError ? `${error.status} ${error.message}` : String(error);
    process.stderr.write(`[web] ${what} unavailable: ${reason}\n`);
    // Unreachable or failing, the API is the shop's problem, not the shopper's connection.
    const ours = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
    return { problem: ours ? 'Something went wrong on our side. Please try again in a minute.' : apiProblemMessage(error) };
  }
}
