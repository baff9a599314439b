import type { FormEvent } from 'react';

/** Marks "Find address" (the postcode and its button). */
export const FINDER_ATTRIBUTE = 'data-address-finder';
/** Marks a form's own button (save, send): Enter in a field outside "Find address" presses it. */
export const FORM_DEFAULT_ATTRIBUTE = 'data-form-default';

/**
 * Enter in a form holding "Find address" (the checkout's steps, the address book, the catalogue request,
 * the trade application), as the form's `onSubmit`, first. Enter in a field presses the form's first
 * button, and "Find address" comes first: in its postcode, that finds addresses, as meant; in any other
 * field, the form's own button is pressed instead. Before the page's scripts run (or without them) the
 * browser's choice stands, and the finder's answer keeps what was typed.
 */
export function enterFindsAddress(event: FormEvent<HTMLFormElement>): void {
  const form = event.currentTarget;
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const active = document.activeElement;
  // Only Enter in a field: a button pressed (mouse or keyboard) is the button meant.
  if (!(submitter instanceof HTMLButtonElement) || !(active instanceof HTMLInputElement) || active.form !== form) return;
  const finder = submitter.closest(`[${FINDER_ATTRIBUTE}]`);
  if (!finder || finder.contains(active)) return;
  const own = form.querySelector<HTMLButtonElement>(`button[type="submit"][${FORM_DEFAULT_ATTRIBUTE}]`);
  if (!own || own.disabled) return;
  event.preventDefault();
  // Not from inside this submit event: the browser ignores a form's submission while its submit event is being fired.
  setTimeout(() => form.requestSubmit(own), 0);
}
