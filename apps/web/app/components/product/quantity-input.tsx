import { useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 999;

/** A whole number between 1 and 999, or null for anything else typed. */
export function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= MIN_QUANTITY && value <= MAX_QUANTITY ? value : null;
}

/**
 * Quantity with − and + buttons. While the typed text is not a valid quantity the last valid
 * one stays in force and the field says what is wrong.
 */
export function QuantityInput({ value, onChange, className }: { value: number; onChange: (quantity: number) => void; className?: string }) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const invalid = parseQuantity(text) === null;
  const set = (quantity: number) => {
    setText(String(quantity));
    onChange(quantity);
  };
  const step = 'inline-flex size-11 items-center justify-center text-lg font-semibold text-navy-900 hover:bg-navy-50 disabled:cursor-not-allowed disabled:text-navy-300';
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-navy-950">
        Quantity
      </label>
      <div className={cn('inline-flex overflow-hidden rounded-lg border bg-white', invalid ? 'border-red-700' : 'border-navy-300')}>
        <button type="button" className={step} disabled={value <= MIN_QUANTITY} onClick={() => set(value - 1)} aria-controls={id}>
          <span aria-hidden="true">−</span>
          <span className="sr-only">Decrease quantity</span>
        </button>
        <input
          id={id}
          inputMode="numeric"
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            const quantity = parseQuantity(event.target.value);
            if (quantity !== null) onChange(quantity);
          }}
          onBlur={() => invalid || setText(String(value))}
          className="h-11 w-14 border-x border-navy-200 text-center text-base font-semibold tabular-nums text-navy-950"
        />
        <button type="button" className={step} disabled={value >= MAX_QUANTITY} onClick={() => set(value + 1)} aria-controls={id}>
          <span aria-hidden="true">+</span>
          <span className="sr-only">Increase quantity</span>
        </button>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          Enter a quantity from {MIN_QUANTITY} to {MAX_QUANTITY}
        </p>
      )}
    </div>
  );
}
