import { describe, expect, it } from 'vitest';
import { isPublicHost, listeningText, misdirectedProblem, publicHostAnswer } from './public-host.ts';

describe('pages under PUBLIC_URL’s host only', () => {
  it('serves PUBLIC_URL’s own host, in any case, and on the scheme’s default port written out', () => {
    expect(isPublicHost('http://localhost:3000', 'localhost:3000')).toBe(true);
    expect(isPublicHost('https://shop.example.co.uk', 'Shop.Example.co.uk')).toBe(true);
    expect(isPublicHost('https://shop.example.co.uk', 'shop.example.co.uk:443')).toBe(true);
    expect(isPublicHost('http://shop.example.co.uk/', 'shop.example.co.uk:80')).toBe(true);
  });

  it('does not serve any other name, port or a missing Host', () => {
    const others = ['127.0.0.1:3000', '[::1]:3000', '192.168.1.20:3000', 'localhost:3001', 'localhost', 'evil.example', 'x@localhost:3000', ''];
    expect(others.filter((host) => isPublicHost('http://localhost:3000', host))).toEqual([]);
    expect(isPublicHost('http://localhost:3000', undefined)).toBe(false);
    expect(isPublicHost('https://shop.example.co.uk', 'shop.example.co.uk:80')).toBe(false);
  });

  it('sends GET and HEAD to the same page and query on PUBLIC_URL, its path prefix kept', () => {
    expect(publicHostAnswer('http://localhost:3000', { method: 'GET', host: '127.0.0.1:3000', url: '/basket?from=header' })).toEqual({
      kind: 'redirect',
      location: 'http://localhost:3000/basket?from=header',
    });
    expect(publicHostAnswer('https://example.co.uk/shop/', { method: 'HEAD', host: '10.0.0.5:3000', url: '/' })).toEqual({
      kind: 'redirect',
      location: 'https://example.co.uk/shop/',
    });
    // A path that looks like another host stays a path on PUBLIC_URL: no open redirect.
    expect(publicHostAnswer('http://localhost:3000', { method: 'GET', host: 'evil.example', url: '//evil.example/' })).toEqual({
      kind: 'redirect',
      location: 'http://localhost:3000//evil.example/',
    });
  });

  it('refuses a form sent under another name, and serves the right one whatever the method', () => {
    expect(publicHostAnswer('http://localhost:3000', { method: 'POST', host: '127.0.0.1:3000', url: '/basket' })).toEqual({ kind: 'misdirected' });
    expect(publicHostAnswer('http://localhost:3000', { method: 'POST', host: 'localhost:3000', url: '/basket' })).toEqual({ kind: 'serve' });
    expect(misdirectedProblem('http://localhost:3000/', '/basket')).toMatchObject({
      status: 421,
      code: 'MISDIRECTED_REQUEST',
      detail: 'This shop is at http://localhost:3000. Go there and try again.',
    });
  });

  it('says where an address that is not PUBLIC_URL’s sends its pages, instead of advertising it', () => {
    expect(listeningText('http://localhost:3000', 'http://10.0.0.5:3000', true)).toBe(
      'Listening on http://10.0.0.5:3000: pages asked for there are sent to http://localhost:3000/ (PUBLIC_URL)',
    );
    expect(listeningText('http://127.0.0.1:3000', 'http://127.0.0.1:3000', true)).toBe('Listening on http://127.0.0.1:3000');
    // The API alone redirects nothing.
    expect(listeningText('http://localhost:3000', 'http://10.0.0.5:3001', false)).toBe('Listening on http://10.0.0.5:3001');
  });
});
