import { ApiError } from '@shop/api-client';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { useBasket, type AddedItem } from '../../lib/basket/basket-context.tsx';
import { cn } from '../../lib/cn.ts';
import { useEarlyPressWhenReady } from '../../lib/early-press.ts';
import { parseQuantity, QUANTITY_PROBLEM } from '../product/quantity-input.tsx';
import { Button, type ButtonSize } from '../ui/button.tsx';
import { BasketIcon, CheckIcon } from '../ui/icons.tsx';

/** Something added with the product in the same press, per one of the product. */
export interface AddedWith {
  sku: string;
  quantity: number;
  name: string;
}

export interface AddToBasketProps {
  sku: string;
  /** null while the quantity typed is not one that can be added: pressing says so and adds nothing. */
  quantity: number | null;
  /** The quantity field, given focus when its value stops the add. */
  quantityFieldId?: string;
  /** Added after the product (its required items, when the shopper asks for them), times its quantity. */
  withItems?: readonly AddedWith[];
  /** Out of stock: the button says so and cannot be pressed. */
  unavailable?: boolean;
  size?: ButtonSize;
  /**
   * Confirm under the button rather than by opening the basket panel: for places that are a
   * dialog themselves (quick view), where a second dialog on top would fight over focus.
   */
  confirmInline?: boolean;
  className?: string;
}

type Outcome =
  /** Nothing was added; when stock is short, `canAdd` is how many still can be. */
  | { kind: 'refused'; sku: string; message: string; canAdd?: number }
  /** Added, and said here rather than in the basket panel; `missed` are items that could not go with it. */
  | { kind: 'added'; sku: string; message: string; missed?: string[] };

/** How many more the basket can take, when the API refused an add for lack of stock. */
export function canAddAfter(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'BASKET_QUANTITY_ABOVE_STOCK') return undefined;
  const canAdd = (error.data as { canAdd?: unknown }).canAdd;
  return typeof canAdd === 'number' ? canAdd : undefined;
}

/**
 * "Add to basket" for the chosen sku. Success opens the header's basket panel with what was added.
 * A refusal says why under the button and adds nothing: a quantity that is not one, or more than
 * can be sold, in which case the shopper is offered the quantity that can still be added.
 */
export function AddToBasket({
  sku,
  quantity,
  quantityFieldId,
  withItems = [],
  unavailable = false,
  size = 'lg',
  confirmInline = false,
  className,
}: AddToBasketProps) {
  const { add, openPanel, status } = useBasket();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const messageId = useId();
  const button = useRef<HTMLButtonElement>(null);
  // A message is about the sku it was for: choosing another variant clears it.
  const shown = outcome?.sku === sku ? outcome : null;
  const refused = shown?.kind === 'refused' ? shown : null;

  const addToBasket = async (count: number | null) => {
    if (count === null) {
      setOutcome({ kind: 'refused', sku, message: `Nothing was added. ${QUANTITY_PROBLEM}.` });
      if (quantityFieldId) document.getElementById(quantityFieldId)?.focus();
      return;
    }
    setBusy(true);
    setOutcome(null);
    const result = await add(sku, count);
    if (!result.ok) {
      setBusy(false);
      setOutcome({ kind: 'refused', sku, message: apiProblemMessage(result.error), canAdd: canAddAfter(result.error) });
      return;
    }
    const added: AddedItem[] = [{ sku, quantity: count }];
    const missed: string[] = [];
    for (const item of withItems) {
      const extra = await add(item.sku, item.quantity * count);
      if (extra.ok) added.push({ sku: item.sku, quantity: item.quantity * count });
      else missed.push(`${item.name}: ${apiProblemMessage(extra.error)}`);
    }
    setBusy(false);
    const productName = result.value.lines.find((candidate) => candidate.sku === sku)?.productName ?? sku;
    if (missed.length > 0) {
      // The product is in; say plainly which of its items are not.
      setOutcome({ kind: 'added', sku, message: `Added ${count} × ${productName} to your basket.`, missed });
    } else if (confirmInline) setOutcome({ kind: 'added', sku, message: `Added ${count} × ${productName} to your basket.` });
    else openPanel(added);
  };

  // Pressed before the scripts ran: added once the basket has been read (a guest's stored basket,
  // or the shopper's), in the quantity the box holds then, typed before the scripts ran or not.
  const waiting = useEarlyPressWhenReady(button, `${messageId}-add`, status !== 'loading', () => {
    const box = quantityFieldId ? document.getElementById(quantityFieldId) : null;
    void addToBasket(box instanceof HTMLInputElement ? parseQuantity(box.value) : quantity);
  });

  return (
    <div className={cn('space-y-2', className)}>
      <Button
        ref={button}
        data-early-press={`${messageId}-add`}
        size={size}
        variant="accent"
        className="w-full"
        loading={busy || waiting}
        disabled={unavailable}
        onClick={() => void addToBasket(quantity)}
        aria-describedby={refused ? messageId : undefined}
      >
        {!busy && <BasketIcon className="size-5" />}
        {unavailable ? 'Out of stock' : 'Add to basket'}
      </Button>
      <div aria-live="polite">
        {refused && (
          <div className="space-y-2">
            <p id={messageId} className="text-sm font-medium text-red-700">
              {refused.message}
            </p>
            {refused.canAdd !== undefined && refused.canAdd > 0 && (
              <Button variant="secondary" size="sm" loading={busy} onClick={() => void addToBasket(refused.canAdd!)}>
                Add {refused.canAdd} to basket
              </Button>
            )}
            {refused.canAdd === 0 && (
              <Link to="/basket" className="text-sm font-semibold text-teal-700 underline hover:no-underline">
                View basket
              </Link>
            )}
          </div>
        )}
        {shown?.kind === 'added' && (
          <>
            <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-green-800">
              <CheckIcon className="size-4 shrink-0" />
              {shown.message}
              <Link to="/basket" className="font-semibold text-teal-700 underline hover:no-underline">
                View basket
              </Link>
            </p>
            {shown.missed?.map((problem) => (
              <p key={problem} className="text-sm font-medium text-red-700">
                Not added: {problem}
              </p>
            ))}
          </>
        )}
      </div>
    </div>
  );
}
