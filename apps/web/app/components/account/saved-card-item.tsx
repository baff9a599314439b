import type { SavedCardsClient } from '@shop/api-client';
import type { SavedCard } from '@shop/contracts';
import { useState } from 'react';
import { billingLines, cardName, expiryText } from '../../lib/account/saved-cards.ts';
import { cn } from '../../lib/cn.ts';
import { AddressLines } from '../ui/address-lines.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { CardIcon } from '../ui/icons.tsx';
import { BillingAddressForm } from './billing-address-form.tsx';
import { ChangeProblem, useCardChange } from './card-change.tsx';

export type CardsClient = Pick<SavedCardsClient, 'setDefaultSavedPaymentMethod' | 'removeSavedCard' | 'updateBillingDetails'>;

/** What a change to the list did, for the page to show and announce. */
export interface CardsChange {
  cards: SavedCard[];
  message: string;
  /** The card whose heading takes the keyboard (null: the list's heading). */
  focus: string | null;
}

/** The id of a card's heading, so the page can take the keyboard there after a change. */
export const cardHeadingId = (card: Pick<SavedCard, 'id'>) => `saved-card-${card.id}`;

/**
 * One saved card: brand, last four digits, expiry, default badge, billing address; and what can be
 * done with it. Every change answers with the cards as they are now, which the page shows.
 */
export function SavedCardItem({
  card,
  cards,
  client,
  editing,
  onEdit,
  onChange,
  onGone,
}: {
  card: SavedCard;
  cards: readonly SavedCard[];
  client: CardsClient;
  editing: boolean;
  onEdit: (editing: boolean) => void;
  onChange: (change: CardsChange) => void;
  onGone: (error: unknown) => void;
}) {
  const name = cardName(card);
  const headingId = cardHeadingId(card);
  const lines = billingLines(card.billing);
  const { busy, problem, run } = useCardChange(onGone);
  const [removing, setRemoving] = useState(false);

  const makeDefault = () =>
    run(
      () => client.setDefaultSavedPaymentMethod({ body: { paymentMethodId: card.id } }),
      (next) => onChange({ cards: next, message: `${name} is now your default card.`, focus: card.id }),
    );

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
              <BillingAddressForm
                card={card}
                client={client}
                onCancel={() => onEdit(false)}
                onGone={onGone}
                onSaved={(saved) =>
                  onChange({
                    cards: cards.map((each) => (each.id === saved.id ? saved : each)),
                    message: `The billing address of ${name} is updated.`,
                    focus: card.id,
                  })
                }
              />
            </div>
          ) : lines.length > 0 ? (
            <AddressLines lines={lines} className="mt-1" />
          ) : (
            <p className="mt-1 text-navy-700">None given yet.</p>
          )}
        </div>

        {problem && <ChangeProblem className="mt-4">{problem}</ChangeProblem>}
        {!editing && (
          // Each button's name says which card (the visible words come first, as spoken commands expect).
          <div className="mt-4 flex flex-wrap gap-3">
            {!card.isDefault && !card.expired && (
              <Button variant="secondary" size="sm" onClick={makeDefault} loading={busy} aria-label={`Make default: ${name}`}>
                Make default
              </Button>
            )}
            <Button variant="secondary" size="sm" onClick={() => onEdit(true)} disabled={busy} aria-label={`Change billing address: ${name}`}>
              Change billing address
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setRemoving(true)}
              disabled={busy}
              className="text-red-800 hover:bg-red-50"
              aria-label={`Remove: ${name}`}
            >
              Remove
            </Button>
          </div>
        )}
      </section>
      <RemoveCardDialog
        open={removing}
        card={card}
        cards={cards}
        client={client}
        onClose={() => setRemoving(false)}
        onRemoved={(next) => {
          setRemoving(false);
          onChange({ cards: next, message: `${name} is removed from your account.`, focus: null });
        }}
        onGone={(error) => {
          setRemoving(false);
          onGone(error);
        }}
      />
    </li>
  );
}

/** Asks before removing: a removed card is gone from the payment provider too. */
function RemoveCardDialog({
  open,
  card,
  cards,
  client,
  onClose,
  onRemoved,
  onGone,
}: {
  open: boolean;
  card: SavedCard;
  cards: readonly SavedCard[];
  client: CardsClient;
  onClose: () => void;
  onRemoved: (cards: SavedCard[]) => void;
  onGone: (error: unknown) => void;
}) {
  const { busy, problem, run } = useCardChange(onGone);
  const name = cardName(card);
  // The API makes the next card the default (the first saved) when the default goes.
  const nextDefault = card.isDefault ? cards.find((each) => each.id !== card.id) : undefined;

  const remove = () => run(() => client.removeSavedCard({ body: { paymentMethodId: card.id } }), onRemoved);

  return (
    <Dialog open={open} onClose={onClose} title={`Remove ${name}?`}>
      <div className="space-y-4 p-5">
        <p className="text-navy-800">You won’t be offered this card when you pay. To use it again, enter its details at checkout and save it.</p>
        {nextDefault && <p className="text-navy-800">{cardName(nextDefault)} becomes your default card.</p>}
        {problem && <ChangeProblem>{problem}</ChangeProblem>}
        <div className="flex flex-wrap gap-3">
          <Button onClick={remove} loading={busy} className="bg-red-700 hover:bg-red-800 active:bg-red-900">
            Remove card
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep card
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
