import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from '../ui/skeleton.tsx';

export const WALLET_SCRIPT_FAILED = 'Failed to load the payment-button provider script';

/**
 * The express checkout area above the card form, for either gateway's wallet buttons (the sandbox's
 * Sandbox Pay, Stripe's Express Checkout Element): the buttons, what to do when a provider's script
 * failed to load (pay by card), and the "or" before the card form.
 */
export function ExpressCheckout({ failed, hidden = false, children }: { failed: boolean; hidden?: boolean; children: ReactNode }) {
  return (
    <div hidden={hidden}>
      <h3 className="text-base font-bold text-navy-950">Express checkout</h3>
      <div className="mt-2 grid min-h-12 gap-3 sm:grid-cols-2">
        {children}
        {failed && (
          <div className="text-sm sm:col-span-2">
            <p role="alert" className="font-medium text-navy-900">
              {WALLET_SCRIPT_FAILED}
            </p>
            <p className="text-navy-700">You can still pay by card below.</p>
          </div>
        )}
      </div>
      <p className="mt-3 flex items-center gap-3 text-sm text-navy-600" aria-hidden="true">
        <span className="h-px flex-1 bg-navy-200" />
        or
        <span className="h-px flex-1 bg-navy-200" />
      </p>
    </div>
  );
}

/**
 * One provider's box, kept at its button's height by a skeleton until the provider has drawn the
 * button (no jump as it appears). `wide`: a provider that lays out several buttons itself.
 */
export function WalletBox({ drawn, wide = false, children }: { drawn: boolean; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('relative min-h-12', wide && 'sm:col-span-2')}>
      {!drawn && <Skeleton className="absolute inset-0 rounded-lg" />}
      {children}
    </div>
  );
}
