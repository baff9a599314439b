import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { usePostedStep } from '../staff/posted-step-form.tsx';
import type { StepProblem } from '../staff/step-form.tsx';
import { Button } from '../ui/button.tsx';
import { ErrorSummary } from '../ui/error-summary.tsx';
import { Link } from '../ui/link.tsx';

/** The problems of a refused form, GOV.UK style, each linked to its field. */
export function Problems({ problem, ids, pathname }: { problem: StepProblem | null; ids: (field: string) => string; pathname: string }) {
  if (!problem) return null;
  const fields = Object.entries(problem.fields);
  return (
    <div className="space-y-2">
      <ErrorSummary problems={fields.length > 0 ? fields.map(([field, message]) => ({ message, fieldId: ids(field) })) : [{ message: problem.summary }]} />
      {problem.stale && (
        <p>
          <Link to={pathname}>See the product as it is now</Link>
        </p>
      )}
    </div>
  );
}

/**
 * One of the page's forms, posted to its action: the version read goes with it, a refusal comes back
 * as an error summary above the fields with what was typed.
 */
export function EditorForm({
  intent,
  title,
  version,
  encType,
  submitLabel,
  children,
}: {
  intent: string;
  title: string;
  /** The product's version as read (none for a new product). */
  version?: number;
  /** `multipart/form-data` for a form that sends a file. */
  encType?: 'multipart/form-data';
  submitLabel: string;
  children: (step: ReturnType<typeof usePostedStep>) => ReactNode;
}) {
  const step = usePostedStep(intent);
  const { id, form, problem, ids, pathname, busy } = step;
  return (
    // Keyed on the version: once saved, the form shows the product as it is now.
    <Form
      key={version}
      ref={form}
      method="post"
      encType={encType}
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-5 rounded-2xl border border-navy-100 bg-white p-5"
    >
      <input type="hidden" name="intent" value={intent} />
      {version !== undefined && <input type="hidden" name="version" value={version} />}
      <h2 id={`${id}-title`} className="section-heading">
        {title}
      </h2>
      <Problems problem={problem} ids={ids} pathname={pathname} />
      {children(step)}
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
