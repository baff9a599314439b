import { describe, expect, it } from 'vitest';
import { errorWords } from './status-page.tsx';

describe('the error page’s words', () => {
  it('tells a visitor what they can put right as theirs, and only a fault as the shop’s', () => {
    expect(errorWords(413).title).toBe('What you sent was too large');
    expect(errorWords(413).text).toContain('choose smaller files');
    expect(errorWords(429).title).toBe('Too many pages opened at once');
    expect(errorWords(503).title).toBe('The shop is taking a short break');
    expect(errorWords(500).title).toBe('Sorry, something went wrong on our side');
  });
});
