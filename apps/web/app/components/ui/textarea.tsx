import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses } from './input.tsx';

/** A text area lined up with the inputs beside it. */
export function TextArea({ className, rows = 3, ...rest }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(controlClasses, 'py-2.5', className)} {...rest} />;
}
