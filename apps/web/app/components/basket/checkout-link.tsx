import type { Basket } from '@shop/contracts';
import { availableLines } from '../../lib/basket/basket-logic.ts';
import { ButtonLink } from '../ui/button.tsx';

/**
 * The way to the checkout, offered only when something in the basket can be bought: with every line
 * no longer sold or out of stock, the checkout would have nothing to take payment for, so the basket
 * says what to do instead.
 */
export function CheckoutLink({ basket, onClick }: { basket: Basket; onClick?: () => void }) {
  if (availableLines(basket).length === 0) {
    return (
      <p className="rounded-lg border border-navy-200 bg-white p-3 text-sm text-navy-800">
        Nothing in your basket can be bought at the moment. Remove what is unavailable, or add something else to check out.
      </p>
    );
  }
  return (
    <ButtonLink to="/checkout" onClick={onClick} variant="accent" size="lg" className="w-full">
      Checkout
    </ButtonLink>
  );
}
