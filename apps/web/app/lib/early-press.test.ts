import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_PRESS_SCRIPT, takeEarlyPresses, type EarlyPress } from './early-press.ts';

/** A `data-early-press` control, as much of one as the head script reads. */
class Control {
  readonly key: string;
  readonly disabled: boolean;
  readonly hydrated: boolean;
  constructor(key: string, disabled = false, hydrated = false) {
    this.key = key;
    this.disabled = disabled;
    this.hydrated = hydrated;
  }
  closest(selector: string) {
    return selector === '[data-early-press]' ? this : null;
  }
  getAttribute(name: string) {
    return name === 'data-early-press' ? this.key : null;
  }
  hasAttribute(name: string) {
    return name === 'data-hydrated' && this.hydrated;
  }
}

/** The page's document, as much of one as the head script uses, dispatching clicks as a browser does. */
class FakeDocument {
  private readonly listeners: ((event: unknown) => void)[] = [];
  addEventListener(_type: 'click', listener: (event: unknown) => void) {
    this.listeners.push(listener);
  }
  /** A click on `control`; `during` runs while it is being dispatched, after the head script's listener. */
  click(control: Control, during?: () => void) {
    // On its way down to the control (capturing), then done (NONE).
    const event: { target: Control; eventPhase: number } = { target: control, eventPhase: Event.CAPTURING_PHASE };
    for (const listener of this.listeners) listener(event);
    during?.();
    event.eventPhase = Event.NONE;
  }
}

let page: FakeDocument;
let fakeWindow: { shopEarlyPresses?: EarlyPress[] };

beforeEach(() => {
  page = new FakeDocument();
  fakeWindow = {};
  vi.stubGlobal('window', fakeWindow);
  // The head script as the page runs it, with the fake page for its globals.
  runInNewContext(EARLY_PRESS_SCRIPT, { window: fakeWindow, document: page, Element: Control });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('presses before the scripts run', () => {
  it('are taken in the order they were made, for the controls asked about only, and once', () => {
    page.click(new Control('next'));
    page.click(new Control('menu'));
    page.click(new Control('previous'));
    page.click(new Control('next'));

    expect(takeEarlyPresses(['next', 'previous'])).toEqual(['next', 'previous', 'next']);
    expect(takeEarlyPresses(['next', 'previous'])).toEqual([]);
    expect(takeEarlyPresses(['menu'])).toEqual(['menu']);
  });

  it('are not recorded on a disabled control or one that has hydrated', () => {
    page.click(new Control('previous', true));
    page.click(new Control('next', false, true));
    expect(takeEarlyPresses(['previous', 'next'])).toEqual([]);
  });

  it('are still recorded after a take: the queue the head script fills is the one read', () => {
    page.click(new Control('next'));
    expect(takeEarlyPresses(['next'])).toEqual(['next']);
    page.click(new Control('menu'));
    expect(takeEarlyPresses(['menu'])).toEqual(['menu']);
  });

  it('leave out a click still being dispatched: React hydrates for it and hands it to the control itself', () => {
    page.click(new Control('menu'));
    let takenWhileDispatching: string[] = [];
    // React hydrates the control synchronously for the click (its layout effect takes the presses), then dispatches it.
    page.click(new Control('menu'), () => (takenWhileDispatching = takeEarlyPresses(['menu'])));

    expect(takenWhileDispatching).toEqual(['menu']);
    // The click React answered is forgotten, not carried out later.
    expect(takeEarlyPresses(['menu'])).toEqual([]);
  });
});
