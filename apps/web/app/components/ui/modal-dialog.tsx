import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import type { DialogProps } from './dialog.tsx';
import { CloseIcon } from './icons.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

export const placements = {
  center: 'm-auto w-[min(32rem,calc(100vw-2rem))] max-h-[calc(100dvh-2rem)] rounded-2xl',
  'drawer-left': 'm-0 mr-auto h-dvh max-h-none w-[min(24rem,88vw)] rounded-r-2xl',
  'drawer-right': 'm-0 ml-auto h-dvh max-h-none w-[min(26rem,92vw)] rounded-l-2xl',
} as const;

/** The open dialog of dialog.tsx, fetched when a dialog first opens. */
export function ModalDialog({ open, onClose, title, placement = 'center', className, children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const handleClose = () => {
      onClose();
      returnFocusTo.current?.focus();
      returnFocusTo.current = null;
    };
    dialog.addEventListener('close', handleClose);
    return () => dialog.removeEventListener('close', handleClose);
  }, [onClose]);

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // Clicks that land on the <dialog> itself (not its content) are on the backdrop.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onClick={(event) => event.target === event.currentTarget && dialogRef.current?.close()}
      className={cn('bg-white p-0 text-navy-950 shadow-2xl backdrop:bg-navy-950/60 backdrop:backdrop-blur-[2px]', placements[placement], className)}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 border-b border-navy-100 px-5 py-4">
          <h2 id={titleId} className="text-lg font-bold tracking-tight">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-navy-800 hover:bg-navy-50"
          >
            <CloseIcon className="size-5" />
            <span className="sr-only">Close</span>
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </div>
    </dialog>
  );
}
