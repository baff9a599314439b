import { useId, useState } from 'react';
import { Link } from 'react-router';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { useBasket } from '../../lib/basket/basket-context.tsx';
import { cn } from '../../lib/cn.ts';
import { Button, type ButtonSize } from '../ui/button.tsx';
import { BasketIcon, CheckIcon } from '../ui/icons.tsx';

export interface AddToBasketProps {
  sku: string;
  quantity: number;
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

/**
 * "Add to basket" for the chosen sku. Success opens the header's basket panel with what was added;
 * a refusal (above stock, unavailable) shows the API's own message under the button.
 */
export function AddToBasket({ sku, quantity, unavailable = false, size = 'lg', confirmInline = false, className }: AddToBasketProps) {
  const { add, openPanel } = useBasket();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ sku: string; added: boolean; message: string } | null>(null);
  const errorId = useId();
  // A message is about the sku it was for: choosing another variant clears it.
  const shown = outcome?.sku === sku ? outcome : null;
  const problem = shown && !shown.added ? shown.message : null;

  const addToBasket = async () => {
    setBusy(true);
    setOutcome(null);
    const result = await add(sku, quantity);
    setBusy(false);
    if (!result.ok) setOutcome({ sku, added: false, message: apiProblemMessage(result.error) });
    else if (confirmInline) {
      const line = result.value.lines.find((candidate) => candidate.sku === sku);
      setOutcome({ sku, added: true, message: `Added ${quantity} × ${line?.productName ?? sku} to your basket.` });
    } else openPanel({ sku, quantity });
  };

  return (
    <div className={cn('space-y-2', className)}>
      <Button
        size={size}
        variant="accent"
        className="w-full"
        loading={busy}
        disabled={unavailable}
        onClick={addToBasket}
        aria-describedby={problem ? errorId : undefined}
      >
        {!busy && <BasketIcon className="size-5" />}
        {unavailable ? 'Out of stock' : 'Add to basket'}
      </Button>
      <div aria-live="polite">
        {problem && (
          <p id={errorId} className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        {shown?.added && (
          <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-green-800">
            <CheckIcon className="size-4 shrink-0" />
            {shown.message}
            <Link to="/basket" className="font-semibold text-teal-700 underline hover:no-underline">
              View basket
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
