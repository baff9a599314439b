import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'accent' | 'sale';

/** Each tone one class (app.css's components layer), as buttons are: a badge is on every card of a listing. */
const tones: Record<BadgeTone, string> = {
  neutral: 'badge-neutral',
  info: 'badge-info',
  success: 'badge-success',
  accent: 'badge-accent',
  sale: 'badge-sale',
};

export function Badge({ tone = 'neutral', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return <span className={cn('badge', tones[tone], className)}>{children}</span>;
}
