import type { ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

/** What a form control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The validation message; when set the control is marked invalid and announces it. */
  error?: string | null;
  /** Keeps the label for screen readers only (e.g. a search box with a visible button). */
  hideLabel?: boolean;
  id?: string;
  className?: string;
  labelClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function FormField({ label, hint, error, hideLabel, id, className, labelClassName, children }: FormFieldProps) {
  const ownId = useId();
  const controlId = id ?? ownId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={controlId} className={cn(hideLabel ? 'sr-only' : 'block text-sm font-semibold text-navy-950', labelClassName)}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-navy-600">
          {hint}
        </p>
      )}
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error && <FieldError id={`${controlId}-error`} message={error} />}
    </div>
  );
}

/** A field's (or a group of radios') error message, GOV.UK style: "Error:" for screen readers, then what to do. */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
      <svg className="mt-0.5 size-4 shrink-0" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
        <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm-.75 3.5h1.5v4.5h-1.5V4.5Zm0 5.75h1.5v1.5h-1.5v-1.5Z" />
      </svg>
      <span>
        <span className="sr-only">Error: </span>
        {message}
      </span>
    </p>
  );
}
