import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** Shared by text inputs and selects so form controls line up. */
export const controlClasses = 'control';

export function Input({ className, type = 'text', ...rest }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, 'h-11', className)} {...rest} />;
}
