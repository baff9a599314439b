import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'accent' | 'sale';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-navy-50 text-navy-800 ring-navy-200',
  info: 'bg-teal-50 text-teal-800 ring-teal-200',
  success: 'bg-green-50 text-green-800 ring-green-200',
  accent: 'bg-brass-100 text-brass-900 ring-brass-300',
  sale: 'bg-red-50 text-red-800 ring-red-200',
};

export function Badge({ tone = 'neutral', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', tones[tone], className)}>
      {children}
    </span>
  );
}
