import { Notice } from '../trade/trade-panels.tsx';

/** What a customer has just finished on an order's change or delivery-upgrade page, said on the order's page they are sent back to. */
export const ORDER_CHANGE_STEPS = ['changed', 'upgraded'] as const;
export type OrderChangeStep = (typeof ORDER_CHANGE_STEPS)[number];

/** The order's page says what was done, once, and that the e-mail saying what changed is on its way (both completions send one). */
export function OrderChangeDone({ step }: { step: OrderChangeStep }) {
  return (
    <Notice title={step === 'changed' ? 'Your order has been changed' : 'Your delivery has been upgraded'}>
      We have e-mailed you what changed. Your order number stays the same.
    </Notice>
  );
}
