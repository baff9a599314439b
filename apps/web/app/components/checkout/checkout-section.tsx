import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { CheckIcon } from '../ui/icons.tsx';

export interface CheckoutSectionProps {
  number: number;
  title: string;
  state: 'open' | 'done' | 'waiting';
  /** What was entered, shown once the section is done. */
  summary?: ReactNode;
  /**
   * "Change": asks for the checkout with this section open (`?change=<section>`), so it works
   * without JavaScript; once the page's scripts run it opens the section in place.
   */
  change?: { section: string; onChange: () => void };
  children?: ReactNode;
}

/**
 * One numbered step of the checkout. Only the open step shows its form; a finished step shows what
 * was entered and a "Change" button; later steps wait. Opening a step moves focus to its heading,
 * so keyboard and screen-reader users land where the page changed.
 */
export function CheckoutSection({ number, title, state, summary, change, children }: CheckoutSectionProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(state === 'open');
  useEffect(() => {
    if (state === 'open' && !wasOpen.current) headingRef.current?.focus({ preventScroll: false });
    wasOpen.current = state === 'open';
  }, [state]);

  return (
    <section aria-labelledby={headingId} className={cn('rounded-2xl border bg-white', state === 'open' ? 'border-navy-300 shadow-sm' : 'border-navy-100')}>
      <div className="flex items-center gap-3 px-5 py-4 sm:px-6">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold',
            state === 'done' ? 'bg-teal-700 text-white' : state === 'open' ? 'bg-navy-900 text-white' : 'bg-navy-100 text-navy-700',
          )}
        >
          {state === 'done' ? <CheckIcon className="size-4" /> : number}
        </span>
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className={cn('flex-1 text-lg font-bold tracking-tight outline-none', state === 'waiting' ? 'text-navy-600' : 'text-navy-950')}
        >
          <span className="sr-only">Step {number}: </span>
          {title}
          {state === 'done' && <span className="sr-only"> (done)</span>}
        </h2>
        {state === 'done' && change && (
          <form method="get" action="/checkout" className="shrink-0">
            <button
              type="submit"
              name="change"
              value={change.section}
              onClick={(event: MouseEvent) => {
                event.preventDefault();
                change.onChange();
              }}
              className="rounded-md px-2 py-1 text-sm font-semibold text-teal-700 underline hover:no-underline"
            >
              Change<span className="sr-only"> {title.toLowerCase()}</span>
            </button>
          </form>
        )}
      </div>
      {state === 'done' && summary && <div className="border-t border-navy-100 px-5 py-4 text-sm text-navy-800 sm:px-6">{summary}</div>}
      {state === 'open' && <div className="border-t border-navy-100 px-5 py-5 sm:px-6">{children}</div>}
    </section>
  );
}
