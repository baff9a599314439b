import { ApiError } from '@shop/api-client';
import { describe, expect, it } from 'vitest';
import { apiProblemMessage, isForbidden } from './api-problem.ts';

describe('API failures in the browser', () => {
  it('become a sentence to act on', () => {
    expect(apiProblemMessage(new ApiError(0, 'fetch failed', 'fetch failed'))).toMatch(/couldn’t reach the shop/);
    expect(apiProblemMessage(new ApiError(401, {}, 'Unauthorized'))).toMatch(/Sign in again/);
    expect(apiProblemMessage(new ApiError(403, {}, 'Forbidden'))).toMatch(/doesn’t have access/);
    expect(apiProblemMessage(new ApiError(404, {}, 'Not Found'))).toMatch(/couldn’t find/);
    expect(apiProblemMessage(new ApiError(429, {}, 'Too Many Requests'))).toMatch(/Too many requests/);
    expect(apiProblemMessage(new ApiError(503, {}, 'x'))).toMatch(/on our side/);
    expect(apiProblemMessage(new ApiError(400, { detail: 'Enter an e-mail address.' }, 'Enter an e-mail address.'))).toBe('Enter an e-mail address.');
    expect(apiProblemMessage(new Error('odd'))).toMatch(/Something went wrong/);
  });

  it('tell a refusal from other failures', () => {
    expect(isForbidden(new ApiError(403, {}, 'Forbidden'))).toBe(true);
    expect(isForbidden(new ApiError(401, {}, 'Unauthorized'))).toBe(false);
    expect(isForbidden(new ApiError(500, {}, 'x'))).toBe(false);
    expect(isForbidden(new Error('x'))).toBe(false);
  });
});
