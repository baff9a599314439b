import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
import { CloseIcon } from './icons.tsx';

export type ToastTone = 'info' | 'success' | 'error';
interface ToastMessage {
  id: number;
  message: string;
  tone: ToastTone;
}

const ToastContext = createContext<(message: string, tone?: ToastTone) => void>(() => {});

/** Shows a short message in the page's live region; it disappears after a few seconds. */
export const useToast = () => useContext(ToastContext);

const DISMISS_AFTER_MS = 6000;
const tones: Record<ToastTone, string> = {
  info: 'border-l-teal-500',
  success: 'border-l-green-600',
  error: 'border-l-red-600',
};

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (message: string, tone: ToastTone = 'info') => {
      const id = nextId++;
      setToasts((current) => [...current, { id, message, tone }]);
      setTimeout(() => dismiss(id), DISMISS_AFTER_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  const clearOfSummary = useRouteHandle().toasts === 'clear-of-summary';

  return (
    <ToastContext value={value}>
      {children}
      {/* The live region is always in the page so screen readers pick up new messages. */}
      <div
        role="status"
        aria-live="polite"
        className={cn(
          'pointer-events-none fixed inset-x-0 z-50 flex flex-col items-center gap-2 p-4',
          clearOfSummary ? 'top-0 lg:top-auto lg:bottom-0 lg:items-start' : 'bottom-0 sm:items-end',
        )}
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={cn(
              'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border ' +
                'border-l-4 border-navy-100 bg-white p-4 text-sm text-navy-950 shadow-lg',
              tones[toast.tone],
            )}
          >
            <p className="flex-1">{toast.message}</p>
            <button type="button" onClick={() => dismiss(toast.id)} className="-m-1 rounded p-1 text-navy-700 hover:bg-navy-50">
              <CloseIcon className="size-4" />
              <span className="sr-only">Dismiss</span>
            </button>
          </div>
        ))}
      </div>
    </ToastContext>
  );
}
