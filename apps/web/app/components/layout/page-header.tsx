import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Breadcrumbs, type Crumb } from './breadcrumbs.tsx';

export interface PageHeaderProps {
  title: ReactNode;
  intro?: ReactNode;
  trail?: Crumb[];
  /** Artwork beside the title on wider screens. */
  aside?: ReactNode;
  className?: string;
}

/** The band at the top of inner pages: breadcrumbs, the page's h1 and a short introduction. */
export function PageHeader({ title, intro, trail, aside, className }: PageHeaderProps) {
  return (
    <div className={cn('border-b border-navy-100 bg-sand-100', className)}>
      <div className="container-page flex items-center justify-between gap-8 py-8 lg:py-10">
        <div className="max-w-3xl">
          {trail && <Breadcrumbs trail={trail} />}
          <h1 className={cn('text-3xl font-extrabold tracking-tight text-navy-950 lg:text-4xl', trail && 'mt-4')}>{title}</h1>
          {intro && <div className="mt-3 text-lg text-navy-700">{intro}</div>}
        </div>
        {aside && <div className="hidden shrink-0 md:block">{aside}</div>}
      </div>
    </div>
  );
}
