/**
 * The password rules, shown on the sign-up and reset pages (ticked off as you type) and enforced on
 * the server. Pure: the page script gets the same list and the same checks.
 */

export const PASSWORD_MIN_LENGTH = 10;
/** Longer passwords add nothing and cost hashing time. */
export const PASSWORD_MAX_LENGTH = 256;

/** Passwords that top every leaked-password list, and a few a plumbing shop invites. Lower case. */
export const COMMON_PASSWORDS: readonly string[] = [
  '1234567890',
  '12345678910',
  '0123456789',
  '0987654321',
  '1111111111',
  '1234512345',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'qwerty123456',
  'asdfghjkl1',
  'zxcvbnm123',
  'password12',
  'password123',
  'password1234',
  'password!1',
  'passw0rd123',
  'p@ssw0rd123',
  'iloveyou12',
  'letmein123',
  'welcome123',
  'welcome1234',
  'changeme123',
  'administrator',
  'admin12345',
  'football12',
  'baseball12',
  'sunshine12',
  'princess12',
  'trustno1234',
  'superman123',
  'starwars12',
  'whatever12',
  'abcdefghij',
  'abcd123456',
  'abc1234567',
  'a1b2c3d4e5',
  'monkey1234',
  'dragon1234',
  'master1234',
  'liverpool1',
  'liverpool12',
  'chelsea123',
  'arsenal123',
  'manchester',
  'manutd1234',
  'qwertyuiop1',
  'password10',
  'passwordpassword',
  'plumbline1',
  'plumbline123',
  'plumbing123',
  'bathroom123',
  'demo-password',
  'summer2024',
  'summer2025',
  'summer2026',
  'winter2025',
  'winter2026',
  'spring2026',
  'autumn2026',
  'london1234',
  'england123',
  'unitedkingdom',
  'computer12',
  'internet12',
  'shopping12',
];

const COMMON = new Set(COMMON_PASSWORDS);

export type PasswordRule = 'length' | 'not-email' | 'not-common';

export const PASSWORD_RULES: readonly { rule: PasswordRule; label: string }[] = [
  { rule: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters` },
  { rule: 'not-email', label: 'Not your e-mail address' },
  { rule: 'not-common', label: 'Not a commonly used password' },
];

/** Which rules the password breaks; empty means it is acceptable. */
export function brokenPasswordRules(password: string, email: string): PasswordRule[] {
  const broken: PasswordRule[] = [];
  if (Array.from(password).length < PASSWORD_MIN_LENGTH) broken.push('length');
  const lower = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if (lower.length > 0 && (lower === address || lower === localPart)) broken.push('not-email');
  if (COMMON.has(lower)) broken.push('not-common');
  return broken;
}

/** The message for the first broken rule, for the field's error text. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length === 0) return 'Enter a password.';
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const [first] = brokenPasswordRules(password, email);
  switch (first) {
    case 'length':
      return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
    case 'not-email':
      return 'Choose a password that is not your e-mail address.';
    case 'not-common':
      return 'That password is too common: it is among the first that attackers try. Choose another.';
    default:
      return null;
  }
}
