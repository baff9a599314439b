import { useLocation } from 'react-router';
import type { ProjectPicker } from '../../lib/account/project-picker.ts';
import { ADD_TO_PROJECT_PATH, addToProjectAnchor, NEW_PROJECT, projectPath } from '../../lib/account/projects.ts';
import { signInPath } from '../../lib/auth/settings.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Link } from '../ui/link.tsx';
import { Select } from '../ui/select.tsx';

export interface AddToProjectProps {
  sku: string;
  picker: ProjectPicker;
  className?: string;
  /** Where the form goes back to (this page unless said: the quick view goes on to the product's page). */
  returnTo?: string;
  /** One of several on the page (a basket line): its element is the product's, and its button names the product. */
  line?: { productName: string; quantity: number };
}

/**
 * "Add to project" beside "Add to basket" (product page, quick view, basket line): a disclosure
 * holding a plain form (works before scripts), with a picker of the shopper's projects that can also
 * make a new one on the spot; says which of their projects already hold this product.
 */
export function AddToProject({ sku, picker, className, returnTo, line }: AddToProjectProps) {
  const location = useLocation();
  const here = returnTo ?? location.pathname + location.search;
  const holding = picker.holding.filter((entry) => entry.sku === sku);
  const anchor = addToProjectAnchor(line ? sku : undefined);
  // What the last add did is said by the form it was made with (on a page of one product, always).
  const last = !line || picker.lastSku === sku;
  return (
    <div id={anchor} className={className}>
      {holding.length > 0 && (
        <p className="mb-2 text-sm text-navy-800">
          In{' '}
          {holding.map((entry, i) => (
            <span key={entry.projectId}>
              {i > 0 && ', '}
              <Link to={projectPath(entry.projectId)}>{entry.projectName}</Link>
            </span>
          ))}
        </p>
      )}
      <div role="status" aria-live="polite">
        {last && picker.added && (
          <p className="mb-2 rounded-lg border border-green-200 bg-green-50 p-2.5 text-sm font-medium text-green-900">
            Added to <Link to={projectPath(picker.added.projectId)}>{picker.added.name}</Link>.
          </p>
        )}
        {last && picker.problem && <p className="mb-2 rounded-lg border border-red-200 bg-red-50 p-2.5 text-sm font-medium text-red-900">{picker.problem}</p>}
      </div>
      {picker.signedIn ? (
        <details open={last && Boolean(picker.problem)} className="rounded-xl border border-navy-100 bg-white p-4">
          <summary className="cursor-pointer font-semibold text-navy-950">Add to project{line && <span className="sr-only"> {line.productName}</span>}</summary>
          <form method="post" action={ADD_TO_PROJECT_PATH} className="mt-4 grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="sku" value={sku} />
            <input type="hidden" name="returnTo" value={here} />
            <input type="hidden" name="anchor" value={anchor} />
            <FormField label="Project">
              {(control) => (
                <Select {...control} name="projectId" defaultValue={picker.projects[0]?.projectId ?? NEW_PROJECT}>
                  {picker.projects.map((project) => (
                    <option key={project.projectId} value={project.projectId}>
                      {project.name}
                    </option>
                  ))}
                  <option value={NEW_PROJECT}>New project…</option>
                </Select>
              )}
            </FormField>
            <FormField label="New project name" hint="Only if you chose “New project”">
              {(control) => <Input {...control} name="newProjectName" maxLength={80} autoComplete="off" />}
            </FormField>
            <FormField label="Quantity">
              {(control) => <Input {...control} name="quantity" inputMode="numeric" defaultValue={String(line?.quantity ?? 1)} />}
            </FormField>
            <FormField label="Note (optional)">{(control) => <Input {...control} name="note" maxLength={200} placeholder="Room or position" />}</FormField>
            <Button type="submit" variant="secondary" className="sm:col-span-2">
              Add to project
            </Button>
          </form>
        </details>
      ) : (
        <p className="text-sm text-navy-700">
          <Link to={signInPath(here)}>Sign in</Link> to add this to a project.
        </p>
      )}
    </div>
  );
}
