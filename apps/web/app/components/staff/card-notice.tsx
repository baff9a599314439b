import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';

/** What a step did to one record in a list (done, or changed by someone else first), as its page says after the step. */
export type CardNoticeText = { text: string; tone: 'done' | 'problem' };

/**
 * A list card's notice, after a step posted from the list came back (post, redirect, get): the
 * keyboard goes to it after each step (each redirect is a new location, so twice for the same step twice).
 */
export function CardNotice({ notice }: { notice: CardNoticeText }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (key) ref.current?.focus();
  }, [key]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={notice.tone === 'problem' ? 'alert' : 'status'}
      className={cn(
        'rounded-lg p-3 text-sm font-semibold',
        notice.tone === 'problem' ? 'border border-red-200 bg-red-50 text-red-800' : 'bg-teal-50 text-teal-900',
      )}
    >
      {notice.text}
    </p>
  );
}
