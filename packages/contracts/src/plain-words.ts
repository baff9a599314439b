import { z } from 'zod';

/**
 * What a refusal says where a schema has no message of its own: plain words naming the field, in
 * GOV.UK's patterns ("Enter …", "… must be 1 or more"), never zod's ("Too small: expected number to
 * be >=1"), which would otherwise reach whoever sent the request. A schema's own message always wins.
 * Installed for the whole process by index.ts, so every schema the API validates with uses it (decision 0041).
 */

/** Words a field's name is made of, as people write them. */
const WORDS: Record<string, string> = {
  sku: 'SKU',
  skus: 'SKUs',
  id: 'ID',
  ids: 'IDs',
  email: 'e-mail',
  vat: 'VAT',
  url: 'address',
  dto: '',
};

/** `minimumSpendPence` → "minimum spend in pence"; `body.items.0.sku` → "SKU"; no name → "this value". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const name = path.findLast((part): part is string => typeof part === 'string');
  if (!name) return 'this value';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_-]+/)
    .map((word) => WORDS[word] ?? word)
    .filter(Boolean);
  if (words.length > 1 && words.at(-1) === 'pence') words.splice(-1, 1, 'in', 'pence');
  return words.join(' ');
}

const plural = (count: number | bigint, one: string, many: string) => (Number(count) === 1 ? one : many);

/** The message for an issue no schema worded; undefined leaves zod's own (never reached in practice). */
export function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const field = `“${fieldLabel(issue.path ?? [])}”`;
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.expected === 'boolean') return `Say true or false for ${field}`;
      if (issue.input === undefined) return `Enter ${field}`;
      switch (issue.expected) {
        case 'string':
          return `${field} must be text`;
        case 'int':
          return `${field} must be a whole number`;
        case 'number':
        case 'bigint':
          return `${field} must be a number`;
        case 'array':
        case 'tuple':
        case 'set':
          return `${field} must be a list`;
        case 'object':
        case 'record':
        case 'map':
          return `${field} must be a set of named values`;
        case 'date':
          return `${field} must be a date, like 2026-11-25`;
        default:
          return `${field} is not in a form this call takes`;
      }
    }
    case 'too_small': {
      const { minimum, inclusive } = issue;
      if (issue.origin === 'string') return Number(minimum) <= 1 ? `Enter ${field}` : `${field} must be at least ${minimum} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${field} must have at least ${minimum} ${plural(minimum, 'entry', 'entries')}`;
      if (issue.origin === 'date') return `${field} must be on or after ${String(minimum)}`;
      return inclusive === false ? `${field} must be more than ${minimum}` : `${field} must be ${minimum} or more`;
    }
    case 'too_big': {
      const { maximum, inclusive } = issue;
      if (issue.origin === 'string') return `${field} must be ${maximum} ${plural(maximum, 'character', 'characters')} or fewer`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${field} must have ${maximum} ${plural(maximum, 'entry', 'entries')} or fewer`;
      if (issue.origin === 'date') return `${field} must be on or before ${String(maximum)}`;
      return inclusive === false ? `${field} must be less than ${maximum}` : `${field} must be ${maximum} or less`;
    }
    case 'invalid_value':
      return issue.values.length <= 12
        ? `${field} must be ${issue.values.length === 1 ? '' : 'one of: '}${issue.values.map(String).join(', ')}`
        : `${field} is not one of the values this call takes`;
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return 'Enter an e-mail address in the correct format, like name@example.com';
        case 'date':
          return `${field} must be a date, like 2026-11-25`;
        case 'datetime':
          return `${field} must be a date and time, like 2026-11-25T09:30:00Z`;
        case 'uuid':
        case 'guid':
          return `${field} is not an ID this shop gives`;
        default:
          return `${field} is not in the right format`;
      }
    case 'not_multiple_of':
      return `${field} must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `${issue.keys.map((key) => `“${key}”`).join(', ')} ${plural(issue.keys.length, 'is not a field', 'are not fields')} this call takes`;
    default:
      return `${field} is not in a form this call takes`;
  }
}

/** Makes plainMessage zod's message map for the whole process (index.ts does, as the contracts load). */
export function installPlainWords(): void {
  z.config({ customError: plainMessage });
}
