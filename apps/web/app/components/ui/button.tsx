import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

/**
 * Shared look for buttons and links that act as buttons: the `btn` classes of app.css (one short
 * class each for the look, the variant and the size, where a page drew the same forty utilities
 * on every button: issue 36), then the caller's utilities, which win over them.
 */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn('btn', `btn-${variant}`, `btn-${size}`, className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, keeps the label for screen readers and blocks repeat presses. */
  loading?: boolean;
}

export function Button({ variant, size, loading = false, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClasses(variant, size, className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <Spinner />}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends ComponentProps<typeof RouterLink> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A navigation that looks like a button (calls to action). */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return <RouterLink className={buttonClasses(variant, size, className)} {...rest} />;
}
