import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
}

/** A native checkbox with its label (the whole row is clickable). */
export function Checkbox({ label, hint, className, id, ...rest }: CheckboxProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={inputId}
        type="checkbox"
        aria-describedby={hintId}
        className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-navy-400 accent-teal-700"
        {...rest}
      />
      <div className="text-sm">
        <label htmlFor={inputId} className="cursor-pointer font-medium text-navy-950">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-navy-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
