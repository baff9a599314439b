import { useLayoutEffect } from 'react';

/**
 * Presses on controls that only scripts can carry out (a carousel's arrows, a menu button) made
 * before those scripts run (decision 0020). A few lines written into the page's head record which
 * `data-early-press` control was pressed, with the click; the control's component carries the
 * presses out once it has hydrated, and from then on its own handler answers.
 *
 * The queue is only ever changed in place: the head script keeps pushing to the array it made.
 */
export const EARLY_PRESS_SCRIPT =
  `(function(){var q=window.shopEarlyPresses=[];document.addEventListener('click',function(e){var t=e.target instanceof ` +
  `Element?e.target.closest('[data-early-press]'):null;if(t&&!t.disabled&&!t.hasAttribute('data-hydrated'))q.push({k:t.getAttribute(` +
  `'data-early-press'),e:e})},true)})();`;

/** One recorded press: the control's `data-early-press` key and the click. */
export interface EarlyPress {
  k: string;
  e: Event;
}

declare global {
  interface Window {
    shopEarlyPresses?: EarlyPress[];
  }
}

/**
 * Takes the presses recorded before hydration on these controls, oldest first, and forgets them.
 *
 * A click made while React is hydrating reaches the head script first; React then hydrates the
 * control's part of the page at once (running this) and hands the same click to the control's own
 * handler. Such a click is still being dispatched (its `eventPhase` is not NONE): it is forgotten
 * here, not carried out, so it counts once.
 */
export function takeEarlyPresses(keys: readonly string[]): string[] {
  const queue = window.shopEarlyPresses;
  if (!queue) return [];
  const taken: string[] = [];
  for (let index = 0; index < queue.length;) {
    const { k: key, e: event } = queue[index]!;
    if (!keys.includes(key)) {
      index++;
      continue;
    }
    queue.splice(index, 1);
    if (event.eventPhase === Event.NONE) taken.push(key);
  }
  return taken;
}

/** What `useEarlyPresses` needs of a control: its element (once drawn), key and what a press does. */
export interface EarlyPressControl {
  ref: { readonly current: Element | null };
  key: string;
  press: () => void;
}

/**
 * Marks the controls as hydrated (so the head script stops recording them) and carries out the
 * presses they received before, in the order they were made. Runs in the commit that draws them
 * (hydrating or not), before another press can reach React's own handler; the component that draws
 * a control should call it, so the control is marked whenever it appears.
 */
export function useEarlyPresses(controls: readonly EarlyPressControl[]) {
  useLayoutEffect(() => {
    for (const { ref } of controls) ref.current?.setAttribute('data-hydrated', '');
    for (const key of takeEarlyPresses(controls.map((control) => control.key))) {
      controls.find((control) => control.key === key)?.press();
    }
    // Only the first commit: the presses before hydration are carried out once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
