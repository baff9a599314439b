/**
 * Shopping events from the storefront's pages (Segment e-commerce v2 names, docs/domain.md §10.7), kept
 * in a queue and sent in batches by `send-events.ts`, a module of its own that a page fetches only
 * when its first batch goes (two seconds after its first event) or the visitor first presses or
 * types, so that no page's first scripts carry it and it is here before a link press leaves the page.
 * A batch goes when its time is up or as the page is hidden or left. Pages call `track` from effects;
 * nothing here stores anything on the device.
 */
import type { PendingEvent, sendEvents } from './send-events.ts';

const queue: PendingEvent[] = [];
const BATCH_MS = 2000;
let timer: ReturnType<typeof setTimeout> | undefined;
let sender: Promise<{ sendEvents: typeof sendEvents }> | undefined;
const loadSender = () => (sender ??= import('./send-events.ts'));

function flush() {
  clearTimeout(timer);
  timer = undefined;
  const batch = queue.splice(0);
  if (batch.length > 0)
    void loadSender().then(
      ({ sendEvents }) => sendEvents(batch),
      () => undefined,
    );
}

export function track(event: string, properties: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  if (queue.length === 0 && timer === undefined && !sender) {
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
    for (const type of ['pointerdown', 'keydown']) addEventListener(type, () => void loadSender(), { once: true, passive: true });
  }
  queue.push({ event, properties });
  timer ??= setTimeout(flush, BATCH_MS);
}
