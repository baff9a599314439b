/**
 * Whether leaving this page would lose something the shopper typed, ticked or chose and has not
 * sent yet. Signing in leaves the page (a redirect to the provider) unless it would: then the
 * provider opens in a popup instead, and the page stays as it is.
 */

/** A form control, as far as "is there work in it" goes. */
export interface ControlState {
  type: string;
  value: string;
  defaultValue: string;
  checked?: boolean;
  defaultChecked?: boolean;
}

const NOTHING_TYPED = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

/** Something was typed into a text box, or a box or option changed from how the page drew it. */
export function holdsWork(control: ControlState, changedByShopper: boolean): boolean {
  if (NOTHING_TYPED.has(control.type)) return false;
  if (control.type === 'checkbox' || control.type === 'radio') return changedByShopper || control.checked !== control.defaultChecked;
  if (!control.value.trim()) return false;
  // React keeps a controlled field's default in step with its value: only the shopper's own input says it changed.
  return changedByShopper || control.value !== control.defaultValue;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isControl = (target: EventTarget | null): target is Control =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/** Fields in the page's main content the shopper changed since they were drawn or their form was sent. */
const changed = new Set<Control>();
const defaultOf = (control: Control) =>
  control instanceof HTMLSelectElement ? ([...control.options].find((option) => option.defaultSelected)?.value ?? '') : control.defaultValue;
const stateOf = (control: Control): ControlState => ({
  type: control.type,
  value: control.value,
  defaultValue: defaultOf(control),
  checked: control instanceof HTMLInputElement ? control.checked : undefined,
  defaultChecked: control instanceof HTMLInputElement ? control.defaultChecked : undefined,
});

/** Follows what the shopper types into the page's main content; the returned function stops it. */
export function followShopperInput(doc: Document): () => void {
  const onInput = (event: Event) => {
    if (isControl(event.target) && event.target.closest('main')) changed.add(event.target);
  };
  const onSubmit = (event: Event) => {
    for (const control of changed) if (control.form === event.target) changed.delete(control);
  };
  doc.addEventListener('input', onInput, true);
  doc.addEventListener('change', onInput, true);
  doc.addEventListener('submit', onSubmit, true);
  return () => {
    doc.removeEventListener('input', onInput, true);
    doc.removeEventListener('change', onInput, true);
    doc.removeEventListener('submit', onSubmit, true);
  };
}

/** Whether the page's main content holds work the shopper would lose by leaving. */
export function hasUnsavedWork(doc: Document): boolean {
  for (const control of changed) if (!control.isConnected) changed.delete(control);
  const controls = doc.querySelectorAll<Control>('main input, main textarea, main select');
  return [...controls].some((control) => holdsWork(stateOf(control), changed.has(control)));
}
