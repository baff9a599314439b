import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses } from './input.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends ComponentProps<'select'> {
  options?: readonly SelectOption[];
}

/** A native select (best on phones), restyled with a chevron. */
export function Select({ className, options, children, ...rest }: SelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select className={cn(controlClasses, 'h-11 appearance-none pr-10')} {...rest}>
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <svg className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-navy-700" viewBox="0 0 16 16" fill="none" aria-hidden="true">
        <path d="m4 6 4 4 4-4" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
