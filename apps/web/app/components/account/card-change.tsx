import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import type { CardIntent } from '../../lib/account/saved-cards.ts';

/** Whether this change to this card is on its way (its form was sent and the page has not come back yet). */
export function useCardChangeBusy(cardId: string, intent: CardIntent): boolean {
  const { formData } = useNavigation();
  return formData?.get('paymentMethodId') === cardId && formData.get('intent') === intent;
}

/** The fields that say which change to which card a form posts (the card's id: no token is ever in a form). */
export function CardChangeFields({ cardId, intent }: { cardId: string; intent: CardIntent }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="paymentMethodId" value={cardId} />
    </>
  );
}

/** What went wrong with a change, where it was asked for. */
export function ChangeProblem({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 ${className ?? ''}`}>
      {children}
    </p>
  );
}
