import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  /** The heading level that fits the page outline. */
  headingLevel?: 'h1' | 'h2';
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** An honest "nothing here yet" panel with a way forward. */
export function EmptyState({ icon, title, headingLevel: Heading = 'h2', children, actions, className }: EmptyStateProps) {
  return (
    <div
      className={cn('mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-dashed border-navy-200 bg-white px-6 py-12 text-center', className)}
    >
      <div className="flex size-16 items-center justify-center rounded-full bg-teal-50 text-teal-700">{icon}</div>
      <Heading className="mt-5 section-heading">{title}</Heading>
      {children && <div className="mt-2 text-navy-700">{children}</div>}
      {actions && <div className="mt-6 grid w-full gap-3 sm:flex sm:w-auto sm:flex-wrap sm:justify-center">{actions}</div>}
    </div>
  );
}
