import { describe, expect, it } from 'vitest';
import { loadApiConfig } from '../../config.ts';
import { renderEmail } from './email-layout.ts';

// Every e-mail carries the shop's details from the settings; these are not the defaults.
const shop = loadApiConfig({
  SHOP_COMPANY_NAME: 'Plumbline Retail Ltd',
  SHOP_COMPANY_NUMBER: '12345678',
  SHOP_VAT_NUMBER: 'GB123456789',
  SHOP_ADDRESS: '1 Test Row, Bristol, BS1 4ST',
  SHOP_PHONE: '0117 496 0123',
  SHOP_EMAIL: 'care@shop.example',
  SHOP_OPENING_HOURS: 'Monday to Friday 9am to 5pm',
}).shop;
const COMPANY_LINE =
  'Plumbline is a trading name of Plumbline Retail Ltd, registered in England and Wales, company ' +
  'number 12345678. Registered office: 1 Test Row, Bristol BS1 4ST. VAT number GB123456789.';

const resetEmail = {
  subject: 'Reset your Plumbline password',
  preheader: 'The link works for one hour.',
  heading: 'Reset your password',
  paragraphs: ['We received a request to reset the password for your account.', 'If it was not you, ignore this e-mail.'],
  action: { label: 'Choose a new password', url: 'https://shop.example/reset?token=t0k&user=7' },
  footnote: 'You are receiving this because a password reset was requested for this address.',
};

describe('renderEmail', () => {
  it('lays out a table-based HTML e-mail in the shop style, with the button and footer', () => {
    const { subject, html } = renderEmail(resetEmail, shop);
    expect(subject).toBe('Reset your Plumbline password');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<html lang="en-GB"');
    expect(html).toContain('<table role="presentation"');
    expect(html).toContain('name="viewport"');
    expect(html).toContain('bgcolor="#0f2339"'); // navy header
    expect(html).toContain('>Plumbline</span>'); // wordmark
    expect(html).toContain('border-bottom:4px solid #d9a441'); // brass accent
    expect(html).toContain('bgcolor="#0f766e"'); // teal button
    expect(html).toContain('Inter, -apple-system');
    expect(html).toContain('<h1 ');
    expect(html).toContain('>Reset your password</h1>');
    expect(html).toContain('href="https://shop.example/reset?token=t0k&amp;user=7"');
    expect(html).toContain('>Choose a new password</a>');
    expect(html).toContain('The link works for one hour.'); // preheader
    expect(html).toContain(resetEmail.footnote);
    expect(html).toContain(
      'Questions? Call us on <a href="tel:+441174960123" style="color:#0f766e;">0117 496 0123</a> (Monday to ' +
        'Friday 9am to 5pm) or e-mail <a href="mailto:care@shop.example" style="color:#0f766e;">care@shop.example</a>.',
    );
    expect(html).toContain(COMPANY_LINE);
  });

  it('writes a plain-text twin with the same words and the link spelled out', () => {
    const { text } = renderEmail(resetEmail, shop);
    expect(text).toBe(
      [
        'PLUMBLINE',
        '',
        'Reset your password',
        '===================',
        '',
        'We received a request to reset the password for your account.',
        '',
        'If it was not you, ignore this e-mail.',
        '',
        'Choose a new password:',
        'https://shop.example/reset?token=t0k&user=7',
        '',
        '--',
        resetEmail.footnote,
        'Questions? Call us on 0117 496 0123 (Monday to Friday 9am to 5pm) or e-mail care@shop.example.',
        COMPANY_LINE,
        '',
      ].join('\n'),
    );
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it('leaves out the button, preheader and footnote when not given', () => {
    const { html, text } = renderEmail({ subject: 'Hello', heading: 'Hello', paragraphs: ['Plain.'] }, shop);
    expect(html).not.toContain('bgcolor="#0f766e"');
    expect(html).not.toContain('display:none');
    expect(html).not.toContain('You are receiving this');
    expect(text).not.toContain('http');
  });

  it('escapes every interpolated value, so content cannot inject HTML', () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)> & \'quotes\'';
    const { html, text } = renderEmail(
      {
        subject: hostile,
        preheader: hostile,
        heading: hostile,
        paragraphs: [hostile, `Hi ${hostile}`],
        action: { label: hostile, url: 'https://shop.example/a?b="><script>alert(2)</script>' },
        footnote: hostile,
      },
      shop,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/"><script/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;quotes&#39;');
    // The URL is normalised by the URL parser (quotes and brackets percent-encoded), then escaped.
    expect(html).toContain('href="https://shop.example/a?b=%22%3E%3Cscript%3Ealert(2)%3C/script%3E"');
    // Plain text is not HTML: it keeps the words as they are.
    expect(text).toContain(`Hi ${hostile}`);
  });

  it('shows several buttons one under another, each with its address in words and in the plain text', () => {
    const actions = [
      { label: 'Write a review of Hexham Basin', url: 'https://shop.example/p/hexham-basin/review?order=PL-1' },
      { label: 'Write a review of Thame Tap', url: 'https://shop.example/p/thame-tap/review?order=PL-1' },
    ];
    const { html, text } = renderEmail({ subject: 'Review your purchases', heading: 'Review your purchases', paragraphs: ['Hello'], actions }, shop);
    for (const { label, url } of actions) {
      expect(html).toContain(`<a href="${url.replace('&', '&amp;')}" target="_blank" `);
      expect(html).toContain(`${label}: <a href="${url}"`);
      expect(text).toContain(`${label}:\n${url}\n`);
    }
    expect(html).toContain('If a button does not work, copy its address into your browser:');
    expect(() => renderEmail({ subject: 'x', heading: 'x', paragraphs: [], actions: [{ label: 'Go', url: 'javascript:alert(1)' }] }, shop)).toThrow(/URL/);
  });

  it('refuses a button that is not a web or mail link', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '/relative/path']) {
      expect(() => renderEmail({ ...resetEmail, action: { label: 'Go', url } }, shop)).toThrow(/URL/);
    }
  });

  it('keeps the subject to one line', () => {
    expect(renderEmail({ ...resetEmail, subject: 'Line one\r\nBcc: someone@example.com\t' }, shop).subject).toBe('Line one Bcc: someone@example.com');
  });
});
