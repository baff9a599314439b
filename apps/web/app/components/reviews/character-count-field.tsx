import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { characterCountMessage } from '../../lib/reviews/review-form.ts';
import { useHydrated } from '../listing/use-hydrated.ts';
import { FormField } from '../ui/form-field.tsx';
import { controlClasses, Input } from '../ui/input.tsx';

/** Screen readers hear the count once typing pauses, not at every key (as the GOV.UK character count does). */
const ANNOUNCE_AFTER_MS = 1000;

/**
 * A text field or text area with the GOV.UK character count: the limits in the hint (all there is
 * before the page's scripts run), then how many characters are left, or too many, as the person
 * types. Nothing is cut off: the API refuses text that is too long, in words, and the count says so first.
 */
export function CharacterCountField({
  id,
  name,
  label,
  limits,
  defaultValue = '',
  error,
  multiline = false,
}: {
  id: string;
  name: string;
  label: string;
  limits: { min?: number; max: number };
  defaultValue?: string;
  error?: string;
  multiline?: boolean;
}) {
  const hydrated = useHydrated();
  const [length, setLength] = useState(defaultValue.trim().length);
  const [typed, setTyped] = useState(false);
  const [announced, setAnnounced] = useState('');
  const count = characterCountMessage(length, limits);
  useEffect(() => {
    if (!typed) return;
    const timer = setTimeout(() => setAnnounced(count.message), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [typed, count.message]);
  const onChange = (value: string) => {
    setTyped(true);
    setLength(value.trim().length);
  };

  const max = limits.max.toLocaleString('en-GB');
  const hint = limits.min ? `Between ${limits.min} and ${max} characters` : `Up to ${max} characters`;
  return (
    <div>
      <FormField id={id} label={label} hint={hint} error={error}>
        {(control) =>
          multiline ? (
            <textarea
              {...control}
              name={name}
              rows={7}
              defaultValue={defaultValue}
              onChange={(event) => onChange(event.target.value)}
              className={cn(controlClasses, 'min-h-40 py-2.5 leading-relaxed')}
            />
          ) : (
            <Input {...control} name={name} defaultValue={defaultValue} onChange={(event) => onChange(event.target.value)} />
          )
        }
      </FormField>
      {/* The line is there from the first paint (empty until the scripts run), so nothing below moves. */}
      <p className={cn('mt-1.5 min-h-5 text-sm', count.over ? 'font-semibold text-red-700' : 'text-navy-600')} aria-hidden="true">
        {hydrated ? count.message : ''}
      </p>
      <p className="sr-only" aria-live="polite">
        {hydrated ? announced : ''}
      </p>
    </div>
  );
}
