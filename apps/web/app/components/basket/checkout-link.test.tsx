import type { Basket, BasketLine } from '@shop/contracts';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CheckoutLink } from './checkout-link.tsx';

const line = (sku: string, available: boolean) => ({ sku, available }) as BasketLine;
const basketOf = (...lines: BasketLine[]) => ({ lines }) as Basket;
const drawn = (basket: Basket) =>
  renderToString(
    <MemoryRouter>
      <CheckoutLink basket={basket} />
    </MemoryRouter>,
  );

describe('the way to the checkout from a basket', () => {
  it('is offered when at least one line can be bought', () => {
    const html = drawn(basketOf(line('A', false), line('B', true)));
    expect(html).toContain('href="/checkout"');
    expect(html).not.toContain('Nothing in your basket can be bought');
  });

  it('is not offered when every line is unavailable, and the basket says what to do instead', () => {
    const html = drawn(basketOf(line('A', false)));
    expect(html).not.toContain('/checkout');
    expect(html).toContain('Nothing in your basket can be bought at the moment. Remove what is unavailable, or add something else to check out.');
  });
});
