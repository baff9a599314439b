import { cn } from '../../lib/cn.ts';

/** A placeholder block with the size of the content it stands in for (no layout shift). */
export function Skeleton({ className }: { className?: string }) {
  return <div className={cn('animate-pulse rounded-md bg-navy-100 motion-reduce:animate-none', className)} aria-hidden="true" />;
}
