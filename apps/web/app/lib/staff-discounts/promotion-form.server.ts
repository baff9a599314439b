import { ApiError } from '@shop/api-client';
import { data } from 'react-router';
import { throwIfRateLimited } from '../api.server.ts';
import { apiProblemMessage } from '../api-problem.ts';
import { serverProblem, type PromotionFormValues, type ServerProblem } from './form.ts';

/** What a promotion's page refused its terms form for: the form as typed, with the messages for its fields and above them. */
export interface RefusedTerms {
  values: PromotionFormValues;
  problem: ServerProblem;
}

/** Terms the page's own checks refused (the form posted before the page's scripts ran, or without them). */
export const uncheckedTerms = (values: PromotionFormValues, fields: ServerProblem['fields']) =>
  data<RefusedTerms>({ values, problem: { fields, general: [] } }, { status: 400 });

/**
 * Terms the API refused, shown again in the form with its words (a field's message beside it, the
 * rest above); a visitor over their budget gets the 429 page, a 5xx or a network failure the error page.
 */
export function refusedTerms(error: unknown, values: PromotionFormValues) {
  throwIfRateLimited(error);
  if (!(error instanceof ApiError) || error.status >= 500) throw error;
  return data<RefusedTerms>({ values, problem: serverProblem(error, apiProblemMessage) }, { status: error.status });
}
