import { lazyComponent } from '../../lib/lazy-component.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

/** Paying on account, in a chunk of its own: only trade customers' payment steps fetch it. */
export const OnAccountPayment = lazyComponent(() => import('./on-account-payment.tsx').then((module) => module.OnAccountPayment), {
  fallback: <Skeleton className="h-40 rounded-xl" />,
});
