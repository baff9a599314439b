/**
 * A request the page abandons (a newer navigation or submission supersedes the one still loading, the
 * component that asked has gone) rejects with an AbortError. React Router can leave such a rejection with
 * nobody listening (an answer still arriving when a newer submission interrupts it), and the browser then
 * reports it as an uncaught error. It is not one, so it is marked handled; every other rejection is
 * reported as before.
 */
export function isAbandonedRequest(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === 'AbortError';
}

export function ignoreAbandonedRequests(target: Pick<Window, 'addEventListener'>): void {
  target.addEventListener('unhandledrejection', (event) => {
    if (isAbandonedRequest(event.reason)) event.preventDefault();
  });
}
