import { redirect } from 'react-router';
import type { Route } from './+types/account-projects-add';
import { accountClients, throwIfSignedOutOrRateLimited } from '../lib/account/account-api.server.ts';
import { safeReturnPath } from '../lib/auth/callback-url.ts';
import { addToProjectAnchor, NEW_PROJECT, PROJECT_ADDED_PARAM, PROJECT_ADDED_SKU_PARAM, PROJECT_PROBLEM_PARAM } from '../lib/account/projects.ts';
import { posted, postedQuantity } from '../lib/account/projects.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';

/**
 * The page the form came from, with what happened and the product in its address (the page says it
 * by that product's form), scrolled to that form: the product page's one, or the basket line's.
 */
function back(form: FormData, param: string, value: string): string {
  const url = new URL(safeReturnPath(form.get('returnTo')), 'http://shop.invalid');
  const sku = posted(form, 'sku');
  for (const name of [PROJECT_ADDED_PARAM, PROJECT_PROBLEM_PARAM, PROJECT_ADDED_SKU_PARAM]) url.searchParams.delete(name);
  url.searchParams.set(param, value);
  if (sku) url.searchParams.set(PROJECT_ADDED_SKU_PARAM, sku);
  const anchor = posted(form, 'anchor') === addToProjectAnchor(sku) ? addToProjectAnchor(sku) : addToProjectAnchor();
  return `${url.pathname}${url.search}#${anchor}`;
}

/**
 * "Add to project" from a product page, the quick view or a basket line, as a plain form: adds the
 * product to the project chosen, or to a new one named on the spot, and goes back to the page it came
 * from (signed out: the account section's gate sends the shopper to sign in first).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const { projects } = accountClients(request);
  const sku = posted(form, 'sku');
  const quantity = postedQuantity(form);
  const note = posted(form, 'note') || undefined;
  const chosen = posted(form, 'projectId');
  if (quantity === null) return redirect(back(form, PROJECT_PROBLEM_PARAM, 'Enter a quantity from 1 to 999'), 303);
  try {
    if (chosen === NEW_PROJECT || !chosen) {
      const name = posted(form, 'newProjectName');
      if (!name) return redirect(back(form, PROJECT_PROBLEM_PARAM, 'Give the new project a name, like “Flat 4 bathroom refit”'), 303);
      const project = await projects.createProject({ body: { name, items: [{ sku, quantity, note }] } });
      return redirect(back(form, PROJECT_ADDED_PARAM, project.projectId), 303);
    }
    await projects.setItems({ params: { projectId: chosen }, body: { items: [{ sku, quantity, note }] } });
    return redirect(back(form, PROJECT_ADDED_PARAM, chosen), 303);
  } catch (error) {
    throwIfSignedOutOrRateLimited(request, error);
    return redirect(back(form, PROJECT_PROBLEM_PARAM, apiProblemMessage(error)), 303);
  }
}

export function loader() {
  return redirect('/account/projects', 303);
}
