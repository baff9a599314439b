import { describe, expect, it } from 'vitest';
import { mintNonce, storefrontPolicy, type PolicySources } from './content-security-policy.ts';

const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));

const embedded: PolicySources = { publicUrl: 'https://shop.example/', issuer: 'https://shop.example/identity', stripe: null };

describe('the storefront’s content security policy', () => {
  it('runs only scripts with the response’s nonce or loaded by them, and nothing framed, embedded or re-based', () => {
    expect(directives(storefrontPolicy(embedded)('bm9uY2U='))).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'nonce-bm9uY2U='", "'strict-dynamic'", 'https:'],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'self'"],
      'form-action': ["'self'", 'https://shop.example'],
      'connect-src': ["'self'", 'https://shop.example'],
      'frame-src': ["'self'", 'https://shop.example'],
      'img-src': ["'self'", 'https://shop.example', 'data:', 'blob:'],
      'font-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
    });
  });

  it('lets sign-in reach an identity provider elsewhere: its calls, its hidden frames and forms posted to it', () => {
    const policy = directives(storefrontPolicy({ ...embedded, issuer: 'https://login.example.com/realms/shop' })('n'));
    for (const directive of ['connect-src', 'frame-src', 'form-action']) expect(policy[directive]).toContain('https://login.example.com');
    expect(policy['img-src']).not.toContain('https://login.example.com');
  });

  it('lets Stripe.js frame its card fields and 3-D Secure pages and call its API, as Stripe lists', () => {
    const policy = directives(storefrontPolicy({ ...embedded, stripe: { jsUrl: 'https://js.stripe.com/v3/' } })('n'));
    expect(policy['frame-src']).toEqual(["'self'", 'https://shop.example', 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://shop.example', 'https://api.stripe.com']);
    // Loaded by the shop's own scripts, Stripe.js needs no place in script-src.
    expect(policy['script-src']).toEqual(["'nonce-n'", "'strict-dynamic'", 'https:']);
  });

  it('follows a stand-in for Stripe (STRIPE_JS_URL, STRIPE_API_URL) instead', () => {
    const standIn = { jsUrl: 'http://127.0.0.1:3107/v3/', apiUrl: 'http://127.0.0.1:3107' };
    const policy = directives(storefrontPolicy({ ...embedded, stripe: standIn })('n'));
    expect([policy['frame-src'], policy['connect-src']]).toEqual([
      ["'self'", 'https://shop.example', 'http://127.0.0.1:3107'],
      ["'self'", 'https://shop.example', 'http://127.0.0.1:3107'],
    ]);
  });

  it('never lets inline scripts run without the nonce', () => {
    const policy = storefrontPolicy(embedded)('n');
    expect(directives(policy)['script-src']).not.toContain("'unsafe-inline'");
    expect(directives(policy)['script-src']).not.toContain("'unsafe-eval'");
  });
});

describe('a response’s nonce', () => {
  it('is 128 random bits, different every time', () => {
    const nonces = Array.from({ length: 1000 }, mintNonce);
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
