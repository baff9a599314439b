import { describe, expect, it } from 'vitest';
import { orderHelpHome, orderLinkCookie, orderLinkFromCookie } from './order-link.ts';

const TOKEN = 'Ab3_dE6-gH9jK2mN5pQ8rS1t';

describe('the e-mailed link’s cookie', () => {
  it('is kept for the order’s own pages only, out of scripts’ reach, until the link expires', () => {
    expect(orderLinkCookie('BP-K7M-3QX-9P6', TOKEN, { maxAgeSeconds: 86_399.7, secure: true })).toBe(
      `order_link=${TOKEN}; Max-Age=86399; Path=/order-help/BP-K7M-3QX-9P6; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(orderLinkCookie('BP10000001', null, { maxAgeSeconds: 0, secure: false })).toBe(
      'order_link=; Max-Age=0; Path=/order-help/BP10000001; HttpOnly; SameSite=Lax',
    );
    expect(orderHelpHome('BP-K7M-3QX-9P6')).toBe('/order-help/BP-K7M-3QX-9P6');
  });

  it('is read from the Cookie header, and nothing that is not a token shape is taken for one', () => {
    expect(orderLinkFromCookie(`shop_prices=ex; order_link=${TOKEN}; other=1`)).toBe(TOKEN);
    expect(orderLinkFromCookie('order_link=')).toBeNull();
    expect(orderLinkFromCookie('order_link=<script>')).toBeNull();
    expect(orderLinkFromCookie('xorder_link=' + TOKEN)).toBeNull();
    expect(orderLinkFromCookie(null)).toBeNull();
  });
});
