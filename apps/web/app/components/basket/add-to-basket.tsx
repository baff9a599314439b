import { ApiError } from '@shop/api-client';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { useBasket, type AddedItem } from '../../lib/basket/basket-context.tsx';
import { cn } from '../../lib/cn.ts';
import { ADD_TO_BASKET } from '../../lib/product-forms.ts';
import { ProductFormFields, useProductFormAction, usePostedProductForm } from '../../lib/use-product-form.tsx';
import { QUANTITY_PROBLEM } from '../product/quantity-input.tsx';
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
  /** For the confirmation after a plain form's add ("Added 2 × … to your basket"). */
  productName: string;
  /**
   * The form's id, for fields outside it that belong to it (`form` attribute): the product page's
   * quantity box and "Add the required items too".
   */
  formId?: string;
  /** The button's accessible name where several are on a page: "Add to basket" then this (a listing card's product). */
  labelSuffix?: string;
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
  | { kind: 'added'; sku: string; message: string; missed?: string[] }
  /** Added and said in the basket panel. */
  | { kind: 'panel'; sku: string };

/** How many more the basket can take, when the API refused an add for lack of stock. */
export function canAddAfter(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'BASKET_QUANTITY_ABOVE_STOCK') return undefined;
  const canAdd = (error.data as { canAdd?: unknown }).canAdd;
  return typeof canAdd === 'number' ? canAdd : undefined;
}

/**
 * "Add to basket" for the chosen sku, a form posted to the page's own action (product-forms.ts):
 * without scripts, or pressed before they run, the page adds it and comes back saying so. With
 * scripts the press is handled here: success opens the header's basket panel with what was added.
 * A refusal says why under the button and adds nothing: a quantity that is not one, or more than
 * can be sold, in which case the shopper is offered the quantity that can still be added.
 */
export function AddToBasket({
  sku,
  productName,
  formId: givenFormId,
  labelSuffix,
  quantity,
  quantityFieldId,
  withItems = [],
  unavailable = false,
  size = 'lg',
  confirmInline = false,
  className,
}: AddToBasketProps) {
  const { add, openPanel } = useBasket();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const messageId = useId();
  const ownFormId = useId();
  const formId = givenFormId ?? ownFormId;
  const place = `${ownFormId}-place`;
  const action = useProductFormAction(place);
  // What the page's action answered a plain form's press with, until the shopper adds again here.
  const posted = usePostedProductForm(ADD_TO_BASKET, sku);
  // A message is about the sku it was for: choosing another variant clears it.
  const shown: Outcome | null =
    outcome?.sku === sku
      ? outcome
      : outcome === null && posted?.kind === 'refused'
        ? posted.added
          ? { kind: 'added', sku, message: posted.added, missed: [posted.message] }
          : { kind: 'refused', sku, message: posted.message, canAdd: posted.canAdd }
        : outcome === null && posted?.kind === 'added'
          ? { kind: 'added', sku, message: `Added ${posted.quantity} × ${productName} to your basket.` }
          : null;
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
      else missed.push(`Not added: ${item.name}: ${apiProblemMessage(extra.error)}`);
    }
    setBusy(false);
    const addedName = result.value.lines.find((candidate) => candidate.sku === sku)?.productName ?? productName;
    if (missed.length > 0) {
      // The product is in; say plainly which of its items are not.
      setOutcome({ kind: 'added', sku, message: `Added ${count} × ${addedName} to your basket.`, missed });
    } else if (confirmInline) setOutcome({ kind: 'added', sku, message: `Added ${count} × ${addedName} to your basket.` });
    else {
      // Said in the basket panel: nothing stays here, not even the plain form's earlier notice.
      setOutcome({ kind: 'panel', sku });
      openPanel(added);
    }
  };

  /** With scripts the form is handled here; the press reads the quantity the page holds. */
  const submitted = (count: number | null) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void addToBasket(count);
  };

  return (
    <div id={place} className={cn('space-y-2', className)}>
      <form id={formId} method="post" action={action} onSubmit={submitted(quantity)}>
        <ProductFormFields intent={ADD_TO_BASKET} sku={sku} />
        <Button
          type="submit"
          size={size}
          variant="accent"
          className="w-full"
          loading={busy}
          disabled={unavailable}
          aria-describedby={refused ? messageId : undefined}
          aria-label={labelSuffix && `${unavailable ? 'Out of stock' : 'Add to basket'}: ${labelSuffix}`}
        >
          {!busy && <BasketIcon className="size-5" />}
          {unavailable ? 'Out of stock' : 'Add to basket'}
        </Button>
      </form>
      <div aria-live="polite">
        {refused && (
          <div className="space-y-2">
            <p id={messageId} className="text-sm font-medium text-red-700">
              {refused.message}
            </p>
            {refused.canAdd !== undefined && refused.canAdd > 0 && (
              <form method="post" action={action} onSubmit={submitted(refused.canAdd)}>
                <ProductFormFields intent={ADD_TO_BASKET} sku={sku} />
                <input type="hidden" name="quantity" value={refused.canAdd} />
                <Button type="submit" variant="secondary" size="sm" loading={busy}>
                  Add {refused.canAdd} to basket
                </Button>
              </form>
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
                {problem}
              </p>
            ))}
          </>
        )}
      </div>
    </div>
  );
}
