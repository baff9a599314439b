import { lineQuantityProblem } from './basket-logic.ts';

/**
 * A basket line's quantity and "Remove" as plain forms posted to the basket page (decision 0020):
 * pressed before the page's scripts run, or without them, the page's action makes the change and
 * comes back to the basket; with scripts the line's own handlers make it in the browser.
 */
export const LINE_QUANTITY_INTENT = 'line-quantity';
export const LINE_REMOVE_INTENT = 'line-remove';
/** The quantity box's −/+ buttons post this beside the box's quantity: one fewer or one more. */
export const LINE_STEP_FIELD = 'step';

/** What a line's plain form asks for, or its refusal in the words the line shows; null when the form is not a line's. */
export function lineChangeFromPost(form: FormData): { sku: string; quantity: number | null } | { sku: string; problem: string } | null {
  const intent = form.get('intent');
  const sku = form.get('sku');
  if (typeof sku !== 'string' || sku === '') return null;
  if (intent === LINE_REMOVE_INTENT) return { sku, quantity: null };
  if (intent !== LINE_QUANTITY_INTENT) return null;
  const posted = form.get('quantity');
  const typed = typeof posted === 'string' ? posted : '';
  const problem = lineQuantityProblem(typed, 0);
  if (problem) return { sku, problem };
  const step = form.get(LINE_STEP_FIELD);
  const quantity = Number(typed) + (step === '1' ? 1 : step === '-1' ? -1 : 0);
  return quantity < 1 ? { sku, problem: 'Enter 1 or more, or remove the item.' } : { sku, quantity };
}
