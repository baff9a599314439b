import { ApiError } from '@shop/api-client';
import type { Role } from '@shop/contracts';
import { data, redirect } from 'react-router';
import { stepProblemOf, type StepProblem } from '../../components/staff/step-form.tsx';
import { throwIfRateLimited } from '../api.server.ts';
import { apiProblemMessage } from '../api-problem.ts';
import { requireShopSession, sessionClientOptions } from './session.server.ts';

/** An API client acting for the member of staff signed in on `request`, once they are known to have one of `roles`. */
export function staffClient<C>(request: Request, roles: readonly Role[], service: string, create: (options: ReturnType<typeof sessionClientOptions>) => C): C {
  return create(sessionClientOptions(request, requireShopSession(request, { roles }), service));
}

export { hrefWith } from '../href-with.ts';

/** What a staff page shows when the API refuses its member of staff (their roles changed since they signed in). */
export const FORBIDDEN = { forbidden: true } as const;

/**
 * A staff page's read: the API's answer; its 403 as the page's refusal (status 403); its 404, and
 * its 400 for an address that names nothing, as `missing` when the page has words for that, else
 * the shop's 404. A visitor over their budget gets the 429 page; anything else, the error page.
 */
export async function staffRead<T, M = never>(call: () => Promise<T>, missing?: M) {
  try {
    return await call();
  } catch (error) {
    throwIfRateLimited(error);
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 403) return data(FORBIDDEN, { status: 403 });
    if (error.status === 404 || error.status === 400) {
      if (missing === undefined) throw data(null, { status: 404 });
      return data(missing, { status: 404 });
    }
    throw error;
  }
}

/** What a posted step on a staff page answers when the API refuses it: which form, why, and what was typed. */
export interface RefusedStep {
  intent: string;
  problem: StepProblem;
  values: Record<string, string>;
}

/**
 * A staff step the API refused, shown again in its form with the API's words (a field's message
 * beside it, the rest above the button); a 5xx or a network failure goes to the error page, unless
 * `shown` says the API's words for it tell staff what happened (a payment provider's refusal).
 */
export function refusedStep(
  error: unknown,
  step: Omit<RefusedStep, 'problem'>,
  problemOf: (error: unknown) => StepProblem,
  shown: (error: ApiError) => boolean = () => false,
) {
  throwIfRateLimited(error);
  if (!(error instanceof ApiError) || (error.status >= 500 && !shown(error))) throw error;
  return data<RefusedStep>({ ...step, problem: problemOf(error) }, { status: error.status });
}

/**
 * A list's filters sent as a plain GET form (before the scripts load) bring their empty fields too
 * (`?text=x&status=&from=`): the page goes on to the list's own address for them, the one a scripted
 * search lands on, so the address is the same to bookmark or share either way.
 */
export function throwToTidyAddress(request: Request, href: string): void {
  if ([...new URL(request.url).searchParams.values()].includes('')) throw redirect(href);
}

/**
 * A staff list's search: a page of results, or, when the API refuses the filters in the address
 * (a date that is not one, a negative age; with `statuses`, also say a product code it does not
 * know), its words for them, shown above the filters to change.
 */
export async function searchRead<T>(
  call: () => Promise<T>,
  statuses: readonly number[] = [400],
): Promise<{ page: T; problem: null } | { page: null; problem: string }> {
  try {
    return { page: await call(), problem: null };
  } catch (error) {
    if (error instanceof ApiError && statuses.includes(error.status)) return { page: null, problem: stepProblemOf(error, new Set()).summary };
    throw error;
  }
}

const plainText = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * A CSV file staff download, made on the server for the signed-in member of staff (decision 0068),
 * so the page's link saves it with or without scripts. A refusal is said in the API's words, as
 * plain text; a visitor over their budget gets the 429 page.
 */
export async function staffCsvFile(make: () => Promise<{ filename: string; csv: string }>): Promise<Response> {
  try {
    const { filename, csv } = await make();
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    throwIfRateLimited(error);
    if (error instanceof ApiError && error.status < 500) return plainText(apiProblemMessage(error), error.status);
    throw error;
  }
}
