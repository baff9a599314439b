import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router';
import { cn } from '../../lib/cn.ts';

/** One class (app.css's components layer): in-text links are on every page. */
export const linkClasses = 'link';

/** An in-text link: client-side navigation with the shop's underline style. */
export function Link({ className, ...rest }: ComponentProps<typeof RouterLink>) {
  return <RouterLink className={cn(linkClasses, className)} {...rest} />;
}
