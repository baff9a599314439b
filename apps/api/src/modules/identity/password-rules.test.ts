import { describe, expect, it } from 'vitest';
import { brokenPasswordRules, passwordProblem, PASSWORD_MAX_LENGTH } from './password-rules.ts';

describe('password rules', () => {
  it('accepts a long, uncommon password that is not the e-mail address', () => {
    expect(brokenPasswordRules('copper-pipe-fitting', 'sam@example.com')).toEqual([]);
    expect(passwordProblem('copper-pipe-fitting', 'sam@example.com')).toBeNull();
  });

  it('needs at least 10 characters, counting characters rather than bytes', () => {
    expect(brokenPasswordRules('short-one', 'sam@example.com')).toEqual(['length']);
    expect(brokenPasswordRules('ünïcödé!!x', 'sam@example.com')).toEqual([]);
    expect(passwordProblem('', 'sam@example.com')).toBe('Enter a password.');
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1), 'sam@example.com')).toBe(`Use at most ${PASSWORD_MAX_LENGTH} characters.`);
  });

  it('refuses the e-mail address or its local part, in any case', () => {
    expect(brokenPasswordRules('Sam.Jones@Example.com', 'sam.jones@example.com')).toContain('not-email');
    expect(brokenPasswordRules('SAM.JONES-1', 'sam.jones-1@example.com')).toContain('not-email');
  });

  it('refuses common passwords whatever their case', () => {
    expect(brokenPasswordRules('Password123', 'sam@example.com')).toEqual(['not-common']);
    expect(brokenPasswordRules('QWERTYUIOP', 'sam@example.com')).toEqual(['not-common']);
    expect(passwordProblem('demo-password', 'sam@example.com')).toMatch(/too common/);
  });
});
