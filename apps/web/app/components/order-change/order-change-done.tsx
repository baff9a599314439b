import { useStepDone } from '../staff/posted-step-form.tsx';
import { Notice } from '../trade/trade-panels.tsx';

/** What a customer has just finished on an order's change or delivery-upgrade page, said on the order's page they are sent back to. */
export const ORDER_CHANGE_STEPS = ['changed', 'upgraded'] as const;
export type OrderChangeStep = (typeof ORDER_CHANGE_STEPS)[number];

/**
 * On the order's page (the account's or a guest's), what was just done, as its address says (`?done=`, once:
 * `oneShotNotices`), with the keyboard moved to it, and that the e-mail saying what changed is on its way (both send one).
 */
export function OrderChangeDone() {
  const { done, ref } = useStepDone(ORDER_CHANGE_STEPS);
  if (!done) return null;
  return (
    <div ref={ref} tabIndex={-1} className="focus:outline-none">
      <Notice title={done === 'changed' ? 'Your order has been changed' : 'Your delivery has been upgraded'}>
        We have e-mailed you what changed. Your order number stays the same.
      </Notice>
    </div>
  );
}
