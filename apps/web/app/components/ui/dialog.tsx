import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { CloseIcon } from './icons.tsx';

export interface DialogProps {
  open: boolean;
  /** Called however the dialog closes: close button, Esc, backdrop click. */
  onClose: () => void;
  title: string;
  /** `drawer-left` slides in from the edge (menus), `drawer-right` from the other (the basket); `center` is a classic modal. */
  placement?: keyof typeof placements;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

const placements = {
  center: 'm-auto w-[min(32rem,calc(100vw-2rem))] max-h-[calc(100dvh-2rem)] rounded-2xl',
  'drawer-left': 'm-0 mr-auto h-dvh max-h-none w-[min(24rem,88vw)] rounded-r-2xl',
  'drawer-right': 'm-0 ml-auto h-dvh max-h-none w-[min(26rem,92vw)] rounded-l-2xl',
} as const;

/**
 * A modal dialog on the native `<dialog>`: showModal() makes the page behind inert and Esc
 * closes it. We add a Tab wrap so focus cannot leave for the browser chrome, and put focus back
 * on whatever opened the dialog when it closes.
 *
 * Nothing is drawn until the dialog first opens: a listing has a quick view per card and every page
 * a menu and a basket drawer, and closed they would only be markup to send, parse and hydrate.
 */
export function Dialog(props: DialogProps) {
  const [drawn, setDrawn] = useState(props.open);
  if (props.open && !drawn) setDrawn(true);
  return drawn ? <ModalDialog {...props} /> : null;
}

function ModalDialog({ open, onClose, title, placement = 'center', className, children }: DialogProps) {
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
