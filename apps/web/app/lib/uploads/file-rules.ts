import { UPLOAD_MAX_BYTES } from '@shop/contracts';

/**
 * What a file field takes, checked in the browser the moment files are chosen, so a file the API
 * would refuse (too big, the wrong type, one too many) is never sent. The API checks again.
 */
export interface FileRules {
  /** The input's `accept`: MIME types and `.ext` names, comma-separated. */
  accept: string;
  maxFiles: number;
  maxBytes?: number;
}

/** "5MB", as the shop's hints and the API's messages write it. */
export const sizeLabel = (bytes: number): string => `${Math.round((bytes / (1024 * 1024)) * 10) / 10}MB`;

const acceptTokens = (accept: string): string[] =>
  accept
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPG',
  '.jpg': 'JPG',
  '.jpeg': 'JPG',
  'image/png': 'PNG',
  '.png': 'PNG',
  'application/pdf': 'PDF',
  '.pdf': 'PDF',
  '.doc': 'Word document',
  '.docx': 'Word document',
};

/** "PDF, JPG or PNG": the types an `accept` names, as a person reads them. */
export function typesLabel(accept: string): string {
  const names = [...new Set(acceptTokens(accept).map((token) => TYPE_NAMES[token] ?? token.replace(/^\./, '').toUpperCase()))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

function accepts(accept: string, file: { name: string; type: string }): boolean {
  const tokens = acceptTokens(accept);
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((token) => (token.startsWith('.') ? name.endsWith(token) : token.endsWith('/*') ? type.startsWith(token.slice(0, -1)) : type === token));
}

/** What is wrong with the chosen files, in the GOV.UK file upload pattern's words, or null when they can all be sent. */
export function chosenFilesProblem(files: readonly { name: string; size: number; type: string }[], rules: FileRules): string | null {
  const maxBytes = rules.maxBytes ?? UPLOAD_MAX_BYTES;
  if (files.length > rules.maxFiles) return `Select up to ${rules.maxFiles} ${rules.maxFiles === 1 ? 'file' : 'files'}`;
  const one = files.length === 1;
  const named = (file: { name: string }) => (one ? 'The selected file' : file.name);
  for (const file of files) {
    if (!accepts(rules.accept, file)) return `${named(file)} must be a ${typesLabel(rules.accept)}`;
    if (file.size > maxBytes) return `${named(file)} must be smaller than ${sizeLabel(maxBytes)}`;
    if (file.size === 0) return `${named(file)} is empty`;
  }
  return null;
}
