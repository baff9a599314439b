import { describe, expect, it } from 'vitest';
import { checkYourEmail, linkKind, linkToken, newsletterSource, validateNewsletterSignup } from './newsletter.ts';
import { subscriberQuery, subscribersCsv, subscribersCsvFilename, subscribersHref } from './staff-newsletter/subscribers.ts';

describe('validateNewsletterSignup', () => {
  it('asks for an address when there is none', () => {
    expect(validateNewsletterSignup(null)).toMatchObject({ ok: false, kind: 'field', error: 'Enter your email address' });
    expect(validateNewsletterSignup('   ')).toMatchObject({ ok: false, kind: 'field', error: 'Enter your email address' });
  });

  it('explains the expected format for a malformed address', () => {
    for (const email of ['sam', 'sam@example', 'sam @example.com', '@example.com', `${'a'.repeat(250)}@example.com`]) {
      expect(validateNewsletterSignup(email)).toMatchObject({
        ok: false,
        email: email.trim(),
        error: 'Enter an email address in the correct format, like name@example.com',
      });
    }
  });

  it('passes a plausible address on, trimmed, for the API to store and confirm', () => {
    expect(validateNewsletterSignup('  sam.jones+bathroom@example.co.uk ')).toEqual({ ok: true, email: 'sam.jones+bathroom@example.co.uk' });
    expect(checkYourEmail('sam@example.co.uk')).toBe('Check your email: we’ve sent a link to confirm your subscription to sam@example.co.uk.');
    expect(checkYourEmail('sam@example.co.uk')).not.toMatch(/soon/);
  });

  it('sends only a known form name as the source', () => {
    expect(newsletterSource('footer')).toBe('footer');
    expect(newsletterSource('newsletter-page')).toBe('newsletter-page');
    expect(newsletterSource('popup')).toBeUndefined();
    expect(newsletterSource(null)).toBeUndefined();
  });
});

describe('newsletter links', () => {
  it('reads the kind and the token from the address', () => {
    expect(linkKind('http://localhost:3000/newsletter/confirm?token=abc')).toBe('confirm');
    expect(linkKind('/newsletter/confirm')).toBe('confirm');
    expect(linkKind('http://127.0.0.1:3000/newsletter/confirm.data?token=abc')).toBe('confirm');
    expect(linkKind('/newsletter/unsubscribe?token=abc')).toBe('unsubscribe');
    expect(linkToken('http://localhost:3000/newsletter/confirm?token=abc-_1')).toBe('abc-_1');
    expect(linkToken('/newsletter/unsubscribe?token=%20')).toBeNull();
    expect(linkToken('/newsletter/unsubscribe')).toBeNull();
  });
});

describe('the staff list', () => {
  it('reads its filter and page from the address, and writes them back', () => {
    const query = subscriberQuery(new URLSearchParams('status=confirmed&email=%20example%20&page=3'));
    expect(query).toEqual({ status: 'confirmed', email: 'example', page: 3 });
    expect(subscribersHref(query)).toBe('/staff/newsletter?status=confirmed&email=example&page=3');
    expect(subscriberQuery(new URLSearchParams('status=sent&page=-2'))).toEqual({ status: undefined, email: undefined, page: 1 });
    expect(subscribersHref({ status: undefined, email: undefined, page: 1 })).toBe('/staff/newsletter');
  });

  it('exports confirmed subscribers as CSV, guarded against spreadsheet formulas', () => {
    const csv = subscribersCsv({
      exportedAt: '2026-11-25T10:00:00.000Z',
      items: [
        { email: 'sam@example.com', confirmedAt: '2026-07-01T09:30:00.000Z', source: 'footer' },
        { email: '=cmd@example.com', confirmedAt: '2026-11-24T23:15:00.000Z', source: null },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      'Email address,Confirmed (UK time),Signed up with',
      'sam@example.com,2026-07-01 10:30,Footer form',
      "'=cmd@example.com,2026-11-24 23:15,",
    ]);
    expect(subscribersCsvFilename('2026-11-25T10:00:00.000Z')).toBe('newsletter-subscribers-2026-11-25.csv');
  });
});
