import { useEffect, useId, useRef, type MouseEvent } from 'react';

export interface SummaryProblem {
  message: string;
  /** The id of the field it is about: the message links to it. */
  fieldId?: string;
}

/**
 * The GOV.UK design system's error summary: "There is a problem" and each problem, linked to its
 * field, at the top of a form. It takes focus when it appears (or changes), so keyboard and
 * screen-reader users hear what to fix; a link moves focus to its field and shows the field's label.
 * Without JavaScript the links are plain in-page links.
 */
export function ErrorSummary({ problems }: { problems: readonly SummaryProblem[] }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problems.length > 0) ref.current?.focus();
  }, [problems]);
  if (problems.length === 0) return null;

  const focusField = (fieldId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.focus({ preventScroll: true });
    // The label sits above the field: bring both into view, as the link promised.
    (document.querySelector(`label[for="${CSS.escape(fieldId)}"]`) ?? field).scrollIntoView({ block: 'start' });
  };

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className="rounded-lg border-2 border-red-700 bg-white p-4 focus:outline-3 focus:outline-offset-2 focus:outline-brass-400"
    >
      <h3 id={titleId} className="text-lg font-bold text-navy-950">
        There is a problem
      </h3>
      <ul className="mt-2 space-y-1.5">
        {problems.map((problem) => (
          <li key={`${problem.fieldId ?? ''}:${problem.message}`}>
            {problem.fieldId ? (
              <a
                href={`#${problem.fieldId}`}
                onClick={focusField(problem.fieldId)}
                className="font-semibold text-red-800 underline underline-offset-2 hover:no-underline"
              >
                {problem.message}
              </a>
            ) : (
              <span className="font-semibold text-red-800">{problem.message}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
