import { describe, expect, it } from 'vitest';
import { emailDocument, formatMailboxTime, mailboxHref, mailboxQuery } from './mailbox.ts';

describe('the staff mailbox', () => {
  it('reads its filter and page from the address', () => {
    expect(mailboxQuery(new URLSearchParams(''))).toEqual({ to: undefined, page: 1 });
    expect(mailboxQuery(new URLSearchParams('to=%20sam@example.test%20&page=3'))).toEqual({ to: 'sam@example.test', page: 3 });
    expect(mailboxQuery(new URLSearchParams('to=&page=0'))).toEqual({ to: undefined, page: 1 });
    expect(mailboxQuery(new URLSearchParams('page=abc')).page).toBe(1);
    expect(mailboxQuery(new URLSearchParams('page=99999999')).page).toBe(100_000);
  });

  it('links to its pages, keeping the filter', () => {
    expect(mailboxHref(undefined, 1)).toBe('/staff/mailbox');
    expect(mailboxHref('sam+tag@example.test', 1)).toBe('/staff/mailbox?to=sam%2Btag%40example.test');
    expect(mailboxHref('sam@example.test', 2)).toBe('/staff/mailbox?to=sam%40example.test&page=2');
  });

  it('shows times in UK time', () => {
    expect(formatMailboxTime('2026-07-01T13:05:00Z')).toBe('1 Jul 2026, 14:05');
    expect(formatMailboxTime('2026-11-21T14:12:00+00:00')).toBe('21 Nov 2026, 14:12');
  });

  it('opens the e-mail’s links in a new tab', () => {
    expect(emailDocument('<p><a href="https://x.test">Verify</a></p>')).toBe(
      '<base target="_blank"><meta name="referrer" content="no-referrer"><p><a href="https://x.test">Verify</a></p>',
    );
  });
});
