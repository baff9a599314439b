import { forgetRememberedItems, personalStorageAllowed, REMEMBERING_STORAGE } from '../consent.ts';

/** An event as a page tracked it, before it is sent. */
export interface PendingEvent {
  event: string;
  properties: Record<string, unknown>;
}

/** This browser's id in shopping events, kept only while the visitor accepts being remembered. */
const DEVICE_ID_KEY = REMEMBERING_STORAGE.deviceId;
const EVENTS_PATH = '/events';

/** The device id with consent (made the first time); without it none, and one kept before is removed. */
function deviceId(): string | undefined {
  try {
    if (!personalStorageAllowed()) {
      forgetRememberedItems();
      return undefined;
    }
    const kept = localStorage.getItem(DEVICE_ID_KEY);
    if (kept && /^[\w-]{8,64}$/.test(kept)) return kept;
    const made = crypto.randomUUID();
    localStorage.setItem(DEVICE_ID_KEY, made);
    return made;
  } catch {
    return undefined;
  }
}

/** Sends a batch as Segment track calls, by beacon so it survives the page being left. */
export function sendEvents(batch: readonly PendingEvent[]): void {
  // Only a secure page (https, or this machine) can make event ids: elsewhere nothing is sent.
  if (typeof crypto.randomUUID !== 'function') return;
  const anonymousId = deviceId();
  const timestamp = new Date().toISOString();
  const body = JSON.stringify({
    batch: batch.map(({ event, properties }) => ({
      type: 'track',
      event,
      messageId: crypto.randomUUID(),
      timestamp,
      ...(anonymousId && { anonymousId }),
      properties,
    })),
  });
  // Sent as text (a simple request, as every browser's beacon allows); the storefront reads it as JSON.
  if (!navigator.sendBeacon?.(EVENTS_PATH, body)) void fetch(EVENTS_PATH, { method: 'POST', body, keepalive: true }).catch(() => undefined);
}
