import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router';
import { cn } from '../../lib/cn.ts';

export const linkClasses = 'font-medium text-teal-700 underline decoration-teal-700/40 underline-offset-3 hover:decoration-teal-700';

/** An in-text link: client-side navigation with the shop's underline style. */
export function Link({ className, ...rest }: ComponentProps<typeof RouterLink>) {
  return <RouterLink className={cn(linkClasses, className)} {...rest} />;
}
