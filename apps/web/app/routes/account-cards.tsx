import { ApiError } from '@shop/api-client';
import type { SavedCard } from '@shop/contracts';
import { useEffect, useRef } from 'react';
import { data, redirect } from 'react-router';
import type { Route } from './+types/account-cards';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { cardHeadingId, SavedCardItem, type CardFailure } from '../components/account/saved-card-item.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { CardIcon } from '../components/ui/icons.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { accountClients, loadOrProblem, throwIfSignedOutOrRateLimited } from '../lib/account/account-api.server.ts';
import {
  billingBody,
  billingProblem,
  CARD_INTENTS,
  cardGone,
  CARDS_PATH,
  cardsChangedPath,
  cardsGonePath,
  cardsNotice,
  postedBillingValues,
  postedText,
  savedCardProblem,
} from '../lib/account/saved-cards.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () => [...pageMeta('Your saved cards', 'The cards you saved when you paid.'), { name: 'robots', content: 'noindex' }];

const TRAIL = [{ label: 'Your account', to: '/account' }, { label: 'Saved cards' }];

/**
 * The cards, loaded for the signed-in shopper on the server; `?edit=<card>` opens a card's billing
 * address form and `?remove=<card>` asks before removing it, so both work before the page's scripts run.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { savedCards } = accountClients(request);
  const cards = await loadOrProblem(request, 'saved cards', savedCards.listSavedCards());
  const list = 'data' in cards ? cards.data : [];
  const known = (id: string | null) => (list.some((card) => card.id === id) ? id : null);
  return {
    cards,
    editing: known(url.searchParams.get('edit')),
    removing: known(url.searchParams.get('remove')),
    notice: cardsNotice(url.searchParams, list),
  };
}

/** Making a card the default, changing its billing address or removing it: plain forms, each answered with a 303 back to the list. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = CARD_INTENTS.find((each) => each === form.get('intent'));
  const id = form.get('paymentMethodId');
  if (!intent || typeof id !== 'string' || !id) return redirect(CARDS_PATH, 303);
  const { savedCards } = accountClients(request);
  const card = { id, brand: postedText(form, 'brand'), last4: postedText(form, 'last4') };
  const values = postedBillingValues(form);
  try {
    if (intent === 'default') await savedCards.setDefaultSavedPaymentMethod({ body: { paymentMethodId: id } });
    if (intent === 'remove') await savedCards.removeSavedCard({ body: { paymentMethodId: id } });
    if (intent === 'billing') await savedCards.updateBillingDetails({ body: billingBody(id, values) });
  } catch (error) {
    if (cardGone(error)) return redirectWithNotice(request, cardsGonePath);
    throwIfSignedOutOrRateLimited(request, error);
    const status = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.status : 503;
    const failure: CardFailure =
      intent === 'billing'
        ? { intent, cardId: id, values, problem: billingProblem(error) }
        : { intent, cardId: id, problem: { fields: {}, summary: savedCardProblem(error) } };
    return data(failure, { status });
  }
  return redirectWithNotice(request, cardsChangedPath(intent, card));
}

/** The cards a customer saved at checkout: see them, choose the default, change a billing address, remove one. */
export default function AccountCardsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cards } = loaderData;
  return (
    <>
      <PageHeader title="Your saved cards" trail={TRAIL} intro="The cards you chose to save when you paid." />
      <div className="container-page min-h-[36rem] py-8 lg:py-12">
        {'problem' in cards ? (
          <LoadError title="We couldn’t load your saved cards" problem={cards.problem} retryTo={CARDS_PATH} />
        ) : (
          <SavedCards cards={cards.data} editing={loaderData.editing} removing={loaderData.removing} notice={loaderData.notice} failure={actionData} />
        )}
      </div>
    </>
  );
}

function SavedCards({
  cards,
  editing,
  removing,
  notice,
  failure,
}: Pick<Route.ComponentProps['loaderData'], 'editing' | 'removing' | 'notice'> & { cards: SavedCard[]; failure: CardFailure | undefined }) {
  const listHeading = useRef<HTMLHeadingElement>(null);
  // After a change the keyboard goes to the card it changed, or to the list when a card went (each load is a new notice).
  useEffect(() => {
    if (!notice) return;
    (notice.focus ? document.getElementById(cardHeadingId({ id: notice.focus })) : listHeading.current)?.focus();
  }, [notice]);
  // A refused change is said at its card; what an earlier change did is no longer news.
  const shown = failure ? null : notice;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h2 ref={listHeading} tabIndex={-1} className="section-heading outline-none">
        {cards.length === 0 ? 'You have no saved cards' : `${cards.length} saved card${cards.length === 1 ? '' : 's'}`}
      </h2>
      {/* Always in the page, so what a change did is announced. */}
      <div role="status" aria-live="polite">
        {shown && (
          <p
            className={
              shown.problem
                ? 'rounded-lg border border-brass-300 bg-brass-50 p-3 font-medium text-navy-900'
                : 'rounded-lg border border-green-200 bg-green-50 p-3 font-medium text-green-900'
            }
          >
            {shown.text}
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
              editing={editing === card.id || (failure?.intent === 'billing' && failure.cardId === card.id)}
              confirmingRemoval={removing === card.id}
              failure={failure?.cardId === card.id ? failure : undefined}
            />
          ))}
        </ul>
      )}
      {cards.length > 0 && <p className="text-sm text-navy-700">To save another card, tick “Save this card for next time” when you pay.</p>}
    </div>
  );
}
