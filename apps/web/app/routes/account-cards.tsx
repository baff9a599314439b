import type { SavedCard } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import type { Route } from './+types/account-cards';
import { cardHeadingId, SavedCardItem, type CardsChange } from '../components/account/saved-card-item.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { CardIcon, UserIcon } from '../components/ui/icons.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { savedCardProblem } from '../lib/account/saved-cards.ts';
import { pageMeta } from '../lib/meta.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';

export const meta: Route.MetaFunction = () => [...pageMeta('Your saved cards', 'The cards you saved when you paid.'), { name: 'robots', content: 'noindex' }];

const TRAIL = [{ label: 'Your account', to: '/account' }, { label: 'Saved cards' }];

/** The cards a customer saved at checkout: see them, choose the default, change a billing address, remove one. Rendered after sign-in. */
export default function AccountCardsPage() {
  const auth = useShopAuth();
  return (
    <>
      <PageHeader title="Your saved cards" trail={TRAIL} intro="The cards you chose to save when you paid." />
      <div className="container-page min-h-[36rem] py-8 lg:py-12">
        {auth.status === 'loading' && <CardsSkeleton />}
        {auth.status === 'signed-out' && (
          <EmptyState
            icon={<UserIcon className="size-8" />}
            title="Sign in to see your saved cards"
            actions={
              <Button onClick={() => auth.signInWithRedirect('/account/cards')} loading={auth.busy}>
                Sign in
              </Button>
            }
          />
        )}
        {auth.status === 'signed-in' && <SavedCards />}
      </div>
    </>
  );
}

function SavedCards() {
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const loaded = useApiData(clients && sub ? `saved-cards:${sub}` : undefined, (signal) => clients!.savedCards.listSavedCards(undefined, { signal }));
  // What the last change answered, shown in place of the loaded list.
  const [latest, setLatest] = useState<SavedCard[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; problem: boolean } | null>(null);
  const [focus, setFocus] = useState<{ id: string | null } | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  // After a change the keyboard goes to the card it changed, or to the list when a card went.
  useEffect(() => {
    if (!focus) return;
    (focus.id ? document.getElementById(cardHeadingId({ id: focus.id })) : listHeading.current)?.focus();
  }, [focus]);

  if (loaded.state === 'error') return <LoadError title="We couldn’t load your saved cards" error={loaded.error} onRetry={loaded.reload} />;
  const cards = latest ?? (loaded.state === 'ready' ? loaded.data : null);
  if (!cards || !clients) return <CardsSkeleton />;

  const changed = (change: CardsChange) => {
    setLatest(change.cards);
    setEditing(null);
    setNotice({ text: change.message, problem: false });
    setFocus({ id: change.focus });
  };
  // A card removed elsewhere meanwhile: say so and show the list as it is now.
  const gone = (error: unknown) => {
    setLatest(null);
    setEditing(null);
    setNotice({ text: savedCardProblem(error), problem: true });
    setFocus({ id: null });
    loaded.reload();
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h2 ref={listHeading} tabIndex={-1} className="text-xl font-bold tracking-tight text-navy-950 outline-none">
        {cards.length === 0 ? 'You have no saved cards' : `${cards.length} saved card${cards.length === 1 ? '' : 's'}`}
      </h2>
      {/* Always in the page, so what a change did is announced. */}
      <div role="status" aria-live="polite">
        {notice && (
          <p
            className={
              notice.problem
                ? 'rounded-lg border border-brass-300 bg-brass-50 p-3 font-medium text-navy-900'
                : 'rounded-lg border border-green-200 bg-green-50 p-3 font-medium text-green-900'
            }
          >
            {notice.text}
          </p>
        )}
      </div>
      {cards.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-navy-200 bg-white px-6 py-10 text-center">
          <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-teal-50 text-teal-700">
            <CardIcon className="size-8" />
          </span>
          <p className="mt-4 text-navy-800">You can save a card when you pay.</p>
          <ButtonLink to="/account" variant="secondary" className="mt-5">
            Back to your account
          </ButtonLink>
        </div>
      ) : (
        <ul className="space-y-4">
          {cards.map((card) => (
            <SavedCardItem
              key={card.id}
              card={card}
              cards={cards}
              client={clients.savedCards}
              editing={editing === card.id}
              onEdit={(on) => {
                setEditing(on ? card.id : null);
                setNotice(null);
              }}
              onChange={changed}
              onGone={gone}
            />
          ))}
        </ul>
      )}
      {cards.length > 0 && <p className="text-sm text-navy-700">To save another card, tick “Save this card for next time” when you pay.</p>}
    </div>
  );
}

function CardsSkeleton() {
  return (
    <div className="mx-auto max-w-3xl space-y-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading your saved cards…
      </p>
      <Skeleton className="h-7 w-40" />
      {[0, 1].map((key) => (
        <Skeleton key={key} className="h-52 rounded-2xl" />
      ))}
    </div>
  );
}
