import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { useEarlyPresses } from '../../lib/early-press.ts';

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 999;
/** What the field says while its text is not a quantity that can be added. */
export const QUANTITY_PROBLEM = `Enter a quantity from ${MIN_QUANTITY} to ${MAX_QUANTITY}`;

/** A whole number between 1 and 999, or null for anything else typed. */
export function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= MIN_QUANTITY && value <= MAX_QUANTITY ? value : null;
}

/**
 * Quantity with − and + buttons. It reports the typed quantity, or null while the text is not one:
 * the field then says what is wrong, and the page adds nothing until it is put right (the − and +
 * buttons step from the last good quantity). What was typed before the page's scripts ran counts.
 */
export function QuantityInput({
  id: givenId,
  form,
  initial = 1,
  onChange,
  className,
}: {
  /** For the add button's error message to point at the field. */
  id?: string;
  /** The form the quantity is sent with, when the field is not inside it (the product page's "Add to basket"). */
  form?: string;
  initial?: number;
  onChange: (quantity: number | null) => void;
  className?: string;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const [text, setText] = useState(String(initial));
  const [lastGood, setLastGood] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  const quantity = parseQuantity(text);
  const invalid = quantity === null;
  const base = quantity ?? lastGood;

  const type = (typed: string) => {
    setText(typed);
    const parsed = parseQuantity(typed);
    if (parsed !== null) setLastGood(parsed);
    onChange(parsed);
  };

  // Typed before hydration: the server rendered the initial quantity, the shopper may have changed it since.
  const adoptTyped = useEffectEvent(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== text) type(typed);
  });
  useEffect(() => adoptTyped(), []);

  /**
   * − and +: one step from what the box holds (typed before the scripts ran, or stepped by the press
   * before this one), else from the last good quantity. The box is changed at once, so presses made
   * before the scripts ran, carried out together, each step from the one before.
   */
  const stepBy = (delta: -1 | 1) => {
    const box = input.current;
    const from = (box ? parseQuantity(box.value) : null) ?? base;
    const next = String(Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, from + delta)));
    if (box) box.value = next;
    type(next);
  };
  const decrease = useRef<HTMLButtonElement>(null);
  const increase = useRef<HTMLButtonElement>(null);
  useEarlyPresses([
    { ref: decrease, key: `${id}-decrease`, press: () => stepBy(-1) },
    { ref: increase, key: `${id}-increase`, press: () => stepBy(1) },
  ]);

  const step = 'quantity-step';
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-navy-950">
        Quantity
      </label>
      <div className={cn('inline-flex overflow-hidden rounded-lg border bg-white', invalid ? 'border-red-700' : 'border-navy-300')}>
        <button
          ref={decrease}
          type="button"
          data-early-press={`${id}-decrease`}
          className={step}
          disabled={base <= MIN_QUANTITY}
          onClick={() => stepBy(-1)}
          aria-controls={id}
        >
          <span aria-hidden="true">−</span>
          <span className="sr-only">Decrease quantity</span>
        </button>
        <input
          ref={input}
          id={id}
          form={form}
          name="quantity"
          inputMode="numeric"
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => type(event.target.value)}
          className="h-11 w-14 border-x border-navy-200 text-center text-base font-semibold tabular-nums text-navy-950"
        />
        <button
          ref={increase}
          type="button"
          data-early-press={`${id}-increase`}
          className={step}
          disabled={base >= MAX_QUANTITY}
          onClick={() => stepBy(1)}
          aria-controls={id}
        >
          <span aria-hidden="true">+</span>
          <span className="sr-only">Increase quantity</span>
        </button>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          <span className="sr-only">Error: </span>
          {QUANTITY_PROBLEM}
        </p>
      )}
    </div>
  );
}
