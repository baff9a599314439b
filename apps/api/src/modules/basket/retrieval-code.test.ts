import { describe, expect, it } from 'vitest';
import { formatRetrievalCode, newRetrievalCode, normaliseRetrievalCode, RETRIEVAL_ALPHABET } from './retrieval-code.ts';

describe('retrieval codes', () => {
  it('use no look-alike characters and read back however they are typed', () => {
    for (const char of '01OILU') expect(RETRIEVAL_ALPHABET).not.toContain(char);
    const code = newRetrievalCode();
    expect(normaliseRetrievalCode(` ${formatRetrievalCode(code).toLowerCase()} `)).toBe(code);
    expect(normaliseRetrievalCode('ABCD-EFG0')).toBeNull();
    expect(normaliseRetrievalCode('ABC')).toBeNull();
  });
});
