import { useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { STAR_WORDS } from '../../lib/reviews/review-form.ts';
import { FieldError } from '../ui/form-field.tsx';

const STARS = [1, 2, 3, 4, 5] as const;
const starName = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

/** The star the choices are drawn with (the same shape as the shop's rating stars). */
function Star({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={className}>
      <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" strokeWidth={1.25} strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A rating from 1 to 5 stars as a group of radio buttons in a fieldset: native radios (arrow keys,
 * one tab stop, announced as "4 stars: Good, 4 of 5"), drawn as stars. The stars up to the choice
 * fill once the page's scripts run; before that, the chosen star does.
 * An optional rating can be cleared again.
 */
export function StarRatingField({
  name,
  legend,
  hint,
  optional = false,
  defaultValue,
  error,
  size = 'lg',
  id,
}: {
  name: string;
  legend: string;
  hint?: string;
  optional?: boolean;
  defaultValue?: string;
  error?: string;
  size?: 'lg' | 'md';
  /** The first star's id: the error summary links to it. */
  id: string;
}) {
  const initial = Number(defaultValue);
  const [chosen, setChosen] = useState(Number.isInteger(initial) && initial >= 1 && initial <= 5 ? initial : 0);
  const group = useRef<HTMLFieldSetElement>(null);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  const clear = () => {
    for (const input of group.current?.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`) ?? []) input.checked = false;
    setChosen(0);
    group.current?.querySelector<HTMLInputElement>('input')?.focus();
  };

  return (
    <fieldset ref={group} className="space-y-2" aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}>
      <legend className={cn('font-semibold text-navy-950', size === 'lg' ? 'text-base' : 'text-sm')}>
        {legend}
        {optional && <span className="font-normal text-navy-700"> (optional)</span>}
      </legend>
      {hint && (
        <p id={hintId} className="text-sm text-navy-600">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId!} message={error} />}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex items-center">
          {STARS.map((stars) => (
            <label key={stars} className="relative block cursor-pointer p-0.5">
              <input
                type="radio"
                name={name}
                value={stars}
                id={stars === 1 ? id : undefined}
                defaultChecked={chosen === stars}
                onChange={() => setChosen(stars)}
                // Over its star, unseen: a click anywhere on the star is on the radio itself.
                className="peer absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <Star
                // The outline keeps an empty star visible against white (3:1, WCAG 1.4.11); the fill says it is chosen.
                className={cn(
                  'rounded-md transition-colors peer-checked:fill-brass-500 peer-checked:stroke-brass-700',
                  'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-brass-400',
                  size === 'lg' ? 'size-10' : 'size-8',
                  stars <= chosen ? 'fill-brass-500 stroke-brass-700' : error ? 'fill-red-50 stroke-red-700' : 'fill-navy-50 stroke-navy-500',
                )}
              />
              <span className="sr-only">
                {starName(stars)}: {STAR_WORDS[stars]}
              </span>
            </label>
          ))}
        </div>
        <p className="min-w-20 text-sm font-medium text-navy-800" aria-hidden="true">
          {chosen ? `${STAR_WORDS[chosen]} (${chosen} of 5)` : ''}
        </p>
        {optional && chosen > 0 && (
          <button type="button" onClick={clear} className="text-sm font-semibold text-teal-700 underline underline-offset-2 hover:no-underline">
            Clear<span className="sr-only"> the {legend.toLowerCase()}</span>
          </button>
        )}
      </div>
    </fieldset>
  );
}
