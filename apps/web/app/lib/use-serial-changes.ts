import { useCallback, useRef, useState } from 'react';
import { createSerialQueue } from './basket/basket-logic.ts';

/** Every change answers with its value or its refusal; nothing throws at the caller. */
export type ChangeResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Changes to one thing kept in the browser (the basket, the wishlist) run one after another, so a
 * double click never sends two at once and each starts from the answer before it. `pending` is
 * true while any is queued or running; `onError` hears each refusal.
 */
export function useSerialChanges(onError?: (error: unknown) => void) {
  const queue = useRef(createSerialQueue()).current;
  const [pendingCount, setPendingCount] = useState(0);
  const enqueue = useCallback(
    <T>(task: () => Promise<T>): Promise<ChangeResult<T>> =>
      queue
        .run(async () => {
          setPendingCount((count) => count + 1);
          try {
            return await task();
          } finally {
            setPendingCount((count) => count - 1);
          }
        })
        .then(
          (value): ChangeResult<T> => ({ ok: true, value }),
          (error: unknown): ChangeResult<T> => {
            onError?.(error);
            return { ok: false, error };
          },
        ),
    [queue, onError],
  );
  return { enqueue, pending: pendingCount > 0 };
}
