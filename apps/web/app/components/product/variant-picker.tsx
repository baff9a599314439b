import { useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { variantAxes, type Offering } from './variant-axes.ts';

export interface VariantPickerProps {
  offerings: Offering[];
  selected: Offering;
  /** Called with the sku of the offering the shopper's choice selects. */
  onSelect: (sku: string) => void;
  className?: string;
}

/**
 * One radio group per axis the offerings differ on (size, finish, handing, pack). Native radios,
 * so arrow keys move between choices; a choice that only exists with other options says so and
 * selects the closest offering.
 */
export function VariantPicker({ offerings, selected, onSelect, className }: VariantPickerProps) {
  const name = useId();
  const axes = variantAxes(offerings, selected);
  if (axes.length === 0) return null;
  return (
    <div className={cn('space-y-4', className)}>
      {axes.map((axis) => {
        const current = axis.choices.find((choice) => choice.value === axis.selected);
        return (
          <fieldset key={axis.axis}>
            <legend className="mb-2 text-sm font-semibold text-navy-950">
              {axis.label}
              {current && <span className="font-normal text-navy-700">: {current.label}</span>}
            </legend>
            <div className="flex flex-wrap gap-2">
              {axis.choices.map((choice) => {
                const checked = choice.value === axis.selected;
                return (
                  <label
                    key={choice.value}
                    className={cn(
                      'relative inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg border px-3.5 py-2 text-sm font-medium transition',
                      'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-600',
                      checked ? 'border-navy-900 bg-navy-900 text-white' : 'border-navy-200 bg-white text-navy-900 hover:border-navy-400',
                      !checked && !choice.combines && 'border-dashed text-navy-600',
                    )}
                  >
                    <input
                      type="radio"
                      className="sr-only"
                      name={`${name}-${axis.axis}`}
                      value={choice.value}
                      checked={checked}
                      onChange={() => onSelect(choice.sku)}
                    />
                    <span className={cn(choice.outOfStock && !checked && 'line-through decoration-navy-400')}>{choice.label}</span>
                    {choice.outOfStock && <span className="sr-only">, out of stock</span>}
                    {!choice.combines && <span className="sr-only">, not available with your other choices</span>}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
