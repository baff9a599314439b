import { ApiError } from '@shop/api-client';
import type { ReactNode } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { formText } from '../../lib/form-text.ts';

export { formText };

/** What the API refused a step for: a summary above the button, messages beside fields, and whether the record moved on. */
export interface StepProblem {
  summary: string;
  stale: boolean;
  fields: Record<string, string>;
}

/**
 * The problem in a refusal: each field's first message (by its path, without `body.`), stale when
 * its code is one of `staleCodes`. The summary is `fieldsSummary` when fields are named (else the
 * first field's message), or the API's message.
 */
export function stepProblemOf(error: unknown, staleCodes: ReadonlySet<string>, fieldsSummary?: string): StepProblem {
  const fields: Record<string, string> = {};
  const listed = error instanceof ApiError ? ((error.data as { errors?: { path?: unknown; message?: unknown }[] } | undefined)?.errors ?? []) : [];
  for (const entry of listed) {
    if (typeof entry.path === 'string' && typeof entry.message === 'string') fields[entry.path.replace(/^body\./, '')] ??= entry.message;
  }
  const stale = error instanceof ApiError && staleCodes.has(error.code ?? '');
  const first = Object.values(fields)[0];
  return { summary: first === undefined ? apiProblemMessage(error) : (fieldsSummary ?? first), stale, fields };
}

/** A step form's title (which names the form) and its hint. */
export function StepHeading({ id, title, hint }: { id: string; title: string; hint?: ReactNode }) {
  return (
    <div>
      <h3 id={id} className="text-lg font-bold text-navy-950">
        {title}
      </h3>
      {hint && <p className="mt-1 text-sm text-navy-700">{hint}</p>}
    </div>
  );
}
