import { describe, expect, it } from 'vitest';
import { ignoreAbandonedRequests, isAbandonedRequest } from './abandoned-requests.ts';

describe('an abandoned request', () => {
  it('is a request aborted by the page, with or without a reason of its own', () => {
    const plain = new AbortController();
    plain.abort();
    expect(isAbandonedRequest(plain.signal.reason)).toBe(true);
    expect(isAbandonedRequest(new DOMException('The user aborted a request.', 'AbortError'))).toBe(true);
  });

  it('is not a failure: a timeout, a network error, an error thrown or a value', () => {
    expect(isAbandonedRequest(new DOMException('signal timed out', 'TimeoutError'))).toBe(false);
    expect(isAbandonedRequest(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbandonedRequest(new Error('AbortError'))).toBe(false);
    expect(isAbandonedRequest(undefined)).toBe(false);
  });

  it('is marked handled when nobody listened for it; any other rejection is left to be reported', () => {
    const target = new EventTarget();
    ignoreAbandonedRequests(target as unknown as Window);
    const rejection = (reason: unknown) => {
      const event = new Event('unhandledrejection', { cancelable: true });
      Object.assign(event, { reason });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const aborted = new AbortController();
    aborted.abort();
    expect(rejection(aborted.signal.reason)).toBe(true);
    expect(rejection(new Error('A real failure'))).toBe(false);
  });
});
