import { useState, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazy-component.tsx';
import type { placements } from './modal-dialog.tsx';

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

// The dialog's own code is fetched when one first opens (docs/decisions/0054).
const ModalDialog = lazyComponent(() => import('./modal-dialog.tsx').then((module) => module.ModalDialog));

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
