import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateRefund, drawOrder, leftOn, type PaymentTaken, type RefundTaken } from './refund-allocation.ts';

const checkout: PaymentTaken = { ref: 'pi_checkout', kind: 'order', amountPence: 5_000 };
const change: PaymentTaken = { ref: 'pi_change', kind: 'order_change', amountPence: 3_000 };
const upgrade: PaymentTaken = { ref: 'pi_upgrade', kind: 'delivery_upgrade', amountPence: 500 };

describe('a refund across an order’s payments', () => {
  it('comes from the checkout payment first, then the changes’ payments, a delivery upgrade’s last', () => {
    expect(drawOrder([upgrade, change, checkout], 'refund').map((payment) => payment.ref)).toEqual(['pi_checkout', 'pi_change', 'pi_upgrade']);
    expect(allocateRefund([checkout, change, upgrade], [], { kind: 'refund', amountPence: 6_000 })).toEqual([
      { ref: 'pi_checkout', amountPence: 5_000 },
      { ref: 'pi_change', amountPence: 1_000 },
    ]);
  });

  it('on cancelling, gives back the later charges first, then the checkout payment', () => {
    expect(allocateRefund([checkout, upgrade], [], { kind: 'cancellation', amountPence: 5_500 })).toEqual([
      { ref: 'pi_upgrade', amountPence: 500 },
      { ref: 'pi_checkout', amountPence: 5_000 },
    ]);
  });

  it('counts a refund made at the provider directly against the payment it was made on', () => {
    const dashboard: RefundTaken = { kind: 'external', amountPence: 2_000, providerParts: [{ intentRef: 'pi_change', amountPence: 2_000 }] };
    expect(leftOn([checkout, change], [dashboard]).get('pi_change')).toBe(1_000);
    expect(allocateRefund([checkout, change], [dashboard], { kind: 'cancellation', amountPence: 6_000 })).toEqual([
      { ref: 'pi_change', amountPence: 1_000 },
      { ref: 'pi_checkout', amountPence: 5_000 },
    ]);
    // One recorded before the shop kept the payment it came from: the checkout payment's, as before.
    expect(leftOn([checkout, change], [{ kind: 'external', amountPence: 2_000 }]).get('pi_checkout')).toBe(3_000);
  });

  it('draws each payment only as far as the refunds before it left', () => {
    const earlier: RefundTaken[] = [{ kind: 'refund', amountPence: 4_500 }];
    expect(leftOn([checkout, change], earlier)).toEqual(
      new Map([
        ['pi_checkout', 500],
        ['pi_change', 3_000],
      ]),
    );
    expect(allocateRefund([checkout, change], earlier, { kind: 'refund', amountPence: 1_000 })).toEqual([
      { ref: 'pi_checkout', amountPence: 500 },
      { ref: 'pi_change', amountPence: 500 },
    ]);
  });
});

/** One thing that happens to an order after it is placed. */
const eventArb = fc.oneof(
  fc.record({ type: fc.constant('change' as const), newTotal: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ type: fc.constant('upgrade' as const), difference: fc.integer({ min: 1, max: 3_000 }) }),
  fc.record({ type: fc.constant('refund' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  // Refunded at the provider directly (its dashboard), on one of the payments.
  fc.record({ type: fc.constant('dashboard' as const), payment: fc.nat(), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

describe('refund allocation properties', () => {
  it('over any run of changes, upgrades and refunds: paid − refunded = the order’s total, and no payment gives back more than it took', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), fc.array(eventArb, { maxLength: 10 }), fc.boolean(), (placedTotal, events, cancelAtEnd) => {
        const payments: PaymentTaken[] = [{ ref: 'p0', kind: 'order', amountPence: placedTotal }];
        const refunds: RefundTaken[] = [];
        let total = placedTotal;
        const paid = () => payments.reduce((sum, payment) => sum + payment.amountPence, 0);
        const refunded = () => refunds.reduce((sum, refund) => sum + refund.amountPence, 0);
        const refund = (taken: RefundTaken) => {
          const before = leftOn(payments, refunds);
          const parts = allocateRefund(payments, refunds, taken);
          // The parts add up to the refund, each within what its payment has left, one part per payment.
          expect(parts.reduce((sum, part) => sum + part.amountPence, 0)).toBe(taken.amountPence);
          for (const part of parts) {
            expect(part.amountPence).toBeGreaterThan(0);
            expect(part.amountPence).toBeLessThanOrEqual(before.get(part.ref)!);
          }
          expect(new Set(parts.map((part) => part.ref)).size).toBe(parts.length);
          // Asked again (a retry), the same split.
          expect(allocateRefund(payments, refunds, taken)).toEqual(parts);
          refunds.push(taken);
        };
        for (const event of events) {
          if (event.type === 'change') {
            // Settlement: the difference is charged as a payment of its own, or refunded; never both.
            const due = event.newTotal - (paid() - refunded());
            if (due > 0) payments.push({ ref: `p${payments.length}`, kind: 'order_change', amountPence: due });
            if (due < 0) refund({ kind: 'refund', amountPence: -due });
            total = event.newTotal;
          } else if (event.type === 'upgrade') {
            payments.push({ ref: `p${payments.length}`, kind: 'delivery_upgrade', amountPence: event.difference });
            total += event.difference;
          } else if (event.type === 'dashboard') {
            const payment = payments[event.payment % payments.length]!;
            const amount = Math.floor(leftOn(payments, refunds).get(payment.ref)! * event.share);
            if (amount > 0) refunds.push({ kind: 'external', amountPence: amount, providerParts: [{ intentRef: payment.ref, amountPence: amount }] });
            total -= amount;
          } else {
            const amount = Math.floor((paid() - refunded()) * event.share);
            if (amount > 0) refund({ kind: 'refund', amountPence: amount });
            total -= amount;
          }
          expect(paid() - refunded()).toBe(total);
        }
        if (cancelAtEnd && paid() > refunded()) {
          refund({ kind: 'cancellation', amountPence: paid() - refunded() });
          total = 0;
        }
        expect(paid() - refunded()).toBe(total);
        for (const left of leftOn(payments, refunds).values()) expect(left).toBeGreaterThanOrEqual(0);
        expect(!cancelAtEnd || [...leftOn(payments, refunds).values()].every((left) => left === 0)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
