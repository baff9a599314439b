import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No token travels in a form (decision 0063): loaders and actions act for the shopper with the
 * storefront's session cookie, so no page puts an access, refresh or ID token in a form field, and
 * no server code reads one from a posted form. This reads the storefront's source, so a field
 * brought back by mistake fails here before it reaches a page.
 */

/** An access, refresh or ID token by any of its spellings: `access_token`, `accessToken`, `ACCESS_TOKEN_FIELD`, `idToken`, `getAccessToken`… */
const TOKEN = /(?<![a-z])(?:get)?(?:access|refresh|id)[_-]?token/i;

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Each JSX form control (`<input …>`, `<Input …>`, `<textarea …>`), up to the `>` that closes its tag, braces and strings skipped. */
function* formControls(source: string): Generator<{ start: number; text: string }> {
  const opening = /<(?:input|Input|textarea)\b/g;
  for (let match = opening.exec(source); match; match = opening.exec(source)) {
    let depth = 0;
    let quote: string | null = null;
    let end = match.index + match[0].length;
    for (; end < source.length; end++) {
      const char = source[end]!;
      if (quote) {
        if (char === quote && source[end - 1] !== '\\') quote = null;
      } else if (char === '"' || char === "'" || char === '`') quote = char;
      else if (char === '{') depth++;
      else if (char === '}') depth--;
      else if (char === '>' && depth === 0) break;
    }
    yield { start: match.index, text: source.slice(match.index, end + 1) };
  }
}

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length;

/** Form controls whose name, value or any other attribute names a token, and posted fields read by a token's name. */
export function tokensInForms(file: string, source: string): Finding[] {
  const findings: Finding[] = [];
  for (const control of formControls(source)) {
    if (TOKEN.test(control.text)) findings.push({ file, line: lineOf(source, control.start), text: control.text.replace(/\s+/g, ' ') });
  }
  // `form?.get('accessToken')`, `formText(form, ACCESS_TOKEN_FIELD)`, `body.set('access_token', …)`: a field read or written by a token's name.
  const formCall = /(?:\??\.(?:get|getAll|set|append|has)|\bformText)\(([^)]*)\)/g;
  for (let match = formCall.exec(source); match; match = formCall.exec(source)) {
    if (TOKEN.test(match[1]!)) findings.push({ file, line: lineOf(source, match.index), text: match[0] });
  }
  return findings;
}

const appDir = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('+') ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('tokens in forms', () => {
  it('finds a token in a hidden field, however it is written, and a token read from a posted form', () => {
    const planted = `
      export function Planted({ user, form }) {
        const token = form?.get(PROOF_FIELDS.accessToken) ?? formText(form, ACCESS_TOKEN_FIELD);
        return (
          <form method="post">
            <input type="hidden" name="accessToken" value={user?.access_token ?? ''} />
            <input
              type="hidden"
              name={ACCESS_TOKEN_FIELD}
              onChange={(event) => event.preventDefault()}
            />
            <Input type="hidden" name="token" defaultValue={session.refresh_token} />
            <input type="hidden" name="intent" value="send" />
            <input type="text" name="paidTokens" />
          </form>
        );
      }`;
    const found = tokensInForms('planted.tsx', planted);
    expect(found.map((finding) => finding.line)).toEqual([6, 7, 12, 3, 3]);
    expect(found[1]!.text).toContain('ACCESS_TOKEN_FIELD');
  });

  it('no page puts a token in a form field, and no server code reads one from a posted form', () => {
    const files = sourceFiles(appDir);
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) => tokensInForms(relative(appDir, file), readFileSync(file, 'utf8')));
    expect(findings).toEqual([]);
  });
});
