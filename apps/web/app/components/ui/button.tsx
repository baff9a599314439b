import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-navy-900 text-white hover:bg-navy-800 active:bg-navy-950',
  accent: 'bg-brass-400 text-navy-950 hover:bg-brass-300 active:bg-brass-500',
  secondary: 'bg-white text-navy-900 ring-1 ring-inset ring-navy-300 hover:bg-navy-50 hover:ring-navy-400',
  ghost: 'bg-transparent text-navy-900 hover:bg-navy-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm gap-1.5',
  md: 'h-11 px-5 text-[0.9375rem] gap-2',
  lg: 'h-13 px-7 text-base gap-2.5',
};

/** Shared look for buttons and links that act as buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  );
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
