import { describe, expect, it } from 'vitest';
import { validateNewsletterSignup } from './newsletter.ts';

describe('validateNewsletterSignup', () => {
  it('asks for an address when there is none', () => {
    expect(validateNewsletterSignup(null)).toMatchObject({ ok: false, error: 'Enter your email address' });
    expect(validateNewsletterSignup('   ')).toMatchObject({ ok: false, error: 'Enter your email address' });
  });

  it('explains the expected format for a malformed address', () => {
    for (const email of ['sam', 'sam@example', 'sam @example.com', '@example.com', `${'a'.repeat(250)}@example.com`]) {
      expect(validateNewsletterSignup(email)).toMatchObject({ ok: false, email: email.trim() });
    }
  });

  it('accepts a plausible address but says honestly that sign-up is not open', () => {
    const result = validateNewsletterSignup('  sam.jones+bathroom@example.co.uk ');
    expect(result).toMatchObject({ ok: true, email: 'sam.jones+bathroom@example.co.uk' });
    expect(result.ok && result.message).toMatch(/opens soon/);
  });
});
