import { useState, type ChangeEvent } from 'react';
import { chosenFilesProblem, type FileRules } from './file-rules.ts';

/**
 * Checks files as they are chosen: a refused choice is taken out of the input (so it is never sent)
 * and its problem returned for the field to show. Without scripts the form sends it and the server's
 * refusal shows instead.
 */
export function useFileCheck(rules: FileRules): [problem: string | undefined, onChange: (event: ChangeEvent<HTMLInputElement>) => void] {
  const [problem, setProblem] = useState<string>();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const found = chosenFilesProblem([...(event.currentTarget.files ?? [])], rules);
    if (found) event.currentTarget.value = '';
    setProblem(found ?? undefined);
  };
  return [problem, onChange];
}
