import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** Shared by text inputs and selects so form controls line up. */
export const controlClasses = cn(
  'block w-full rounded-lg border border-navy-300 bg-white px-3.5 text-base text-navy-950 shadow-xs',
  'placeholder:text-navy-500 hover:border-navy-400',
  'aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700',
  'disabled:cursor-not-allowed disabled:bg-sand-100',
);

export function Input({ className, type = 'text', ...rest }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, 'h-11', className)} {...rest} />;
}
