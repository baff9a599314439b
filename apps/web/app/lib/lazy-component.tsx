import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useHydrated } from '../components/listing/use-hydrated.ts';

type Loaded<P> = { default: ComponentType<P> };

interface LazyOptions {
  /** Shown while the code loads when it is drawn afresh in the browser (not over server markup). */
  fallback?: ReactNode;
  /**
   * A section the server draws below the fold: the browser keeps the server's markup and fetches the
   * code only when the section comes within a screen of the window (before that it is plain HTML: its
   * links and forms work as they do without scripts).
   */
  whenVisible?: boolean;
}

/** Resolves when `element` comes within a screen of the window (every browser the shop's build targets has the observer). */
function nearTheWindow(element: Element): Promise<void> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
  });
}

/**
 * Whether the visitor has already used the server's markup, before the page's scripts ran: a field
 * typed in or chosen, a box ticked, a disclosure open, the focus inside. A disclosure the server drew
 * open counts too: the section then stays plain HTML, which works.
 */
function usedByVisitor(element: Element): boolean {
  if (element.contains(document.activeElement) || element.querySelector('details[open]')) return true;
  return [...element.querySelectorAll('input, textarea, select')].some((field) => {
    if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
    // A box's value is its attribute, a text field's `checked` always false: each compares only what can change.
    const input = field as HTMLInputElement;
    return input.checked !== input.defaultChecked || input.value !== input.defaultValue;
  });
}

const serverLoads: (() => Promise<unknown>)[] = [];
/**
 * Resolves once every lazy component's code is loaded on the server: entry.server.tsx waits for it
 * before its first page. Loaded then, not as each module is evaluated: a module still evaluating
 * (an import cycle through the frame) can be undefined to an import() made at that moment.
 */
export const lazyComponentsLoaded = () => Promise.all(serverLoads.map((load) => load()));

/**
 * A component whose code a page's scripts fetch only when it is first drawn: a dialog's contents,
 * an error page (docs/decisions/0054). Until then it is not in the page's JavaScript.
 *
 * The server loads it with this module and draws it in place: a lazy component still loading there
 * would suspend, and the shop's frame must never suspend (entry.server.tsx), so pages work before
 * their scripts load. In the browser, `preload()` (on hover, focus or an early press) lets the first
 * draw happen without waiting; otherwise `fallback` shows while it loads, and a server-drawn one
 * keeps the server's markup until its code arrives (React's hydration of a Suspense boundary).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, options: LazyOptions = {}) {
  const { fallback = null, whenVisible } = options;
  let loaded: Loaded<P> | undefined;
  let loading: Promise<Loaded<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        // Offline for a moment: the next draw or preload asks again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  if (import.meta.env.SSR) serverLoads.push(preload);

  function LazyComponent(props: P) {
    // Once loaded (always, on the server) it is drawn at once; the Suspense boundary stays, so the server's markup and the browser's match.
    const Loaded = loaded?.default;
    return <Suspense fallback={fallback}>{Loaded ? <Loaded {...props} /> : <Lazy {...props} />}</Suspense>;
  }

  /**
   * Hydrating, before its code is here, the section is an element whose markup React leaves alone
   * (the server's, kept through any re-render); its code then draws it afresh, to the same markup.
   * A Suspense boundary left to hydrate later would not do: any change of a context above it (the
   * basket loading) makes React throw the server's markup away and show the fallback.
   */
  function SectionWhenVisible(props: P) {
    const box = useRef<HTMLDivElement>(null);
    const hydrating = !useHydrated();
    const [serverMarkup, setServerMarkup] = useState(hydrating && !loaded);
    // The server drew it for these props: new ones (another variant chosen) make its markup stale.
    const [drawnFor] = useState(() => (serverMarkup ? JSON.stringify(props) : ''));
    if (serverMarkup && JSON.stringify(props) !== drawnFor) setServerMarkup(false);
    useEffect(() => {
      const element = box.current;
      if (!serverMarkup || !element) return;
      let mounted = true;
      // Drawing it afresh would lose what the visitor has already done in the server's markup (a
      // disclosure opened, a field typed in): once they have touched it, it stays the plain HTML it
      // is, whose links and forms work without its code.
      let touched = usedByVisitor(element);
      const touch = () => (touched = true);
      // Every use starts with one of these: a press, or the focus arriving by keyboard or autofill's pick.
      const events = ['focusin', 'pointerdown'] as const;
      for (const type of events) element.addEventListener(type, touch, true);
      nearTheWindow(element.firstElementChild ?? element)
        .then(preload)
        .then(
          // Swapped in this same task: a press landing between the check and a later commit would
          // open the server's disclosure and then see it replaced by a closed one.
          () => mounted && !touched && flushSync(() => setServerMarkup(false)),
          () => undefined,
        );
      return () => {
        mounted = false;
        for (const type of events) element.removeEventListener(type, touch, true);
      };
    }, [serverMarkup]);
    if (serverMarkup) return <div ref={box} className="contents" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
    return (
      <div ref={box} className="contents">
        <LazyComponent {...props} />
      </div>
    );
  }

  /**
   * Fetches the code now (a navigation's "about to be needed"), settled once it is here; a failure
   * shows when the component is drawn, so it never holds up what awaits it.
   */
  const preloadNow = (): Promise<void> =>
    preload().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(whenVisible ? SectionWhenVisible : LazyComponent, { preload: preloadNow });
}
