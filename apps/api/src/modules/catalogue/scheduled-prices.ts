/**
 * The `scheduled-prices` job (decisions 0086, 0158): staff's scheduled prices started and ended a
 * batch at a time, so a sale starting on thousands of variants at midnight is a few statements a
 * batch rather than a transaction of a dozen statements a variant. Each price still changes through
 * the price history (`changeLockedPricesIn`), so the reference-price rule reads every change.
 */
import { formatPence } from '@shop/contracts';
import type { CatalogueDeps, ListingContext } from './catalogue.deps.ts';
import { changeLockedPricesIn, type LockedPrice } from './price-history.ts';
import { insertAudit } from './repository/product-editor.ts';
import { moveVersionsOn } from './repository/range-batches.ts';
import * as repository from './repository/scheduled-prices.ts';
import type { DueSchedule } from './repository/scheduled-prices.ts';

/** Schedules taken a transaction: their variants' prices and products' versions are held until it commits. */
export const SCHEDULED_PRICES_BATCH = 200;

/** What a batch of due schedules writes: worked out in order, so a variant whose price ends and another starts in one batch gets both. */
export function planScheduledPrices(due: readonly DueSchedule[]) {
  const now = new Map<number, { locked: LockedPrice; priceIncVat: number; vatRateCode: string }>();
  const schedules: { id: number; status: 'started' | 'ended'; restorePriceIncVat: number | null; restoreVatRateCode: string | null }[] = [];
  const audit: { productId: number; what: string }[] = [];
  const starting: number[] = [];
  for (const schedule of due) {
    const { offeringId, sku } = schedule;
    const price = now.get(offeringId) ?? { locked: { offeringId, sku, ...schedule.price }, ...schedule.price };
    if (schedule.status === 'scheduled' && schedule.passed) {
      // Its whole period passed before it could start (no worker ran): it never applied.
      schedules.push({ id: schedule.id, status: 'ended', restorePriceIncVat: null, restoreVatRateCode: null });
    } else if (schedule.status === 'scheduled') {
      schedules.push({ id: schedule.id, status: 'started', restorePriceIncVat: price.priceIncVat, restoreVatRateCode: price.vatRateCode });
      starting.push(offeringId);
      now.set(offeringId, { ...price, priceIncVat: schedule.priceIncVat, vatRateCode: schedule.vatRateCode });
      audit.push({ productId: schedule.productId, what: `Scheduled price of ${sku} started: ${formatPence(schedule.priceIncVat)} inc VAT` });
    } else {
      schedules.push({ id: schedule.id, status: 'ended', restorePriceIncVat: null, restoreVatRateCode: null });
      const back = schedule.restorePriceIncVat!;
      now.set(offeringId, { ...price, priceIncVat: back, vatRateCode: schedule.restoreVatRateCode ?? price.vatRateCode });
      audit.push({ productId: schedule.productId, what: `Scheduled price of ${sku} ended: back to ${formatPence(back)} inc VAT` });
    }
  }
  const prices = [...now.values()].filter(({ locked, priceIncVat, vatRateCode }) => priceIncVat !== locked.priceIncVat || vatRateCode !== locked.vatRateCode);
  return { schedules, audit, starting, prices, productIds: [...new Set(due.map((schedule) => schedule.productId))] };
}

/**
 * Starts each scheduled price that is due and ends each started one whose end has come (the price in
 * force before it comes back), a batch per transaction. A batch takes its schedules with their prices,
 * skipping those another worker or a writer holds, then its products' versions, skipping those a
 * staff save or an import holds (left for the next pass), so it never waits for a writer that may be
 * waiting for it; then one statement of each kind for all. `changed` hears each committed batch's
 * products whose prices changed. Returns how many products had schedules started or ended.
 */
export async function startAndEndScheduledPrices(deps: CatalogueDeps, ctx: ListingContext, changed: (productIds: number[]) => void): Promise<number> {
  const rates = await deps.pricing.vatRates(ctx);
  const basisPointsOf = (code: string) => rates.get(code)?.basisPoints;
  const done = new Set<number>();
  for (;;) {
    const now = ctx.clock.now();
    const batch = await ctx.db.transaction(async (tx) => {
      const due = await repository.claimDueSchedules(tx, now, SCHEDULED_PRICES_BATCH);
      if (due.length === 0) return null;
      const free = await repository.lockVersionsSkipping(
        tx,
        due.map((schedule) => schedule.productId),
      );
      const plan = planScheduledPrices(due.filter((schedule) => free.has(schedule.productId)));
      await repository.endOtherStarted(
        tx,
        plan.starting,
        due.map((schedule) => schedule.id),
      );
      const priced = await changeLockedPricesIn(tx, plan.prices, basisPointsOf, now);
      await repository.setSchedules(tx, plan.schedules);
      // A staff editor opened before the job changed a price is refused its save (decision 0086), not left to undo the job's.
      await moveVersionsOn(tx, plan.productIds);
      await insertAudit(
        tx,
        plan.audit.map((line) => ({ ...line, at: now })),
      );
      const pricedOfferings = new Set(priced.map((price) => price.offeringId));
      return {
        productIds: plan.productIds,
        pricedProducts: [...new Set(due.filter((schedule) => pricedOfferings.has(schedule.offeringId)).map((schedule) => schedule.productId))],
      };
    });
    if (!batch) break;
    if (batch.pricedProducts.length > 0) changed(batch.pricedProducts);
    for (const id of batch.productIds) done.add(id);
    // Every schedule taken was held by another writer: they are left for the next run rather than asked for again at once.
    if (batch.productIds.length === 0) break;
  }
  return done.size;
}
