import type { SavedCard } from '@shop/contracts';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Form } from 'react-router';
import { billingLines, CARDS_PATH, cardName, expiryText, type BillingProblem, type BillingValues, type CardIntent } from '../../lib/account/saved-cards.ts';
import { cn } from '../../lib/cn.ts';
import { AddressLines } from '../ui/address-lines.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { CardIcon } from '../ui/icons.tsx';
import { BillingAddressForm } from './billing-address-form.tsx';
import { CardChangeFields, ChangeProblem, useCardChangeBusy } from './card-change.tsx';

/** A change the API refused, as the page's action answers it: the billing form keeps what was typed. */
export type CardFailure =
  | { intent: 'billing'; cardId: string; values: BillingValues; problem: BillingProblem }
  | { intent: Exclude<CardIntent, 'billing'>; cardId: string; problem: BillingProblem };

/** The id of a card's heading, so the page can take the keyboard there after a change. */
export const cardHeadingId = (card: Pick<SavedCard, 'id'>) => `saved-card-${card.id}`;

/**
 * One saved card: brand, last four digits, expiry, default badge, billing address; and what can be
 * done with it, each a form that works before the page's scripts run (the page's action makes the
 * change and shows the list again). "Change billing address" and "Remove" open the card's address
 * form and its question (`?edit=`, `?remove=`); with scripts, removing asks in a dialog instead.
 */
export function SavedCardItem({
  card,
  cards,
  editing,
  confirmingRemoval,
  failure,
}: {
  card: SavedCard;
  cards: readonly SavedCard[];
  editing: boolean;
  /** Asked for by address (`?remove=`, before scripts): the question shows in the card. */
  confirmingRemoval: boolean;
  failure: CardFailure | undefined;
}) {
  const name = cardName(card);
  const headingId = cardHeadingId(card);
  const lines = billingLines(card.billing);
  const makingDefault = useCardChangeBusy(card.id, 'default');
  const [removing, setRemoving] = useState(false);
  const removingNow = useCardChangeBusy(card.id, 'remove');
  const busy = makingDefault || removingNow;
  const problem = failure && failure.intent !== 'billing' ? failure.problem.summary : null;
  // With scripts the question is a dialog over the list (a refused removal keeps it open).
  const askInDialog = (event: MouseEvent) => {
    event.preventDefault();
    setRemoving(true);
  };

  return (
    <li>
      <section aria-labelledby={headingId} className={cn('rounded-2xl border bg-white p-5 sm:p-6', card.isDefault ? 'border-teal-300' : 'border-navy-100')}>
        <div className="flex flex-wrap items-start gap-4">
          <span
            aria-hidden="true"
            className={cn('flex size-12 shrink-0 items-center justify-center rounded-xl', card.expired ? 'bg-red-50 text-red-700' : 'bg-teal-50 text-teal-700')}
          >
            <CardIcon className="size-7" />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={headingId} tabIndex={-1} className="text-lg font-bold text-navy-950 outline-none">
                {name}
              </h2>
              {card.isDefault && <Badge tone="success">Default</Badge>}
              {card.expired && <Badge tone="sale">Expired</Badge>}
            </div>
            <p className={cn('text-sm', card.expired ? 'font-semibold text-red-800' : 'text-navy-700')}>{expiryText(card)}</p>
            {card.expired && (
              <p className="mt-1 text-sm text-navy-800">This card can no longer be used. Remove it, and save your new card when you next pay.</p>
            )}
          </div>
        </div>

        <div className="mt-4 border-t border-navy-100 pt-4">
          <h3 className="text-sm font-semibold text-navy-700">Billing address</h3>
          {editing ? (
            <div className="mt-3">
              <BillingAddressForm card={card} refused={failure?.intent === 'billing' ? failure : undefined} />
            </div>
          ) : lines.length > 0 ? (
            <AddressLines lines={lines} className="mt-1" />
          ) : (
            <p className="mt-1 text-navy-700">None given yet.</p>
          )}
        </div>

        {problem && !removing && <ChangeProblem className="mt-4">{problem}</ChangeProblem>}
        {confirmingRemoval && !editing && (
          <div className="mt-4 rounded-xl border border-red-200 bg-red-50/50 p-4">
            <h3 className="font-bold text-navy-950">Remove {name}?</h3>
            <RemoveCardQuestion
              card={card}
              cards={cards}
              keep={
                <ButtonLink to={CARDS_PATH} variant="secondary" preventScrollReset>
                  Keep card
                </ButtonLink>
              }
            />
          </div>
        )}
        {!editing && !confirmingRemoval && (
          // Each button's name says which card (the visible words come first, as spoken commands expect).
          <div className="mt-4 flex flex-wrap gap-3">
            {!card.isDefault && !card.expired && (
              <Form method="post" action={CARDS_PATH} preventScrollReset>
                <CardChangeFields cardId={card.id} intent="default" />
                <Button type="submit" variant="secondary" size="sm" loading={makingDefault} aria-label={`Make default: ${name}`}>
                  Make default
                </Button>
              </Form>
            )}
            <Form method="get" action={CARDS_PATH} preventScrollReset>
              <input type="hidden" name="edit" value={card.id} />
              <Button type="submit" variant="secondary" size="sm" disabled={busy} aria-label={`Change billing address: ${name}`}>
                Change billing address
              </Button>
            </Form>
            <Form method="get" action={CARDS_PATH} preventScrollReset>
              <input type="hidden" name="remove" value={card.id} />
              <Button
                type="submit"
                variant="ghost"
                size="sm"
                onClick={askInDialog}
                disabled={busy}
                className="text-red-800 hover:bg-red-50"
                aria-label={`Remove: ${name}`}
              >
                Remove
              </Button>
            </Form>
          </div>
        )}
      </section>
      <Dialog open={removing} onClose={() => setRemoving(false)} title={`Remove ${name}?`}>
        <div className="p-5">
          {problem && <ChangeProblem className="mb-4">{problem}</ChangeProblem>}
          <RemoveCardQuestion
            card={card}
            cards={cards}
            keep={
              <Button variant="secondary" onClick={() => setRemoving(false)} disabled={busy}>
                Keep card
              </Button>
            }
          />
        </div>
      </Dialog>
    </li>
  );
}

/** Asks before removing: a removed card is gone from the payment provider too. */
function RemoveCardQuestion({ card, cards, keep }: { card: SavedCard; cards: readonly SavedCard[]; keep: ReactNode }) {
  const busy = useCardChangeBusy(card.id, 'remove');
  // The API makes the next card the default (the first saved) when the default goes.
  const nextDefault = card.isDefault ? cards.find((each) => each.id !== card.id) : undefined;
  return (
    <div className="space-y-4">
      <p className="text-navy-800">You won’t be offered this card when you pay. To use it again, enter its details at checkout and save it.</p>
      {nextDefault && <p className="text-navy-800">{cardName(nextDefault)} becomes your default card.</p>}
      <div className="flex flex-wrap gap-3">
        <Form method="post" action={CARDS_PATH} preventScrollReset>
          <CardChangeFields cardId={card.id} intent="remove" />
          {/* For the words that say it went (the card is no longer in the list to name it). */}
          <input type="hidden" name="brand" value={card.brand} />
          <input type="hidden" name="last4" value={card.last4} />
          <Button type="submit" loading={busy} className="bg-red-700 hover:bg-red-800 active:bg-red-900">
            Remove card
          </Button>
        </Form>
        {keep}
      </div>
    </div>
  );
}
