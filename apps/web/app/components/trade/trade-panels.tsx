import type { TradeBand } from '@shop/contracts';
import type { ReactNode } from 'react';
import { signInPath } from '../../lib/auth/settings.ts';
import { cn } from '../../lib/cn.ts';
import { discountText, qualifiesText, bandsInOrder } from '../../lib/trade/bands.ts';
import { EmptyState } from '../layout/empty-state.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { UserIcon } from '../ui/icons.tsx';

/**
 * For a visitor who is not signed in: sign in (or create an account on the sign-in page) first. A
 * link to the page that starts signing in, so it works before the page's scripts run.
 */
export function SignInFirst({ returnTo, what }: { returnTo: string; what: string }) {
  return (
    <EmptyState
      icon={<UserIcon className="size-8" />}
      title="Sign in or create an account first"
      actions={
        <ButtonLink to={signInPath(returnTo)} variant="primary">
          Sign in or create an account
        </ButtonLink>
      }
    >
      <p>To {what}, sign in to your Plumbline account. New to Plumbline? Choose “Create an account” on the sign-in page: you’ll come back here afterwards.</p>
    </EmptyState>
  );
}

/** The bands, lowest first: name, discount and the spend that reaches each. */
export function TradeBandsList({ bands, className }: { bands: readonly TradeBand[]; className?: string }) {
  return (
    <ol className={cn('divide-y divide-navy-200 overflow-hidden rounded-xl bg-white ring-1 ring-navy-200', className)}>
      {bandsInOrder(bands).map((band) => (
        <li key={band.code} className="flex items-center justify-between gap-4 px-4 py-2.5 text-sm">
          <span>
            <span className="block font-semibold text-navy-950">{band.name}</span>
            <span className="block text-navy-700">{qualifiesText(band)}</span>
          </span>
          <span className="text-lg font-extrabold text-teal-800 tabular-nums">{discountText(band.discountBasisPoints)}</span>
        </li>
      ))}
    </ol>
  );
}

/** A GOV.UK-style notification: what just happened, announced once as the page shows it. */
export function Notice({ title, children, tone = 'success' }: { title: string; children?: ReactNode; tone?: 'success' | 'warning' }) {
  return (
    <div
      role={tone === 'success' ? 'status' : 'alert'}
      className={cn('rounded-xl border-l-4 p-4', tone === 'success' ? 'border-green-700 bg-green-50' : 'border-brass-500 bg-brass-50')}
    >
      <p className="font-bold text-navy-950">{title}</p>
      {children && <div className="mt-1 text-navy-800">{children}</div>}
    </div>
  );
}
