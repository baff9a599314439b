import { useState, type ReactNode } from 'react';
import { cardGone, savedCardProblem } from '../../lib/account/saved-cards.ts';

/**
 * One change to a saved card (make default, remove): busy while it runs, its refusal in words, and a
 * card removed meanwhile (in another tab) handed to the page, whose list is then out of date.
 */
export function useCardChange(onGone: (error: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async <T,>(change: () => Promise<T>, done: (answer: T) => void) => {
    setBusy(true);
    setProblem(null);
    try {
      done(await change());
    } catch (error) {
      if (cardGone(error)) onGone(error);
      else setProblem(savedCardProblem(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

/** What went wrong with a change, where it was asked for. */
export function ChangeProblem({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 ${className ?? ''}`}>
      {children}
    </p>
  );
}
