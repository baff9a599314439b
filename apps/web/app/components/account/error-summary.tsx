import { useEffect, useId, useRef } from 'react';

/**
 * The GOV.UK error summary: "There is a problem", then each problem as a link to its field. It takes
 * the keyboard each time the form is refused (`attempt` changes), so a screen reader hears the list.
 */
export function ErrorSummary({ problems, attempt }: { problems: { fieldId: string; message: string }[]; attempt: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useEffect(() => {
    // `attempt` moves on with each refusal, so a second one with the same problems takes focus again.
    if (attempt > 0 && problems.length > 0) ref.current?.focus();
  }, [attempt, problems.length]);
  if (problems.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby={headingId} className="rounded-lg border-2 border-red-700 bg-white p-4 outline-none focus:ring-4 focus:ring-brass-300">
      <h3 id={headingId} className="font-bold text-navy-950">
        There is a problem
      </h3>
      <ul className="mt-2 space-y-1">
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a
              href={`#${problem.fieldId}`}
              onClick={(event) => {
                // Focus the field itself (a plain fragment link would only scroll to it).
                event.preventDefault();
                document.getElementById(problem.fieldId)?.focus();
              }}
              className="font-semibold text-red-800 underline underline-offset-3"
            >
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
