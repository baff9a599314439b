import { describe, expect, it } from 'vitest';
import { looksLikeToken, redactLogText, urlCarriesToken } from './redaction.ts';

// Shaped as the shop makes them: `newOpaqueId()` (18 random bytes) and identity's link tokens (32).
const OPAQUE = 'Xq3vT9bL0pRk7sWm2yHcZa1d';
const LINK_TOKEN = 'k3J9xQ_vR2mT8pLw-4ZbN7cY1sHd6FgA0eUoIiKqWnE';
// An opaque id with no digit in it: only the route word before it gives it away.
const NO_DIGIT = 'XqvTbLpRksWmyHcZadQwErTy';
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1LTEifQ.c2lnbmF0dXJlLXBhcnQ';

describe('redactLogText', () => {
  it.each([
    ['/api/orders/TrackMyOrder/BP00012345/jo.bloggs%40example.com', '/api/orders/TrackMyOrder/BP00012345/j***@example.com'],
    ['/api/orders/TrackMyOrder/BP00012345/Jo.Bloggs@Example.co.uk', '/api/orders/TrackMyOrder/BP00012345/J***@Example.co.uk'],
    ['/track-order?orderNumber=BP1&email=jo%2Bshop%40example.com', '/track-order?orderNumber=BP1&email=j***@example.com'],
    ['Cannot queue an e-mail to "jo@example.com": not a single e-mail address', 'Cannot queue an e-mail to "j***@example.com": not a single e-mail address'],
    ['{"to":"%2Bjo@example.com"}', '{"to":"%2B***@example.com"}'],
  ])('masks the e-mail address in %s', (line, expected) => {
    expect(redactLogText(line)).toBe(expected);
  });

  it.each([
    [`/identity/password/reset?token=${LINK_TOKEN}`, '/identity/password/reset?token=[redacted]'],
    [`/identity/interaction/${NO_DIGIT}/verify?token=${LINK_TOKEN}&x=1`, '/identity/interaction/[redacted]/verify?token=[redacted]&x=1'],
    [`/newsletter/confirm?token=${OPAQUE}`, '/newsletter/confirm?token=[redacted]'],
    [`/api/accounts/api/Newsletters/unsubscribe/${NO_DIGIT}`, '/api/accounts/api/Newsletters/unsubscribe/[redacted]'],
    [`/help/reply/${NO_DIGIT}`, '/help/reply/[redacted]'],
    [`/api/help-centre/replies/${OPAQUE}`, '/api/help-centre/replies/[redacted]'],
    [`/help/contact/confirm-deletion/${NO_DIGIT}`, '/help/contact/confirm-deletion/[redacted]'],
    [`/api/reviews/Questions/Invitations/${NO_DIGIT}/Answer`, '/api/reviews/Questions/Invitations/[redacted]/Answer'],
    [`/questions/answer/${OPAQUE}`, '/questions/answer/[redacted]'],
    [`/order-help/link/${NO_DIGIT}`, '/order-help/link/[redacted]'],
    [`/back-in-stock/unsubscribe/${OPAQUE}`, '/back-in-stock/unsubscribe/[redacted]'],
    [`/somewhere/new/${OPAQUE}`, '/somewhere/new/[redacted]'],
    ['/auth/callback?code=abc123&state=s0m3state', '/auth/callback?code=[redacted]&state=[redacted]'],
    [`/sandbox/challenge/pi_123?client_secret=pi_123_secret_${OPAQUE}`, '/sandbox/challenge/pi_123?client_secret=[redacted]'],
    [`/identity/session/end?id_token_hint=${JWT}&post_logout_redirect_uri=x`, '/identity/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=x'],
    [`authorization: Bearer ${OPAQUE}.x`, 'authorization: Bearer [redacted]'],
    ['Authorization: Basic dXNlcjpwYXNzd29yZA==', 'Authorization: Basic [redacted]'],
    [`token ${JWT} refused`, 'token [redacted] refused'],
    [`No such payment_intent: 'pi_3MtwBwLkdIwHu7ix_secret_${NO_DIGIT}'`, "No such payment_intent: '[redacted]'"],
    ['{"intent":"pi_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZ"}', '{"intent":"[redacted]"}'],
    [`{"reqId":"r-1","resetToken":"${NO_DIGIT}","clientSecret":"a\\"b","x":1}`, '{"reqId":"r-1","resetToken":"[redacted]","clientSecret":"[redacted]","x":1}'],
  ])('redacts the token in %s', (line, expected) => {
    expect(redactLogText(line)).toBe(expected);
  });

  it.each([
    '/api/catalogue/ProductDetailsWithOfferings/oval-countertop-basin-white-600mm',
    '/api/trade/api/TradeAccounts/tradeBandAccount/BP00012345',
    '/api/notifications/Mailbox/3f2a9c1e-4b7d-4e8a-9f0c-1d2e3f4a5b6c',
    '/p/oval-basin/review?order=BP00012345',
    'at processTicksAndRejections (node:internal/process/task_queues:105:5)',
    '{"reqId":"Tq9v0xL3bK2m-1f","msg":"Basic checks passed","module":"pino@10.4.0"}',
    'sha256 0f3c9a1e2b4d6f8a0c2e4f6a8b0d2f4a6c8e0a2c4e6f8a0b2d4f6a8c0e2a4c6e',
  ])('leaves %s as it is', (line) => {
    expect(redactLogText(line)).toBe(line);
  });
});

describe('looksLikeToken', () => {
  it('knows random tokens from words, slugs and ids', () => {
    expect([OPAQUE, LINK_TOKEN].map(looksLikeToken)).toEqual([true, true]);
    expect(['tradeBandAccount', 'oval-countertop-basin-white-600mm', '3f2a9c1e-4b7d-4e8a-9f0c-1d2e3f4a5b6c', 'Tq9v0xL3bK2m'].map(looksLikeToken)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('urlCarriesToken', () => {
  it.each([
    `https://shop.example/identity/verify-email?token=${LINK_TOKEN}`,
    `https://shop.example/identity/interaction/abc/verify?token=${LINK_TOKEN}`,
    `https://shop.example/identity/password/reset?token=${LINK_TOKEN}`,
    `https://shop.example/newsletter/confirm?token=${OPAQUE}`,
    `https://shop.example/newsletter/unsubscribe?token=${NO_DIGIT}`,
    `https://shop.example/help/reply/${NO_DIGIT}`,
    `https://shop.example/help/contact/confirm-deletion/${NO_DIGIT}`,
    `https://shop.example/questions/answer/${NO_DIGIT}`,
    `https://shop.example/back-in-stock/unsubscribe/${NO_DIGIT}`,
    `https://shop.example/order-help/link/${NO_DIGIT}`,
  ])('hides %s', (href) => {
    expect(urlCarriesToken(href)).toBe(true);
  });

  it.each([
    'https://shop.example/basket/retrieve?code=ABCD-EFGH',
    'https://shop.example/wishlist/shared?code=ABCD-EFGH',
    'https://shop.example/track-order?orderNumber=BP00012345',
    'https://shop.example/p/oval-basin/review?order=BP00012345',
    'https://shop.example/order-help/BP-K7M-3QX-9P6',
    'https://shop.example/order-help/link?problem=expired',
    'https://shop.example/identity/password/forgot',
    'https://shop.example/p/oval-countertop-basin-white-600mm',
    'mailto:help@plumbline.example',
    'not a url',
  ])('keeps %s', (href) => {
    expect(urlCarriesToken(href)).toBe(false);
  });
});
