import { formatInstant } from '../../lib/checkout/order-tracking.ts';
import type { TimelineEntry } from '../../lib/trade/account-timeline.ts';
import { Badge } from '../ui/badge.tsx';

/** The trade account's decisions, ours and the credit provider's, oldest first, with the provider's decision now. */
export function DecisionTimeline({ entries, decisionNow }: { entries: readonly TimelineEntry[]; decisionNow: string | null }) {
  return (
    <div className="space-y-3 text-sm">
      {decisionNow && <p className="font-semibold text-navy-950">Now: {decisionNow}</p>}
      {entries.length === 0 ? (
        <p className="text-navy-700">No decisions yet.</p>
      ) : (
        <ol className="divide-y divide-navy-100" aria-label="Decisions, oldest first">
          {entries.map((entry, index) => (
            <li key={`${entry.at}:${index}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2.5">
              <Badge tone={entry.by === 'shop' ? 'accent' : 'info'}>{entry.by === 'shop' ? 'Plumbline' : 'Two'}</Badge>
              {/* At least 12rem wide: on a phone the date goes under the words rather than squeezing them to a word a line. */}
              <span className="min-w-48 flex-1 text-navy-950">{entry.text}</span>
              <time dateTime={entry.at} className="whitespace-nowrap text-navy-700">
                {formatInstant(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
