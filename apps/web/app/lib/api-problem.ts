import { ApiError } from '@shop/api-client';

/** A sentence a shopper can act on, for a failed API call made from the browser. */
export function apiProblemMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.status === 0) return 'We couldn’t reach the shop. Check your connection and try again.';
  if (error.status === 401) return 'Your session has ended. Sign in again to carry on.';
  if (error.status === 403) return 'Your account doesn’t have access to this.';
  if (error.status === 404) return 'We couldn’t find that. It may have been removed.';
  if (error.status === 429) return 'Too many requests just now. Wait a moment and try again.';
  if (error.status >= 500) return 'Something went wrong on our side. Please try again in a minute.';
  // The API's problem details are written for people (CONTRIBUTING.md, "Errors").
  return error.message;
}

/** Whether the API turned the call down for lack of a role (a missing or expired sign-in is 401). */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** The API's message for one field of a refused request (problem+json `errors[]`, path `body.<field>`). */
export function apiFieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const errors = (error.data as { errors?: { path: string; message: string }[] } | undefined)?.errors;
  return errors?.find((entry) => entry.path === field || entry.path.endsWith(`.${field}`))?.message;
}
