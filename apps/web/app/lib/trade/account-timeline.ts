import type { CreditTimeline, TradeAccountForStaff } from '@shop/contracts';

/** One dated decision or step on a trade account: the shop's own (its approval, band moves by staff) or the credit provider's. */
export interface TimelineEntry {
  at: string;
  by: 'shop' | 'provider';
  text: string;
}

/**
 * The trade account's decisions in one timeline, oldest first: the shop's trade approval (and band
 * changes made by staff) beside the provider's dated decisions and events (its webhooks), so staff
 * see both without going to the provider's portal.
 */
export function accountTimeline(account: TradeAccountForStaff, credit: CreditTimeline | null, bandName: (code: string) => string): TimelineEntry[] {
  const ours: TimelineEntry[] = account.bandAccount.history.flatMap((change): TimelineEntry[] => {
    if (change.reason === 'approval')
      return [{ at: change.at, by: 'shop', text: `Trade account approved on ${bandName(change.to)}${change.by ? ` by ${change.by}` : ''}` }];
    if (change.reason === 'staff')
      return [
        {
          at: change.at,
          by: 'shop',
          text: `Band changed to ${bandName(change.to)}${change.by ? ` by ${change.by}` : ''}${change.note ? `: ${change.note}` : ''}`,
        },
      ];
    return [];
  });
  const theirs: TimelineEntry[] = (credit?.entries ?? []).map((entry) => ({
    at: entry.at,
    by: entry.kind === 'applied' ? 'shop' : 'provider',
    text: entry.text,
  }));
  return [...ours, ...theirs].toSorted((a, b) => a.at.localeCompare(b.at));
}
