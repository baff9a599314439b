import { describe, expect, it } from 'vitest';
import { formLimitBytes, tooLargeToRead } from './posted-form.ts';

const MB = 1024 * 1024;
const posted = (length: string | null) =>
  new Request('http://localhost/help/contact/feedback', { method: 'POST', headers: length === null ? {} : { 'content-length': length } });

describe('a form too large to read', () => {
  it('allows each file at 5MB and the fields around them', () => {
    expect(formLimitBytes(3)).toBe(15 * MB + 256 * 1024);
    expect(formLimitBytes(1, 2 * MB)).toBe(2 * MB + 256 * 1024);
  });

  it('is told by the length the browser declares: a 30 MB form is, three 5 MB photos and their fields are not', () => {
    const limit = formLimitBytes(3);
    expect(tooLargeToRead(posted(String(30 * MB)), limit)).toBe(true);
    expect(tooLargeToRead(posted(String(limit + 1)), limit)).toBe(true);
    expect(tooLargeToRead(posted(String(limit)), limit)).toBe(false);
  });

  it('is read (and limited as it is read) when the length is missing or not a number', () => {
    expect(tooLargeToRead(posted(null), formLimitBytes(3))).toBe(false);
    expect(tooLargeToRead(posted('lots'), formLimitBytes(3))).toBe(false);
  });
});
